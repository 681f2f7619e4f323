// server.ts: the Hono walkthrough's server on Node; HOST and PORT choose where it listens.
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { auth, authHandler, initAuthConfig, verifyAuth } from "@latch/hono";
import { Hono } from "hono";
import { html } from "hono/html";
import { authConfig } from "./auth.js";

const app = new Hono();
app.use("*", initAuthConfig(authConfig));
// The built-in pages and endpoints; getConnInfo gives rate limits the client's address.
app.use("/auth/*", authHandler({ getConnInfo }));

// An API behind the guard: 401 without a session.
app.use("/api/*", verifyAuth());
app.get("/api/me", (c) => c.json(c.get("authUser").session.user));

// A server-rendered page that shows the session (hono/html escapes what it interpolates).
app.get("/", async (c) => {
  const session = await auth(c);
  return c.html(
    session?.user
      ? html`<p id="hello">Hello ${session.user.name ?? session.user.email ?? ""}</p><a href="/auth/signout">Sign out</a>`
      : html`<a id="signin" href="/auth/signin">Sign in</a>`,
  );
});

// A protected page: no session → the sign-in page, and back here after.
app.get("/dashboard", async (c) => {
  const session = await auth(c);
  if (!session?.user) return c.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(c.req.path)}`);
  return c.html(html`<h1 id="dashboard">Your dashboard, ${session.user.name ?? session.user.email ?? ""}</h1>`);
});

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "localhost";
serve({ fetch: app.fetch, port, hostname }, () => console.log(`http://${hostname}:${port}`));
