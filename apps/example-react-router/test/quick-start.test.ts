/**
 * The files of docs/site/getting-started/react-router.md (and the Express page's users.ts, which
 * it uses), copied out of the page into a folder of this app (so that React Router resolves from
 * its lock file), built with `react-router build` on Node 24 and started as the page says
 * (`AUTH_URL=… node server.js`), then signed in over HTTP: the five-minute example runs as written.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createBrowser, freePort, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { afterAll, expect, it } from "vitest";
import { build, missing, node } from "./react-router.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "tsx", "js"]);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the React Router quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/react-router.md");
  expect(files.map(([name]) => name)).toEqual([
    "react-router.config.ts",
    "vite.config.ts",
    "app/auth.server.ts",
    "app/routes.ts",
    "app/routes/auth.ts",
    "app/root.tsx",
    "app/routes/home.tsx",
    "app/routes/dashboard.tsx",
    "server.js",
  ]);
  writeQuickStart(root, dir, files);
  build(dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: ["server.js"], env: { NODE_ENV: "production", AUTH_URL: origin, PORT: String(port), AUTH_SECRET: "quick-start-react-router-secret-0123456789ab" }, readyText: origin });

  const browser = createBrowser();
  const text = async (path: string) => (await browser.fetch(`${origin}${path}`)).text();
  expect(await text("/")).toContain('<a href="/auth/signin?callbackUrl=/dashboard">Sign in</a>');
  // The protected loader sends a visitor without a session to the sign-in page, with the way back.
  const guarded = await browser.fetch(`${origin}/dashboard`, { redirect: "manual" });
  expect(guarded.status).toBe(302);
  expect(guarded.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`);
  // Latch's sign-in page holds the credentials form; posting it signs Ada in.
  const form = await text("/auth/signin?callbackUrl=/dashboard");
  expect(form).toContain('name="password"');
  const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  const wrong = await browser.fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "wrong", callbackUrl: `${origin}/dashboard` }),
  });
  expect(wrong.headers.get("location") ?? "").not.toBe(`${origin}/dashboard`);
  expect(await text("/")).not.toContain("Hello Ada");
  const signIn = await browser.fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "correct horse", callbackUrl: `${origin}/dashboard` }),
  });
  expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
  expect(await text("/")).toContain("<p>Hello <!-- -->Ada</p>");
  expect(await text("/dashboard")).toContain("<h1>Your dashboard, <!-- -->Ada</h1>");
}, 180_000);
