/** The same middleware on Express 4 (installed as `express4`): the scripted sign-in as a browser does it. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
// @ts-expect-error express4 (Express 4 under another name) ships no types; its request and response have the shape Latch uses.
import express4 from "express4";
import type { Express } from "express";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";
import { createBrowser } from "@latch/testing";

const config: ExpressAuthConfig = {
  secret: "express-4-test-secret-0123456789-abcdefghij",
  trustHost: true,
  logger: { error: () => {} },
  providers: [Credentials({ authorize: ({ password }) => (password === "right" ? { id: "u4", name: "Four", email: "four@example.com" } : null) })],
};

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = (express4 as () => Express)();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => {
    const session = await getSession(req, config);
    if (!session?.user) return res.status(401).json({ error: "not signed in" });
    res.json(session.user);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("ExpressAuth on Express 4", () => {
  test("csrf → credentials → session → sign-out", async () => {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

    const refused = await browser.fetch(`${origin}/auth/callback/credentials`, form({ csrfToken, password: "wrong" }));
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect((await browser.fetch(`${origin}/me`)).status).toBe(401);

    const signedIn = await browser.fetch(`${origin}/auth/callback/credentials`, form({ csrfToken, password: "right", callbackUrl: "/me" }));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/me`);
    expect(browser.cookie(`${origin}/`, "authjs.session-token")).toBeTruthy();
    expect(await (await browser.fetch(`${origin}/me`)).json()).toMatchObject({ name: "Four", email: "four@example.com" });

    const out = await browser.fetch(`${origin}/auth/signout`, form({ csrfToken }));
    expect(out.status).toBe(302);
    expect(await (await browser.fetch(`${origin}/auth/session`)).json()).toBeNull();
  });
});
