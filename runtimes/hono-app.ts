// The checks' app served through @latch/hono (Latch at /auth, a route reading the session at /me),
// the way a Hono app runs on each runtime; `getConnInfo` is the runtime adapter's.
import { auth, authHandler, initAuthConfig, type AuthHandlerOptions } from "@latch/hono";
import { Hono } from "hono";
import { appConfig } from "./checks.js";

export function honoApp(getConnInfo?: AuthHandlerOptions["getConnInfo"]): Hono {
  const app = new Hono();
  app.use("*", initAuthConfig({ ...appConfig(), basePath: "/auth" }));
  app.use("/auth/*", authHandler(getConnInfo ? { getConnInfo } : {}));
  app.get("/me", async (c) => c.json(await auth(c)));
  return app;
}
