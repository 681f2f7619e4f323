/**
 * The example plugin of docs/plugins.md through a real Express server on 127.0.0.1: its endpoints
 * under the mount path (PUT and DELETE at depth, CSRF-checked), the session field in both the
 * endpoint and `getSession`, and the before-sign-in hook's refusal.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Credentials from "@latch/core/providers/credentials";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import { createBrowser, type TestBrowser } from "@latch/testing";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { roles } from "../../core/test/plugins/example-plugin.js";

const config = {
  secret: "express-plugins-secret-0123456789-abcdefghijklmnop",
  trustHost: true,
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: ({ username, password }) => (password === "wonderland" ? { id: String(username), name: String(username), email: `${username}@example.com` } : null),
    }),
  ],
  plugins: [roles({ admins: ["alice@example.com"], blocked: ["mallory@example.com"] })],
} satisfies ExpressAuthConfig;

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use("/auth", ExpressAuth(config));
  // The typed session: `role` comes from the plugin.
  app.get("/role", async (req, res) => void res.json({ role: (await getSession(req, config))?.user?.role ?? null }));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function csrf(browser: TestBrowser): Promise<string> {
  return ((await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
}

async function signIn(browser: TestBrowser, username: string): Promise<Response> {
  const body = new URLSearchParams({ csrfToken: await csrf(browser), username, password: "wonderland", callbackUrl: `${origin}/role` });
  return browser.fetch(`${origin}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
}

const jsonBody = (body: unknown): RequestInit => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the example plugin through Express", () => {
  test("getSession and the plugin's endpoint both see the role", async () => {
    const alice = createBrowser();
    expect((await signIn(alice, "alice")).status).toBe(302);
    expect(await (await alice.fetch(`${origin}/role`)).json()).toEqual({ role: "admin" });
    expect(await (await alice.fetch(`${origin}/auth/roles/me`)).json()).toEqual({ email: "alice@example.com", role: "admin" });
    const bob = createBrowser();
    await signIn(bob, "bob");
    expect(await (await bob.fetch(`${origin}/role`)).json()).toEqual({ role: "member" });
    expect((await bob.fetch(`${origin}/auth/roles/sign-ins`)).status).toBe(403);
  });

  test("PUT and DELETE at depth pass through Express; without the CSRF token nothing changes", async () => {
    const alice = createBrowser();
    await signIn(alice, "alice");
    const csrfToken = await csrf(alice);
    expect(await (await alice.fetch(`${origin}/auth/roles/notes/todo`, { method: "PUT", ...jsonBody({ csrfToken, text: "milk" }) })).json()).toEqual({ name: "todo", text: "milk" });
    const forged = await alice.fetch(`${origin}/auth/roles/notes/todo`, { method: "DELETE", ...jsonBody({}), redirect: "manual" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await (await alice.fetch(`${origin}/auth/roles/notes/todo`)).json()).toEqual({ name: "todo", text: "milk" });
    expect(await (await alice.fetch(`${origin}/auth/roles/notes/todo`, { method: "DELETE", ...jsonBody({ csrfToken }) })).json()).toEqual({ name: "todo", text: null });
  });

  test("a blocked address is refused before any session starts", async () => {
    const mallory = createBrowser();
    expect((await signIn(mallory, "mallory")).headers.get("location")).toContain("error=AccessDenied");
    expect(await (await mallory.fetch(`${origin}/role`)).json()).toEqual({ role: null });
  });
});
