// server.js: the built app on Express (what react-router-serve does), with the client's address
// (the socket's peer) handed to Latch through React Router's request context.
import { createRequestHandler } from "@react-router/express";
import { clientAddressContext } from "@latch/react-router";
import { refuseMalformedRequests } from "@latch/react-router/node";
import express from "express";
import { RouterContextProvider } from "react-router";

const build = await import("./build/server/index.js");
const app = express();
app.disable("x-powered-by");
// TRACE, an absolute-form request line or a Host that is not a host: a 4xx before any conversion.
app.use(refuseMalformedRequests);
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, req.socket.remoteAddress);
      return context;
    },
  }),
);
const port = Number(process.env.PORT ?? 3000);
app.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`listening on http://${process.env.HOST ?? "127.0.0.1"}:${port}`));
