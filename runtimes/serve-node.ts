// Serves the app on Node's own HTTP server (node:http, the way an integration adapts it) on a free
// port of 127.0.0.1, and prints `listening <port>`.
import { createServer } from "node:http";
import { viaAuth } from "./browser.js";
import { appConfig } from "./checks.js";

const answer = viaAuth(appConfig());

const server = createServer(async (req, res) => {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of req) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : new Blob(chunks);
  const response = await answer(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
  const cookies = response.headers.getSetCookie();
  const rest = [...response.headers].filter(([name]) => name !== "set-cookie");
  res.writeHead(response.status, [...rest.flat(), ...cookies.flatMap((cookie) => ["set-cookie", cookie])]);
  res.end(new Uint8Array(await response.arrayBuffer()));
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
