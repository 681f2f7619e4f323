/**
 * Latch into Latch: a second Latch app (Express, JWT sessions, no database) signs its users in
 * through the first app's provider with core's generic `type: "oidc"` provider — discovery at the
 * first app's origin, the code flow with PKCE, the ID token verified with the first app's keys.
 */
import type { Server } from "node:http";
import express from "express";
import type { AuthConfig } from "@latch/core";
import { ExpressAuth } from "@latch/express";
import { freePort } from "@latch/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Browser, startApp, type TestApp } from "./app.js";

const secret = "app-b-client-secret-0123456789abcdef0123456789";
let a: TestApp;
let b: { origin: string; server: Server };

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  a = await startApp({
    provider: {
      clients: [{ client_id: "app-b", client_secret: secret, redirect_uris: [`${origin}/auth/callback/latch-a`], grant_types: ["authorization_code"], client_name: "App B", firstParty: true }],
    },
  });
  const config: AuthConfig = {
    secret: "app-b-latch-secret-0123456789abcdefghijklmnop",
    trustHost: true,
    providers: [{ id: "latch-a", name: "App A", type: "oidc", issuer: a.origin, clientId: "app-b", clientSecret: secret }],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const app = express();
  app.use("/auth", ExpressAuth(config));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  b = { origin, server };
});
afterAll(async () => {
  b?.server.closeAllConnections();
  await new Promise((resolve) => b?.server.close(resolve));
  await a?.close();
});

test("a user of the first app signs in to the second through it", async () => {
  const user = await a.member();
  const browser = new Browser(a.origin);
  await browser.signIn(user.email);

  const { csrfToken } = (await (await browser.fetch(`${b.origin}/auth/csrf`)).json()) as { csrfToken: string };
  const start = await browser.fetch(`${b.origin}/auth/signin/latch-a`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${b.origin}/home` }),
  });
  const authorization = new URL(start.headers.get("location")!);
  expect(authorization.origin + authorization.pathname).toBe(`${a.origin}/auth/oauth2/auth`);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");

  const { url: callback } = await browser.follow(authorization, `${b.origin}/auth/callback/latch-a`);
  const finished = await browser.fetch(callback);
  expect(finished.status).toBe(302);
  expect(finished.headers.get("location")).toBe(`${b.origin}/home`);
  const session = (await (await browser.fetch(`${b.origin}/auth/session`)).json()) as { user: { email: string; name: string } };
  expect(session.user).toMatchObject({ email: user.email, name: "Ada Member" });
});
