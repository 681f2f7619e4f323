// server.ts: the Fastify walkthrough's server; HOST and PORT choose where it listens.
import { latch } from "@latch/fastify";
import Fastify from "fastify";
import { authConfig } from "./auth.js";

const app = Fastify();
// Serves /auth/* and gives every request `request.auth()`.
await app.register(latch, authConfig);

// The app's own JSON route, parsed by Fastify as usual next to Latch's routes.
app.post("/api/notes", async (request, reply) => {
  const session = await request.auth();
  if (!session?.user) return reply.code(401).send({ error: "NotSignedIn" });
  return { saved: request.body, by: session.user.email };
});

// A server-rendered page that shows the session.
app.get("/", async (request, reply) => {
  const session = await request.auth();
  reply.type("text/html");
  return session?.user ? `<p id="hello">Hello ${escape(session.user.name ?? session.user.email ?? "")}</p><a href="/auth/signout">Sign out</a>` : `<a id="signin" href="/auth/signin">Sign in</a>`;
});

// A protected page: no session → the sign-in page, and back here after.
app.get("/dashboard", async (request, reply) => {
  const session = await request.auth();
  if (!session?.user) return reply.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(request.url)}`);
  reply.type("text/html");
  return `<h1 id="dashboard">Your dashboard, ${escape(session.user.name ?? session.user.email ?? "")}</h1>`;
});

/** Text for HTML: names come from providers and users. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "localhost";
await app.listen({ port, host });
console.log(`http://${host}:${port}`);
