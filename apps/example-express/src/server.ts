// server.ts: the Express walkthrough's server; HOST and PORT choose where it listens.
import express from "express";
import { ExpressAuth, getSession } from "@latch/express";
import { authConfig, ready } from "./auth.js";

const app = express();
app.set("trust proxy", true); // behind a proxy you control, so https is detected
app.use("/auth", ExpressAuth(authConfig));

app.get("/", async (req, res) => {
  const session = await getSession(req, authConfig);
  res.send(session?.user ? `<p id="hello">Hello ${escape(session.user.name ?? session.user.email ?? "")}</p><a href="/auth/signout">Sign out</a>` : `<a id="signin" href="/auth/signin">Sign in</a>`);
});

// Per-route authorisation: no session → the sign-in page.
app.get("/dashboard", async (req, res) => {
  const session = await getSession(req, authConfig);
  if (!session?.user) return res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
  res.send(`<h1 id="dashboard">Your dashboard, ${escape(session.user.name ?? session.user.email ?? "")}</h1>`);
});

/** Text for HTML: names come from providers and users. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "localhost";
// Listens once the database tables are there (at once without DATABASE_URL).
await ready;
app.listen(port, host, () => console.log(`http://${host}:${port}`));
