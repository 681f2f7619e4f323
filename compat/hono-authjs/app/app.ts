// An app written for @hono/auth-js on Auth.js, the way its README sets one up: the config for
// every request, Auth.js's routes under /api/auth, the API behind verifyAuth(). The test runs it
// as it is, then with "@hono/auth-js" and "@auth/core" renamed to "@latch/hono" and "@latch/core".
import Credentials from "@auth/core/providers/credentials";
import { authHandler, initAuthConfig, verifyAuth } from "@hono/auth-js";
import { Hono } from "hono";

export const app = new Hono();

app.use(
  "*",
  initAuthConfig(() => ({
    // AUTH_SECRET comes from the runtime's environment.
    basePath: "/api/auth",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: async ({ username, password }) => (password === "open sesame" ? { id: "7", name: String(username), email: `${String(username)}@example.com` } : null),
      }),
    ],
  })),
);

app.use("/api/auth/*", authHandler());

app.use("/api/*", verifyAuth());

app.get("/api/protected", (c) => {
  const auth = c.get("authUser");
  return c.json({ name: auth.session.user?.name, email: auth.session.user?.email, tokenEmail: auth.token?.email });
});
