/**
 * Bearer sessions through `Auth()` and `@latch/express` over HTTP, with `@latch/pg` on PGlite: a
 * client that keeps no cookies signs in with `X-Auth-Return-Token: 1`, reads its session, lists
 * and ends it with `Authorization: Bearer`, and is refused afterwards; the session cookie wins
 * when both come, a cookie-authenticated request still needs its CSRF token, and with the
 * feature off the header is not read.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Auth, type AuthConfig } from "@latch/core";
import { BearerSessions } from "@latch/core/bearer";
import { SessionControl } from "@latch/core/sessions";
import { AccessTokens } from "@latch/core/access-tokens";
import { ExpressAuth, getSession } from "@latch/express";
import { PostgresAdapter } from "@latch/pg";
import express from "express";
import { describe, expect, test } from "vitest";
import { Client, alice, baseConfig, origin, quietLogger } from "../../../../test/client.js";
import { aliceDatabase } from "../../../../test/alice-database.js";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

/** A client that keeps no cookies: every request is built by hand, as an app or a script does. */
async function call(config: AuthConfig, path: string, init: RequestInit = {}): Promise<Response> {
  return Auth(new Request(`${origin}${path}`, init), config as Omit<AuthConfig, "raw">);
}

/** Signs alice in asking for the token; the answer. */
function signInForToken(config: AuthConfig, headers: Record<string, string> = {}): Promise<Response> {
  return call(config, "/auth/callback/credentials", {
    method: "POST",
    headers: { ...formHeaders, "x-auth-return-token": "1", ...headers },
    body: form({ username: "alice", password: "wonderland" }),
  });
}

async function tokenOf(config: AuthConfig): Promise<string> {
  const response = await signInForToken(config);
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  expect(typeof token).toBe("string");
  return token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("bearer sessions", { timeout: 60_000 }, () => {
  const store = aliceDatabase();

  const databaseConfig = (bearerOn = true, overrides: Partial<AuthConfig> = {}) =>
    baseConfig({ adapter: PostgresAdapter(store.db), session: { strategy: "database", control: SessionControl(), ...(bearerOn ? { bearer: BearerSessions() } : {}) }, ...overrides });

  test("database sessions: a fetch-only client gets its token, reads, lists and ends its session; the token is refused after", async () => {
    const config = databaseConfig();
    const token = await tokenOf(config);
    const { rows } = await store.db.query<{ sessionToken: string }>(`SELECT "sessionToken" FROM sessions`);
    expect(rows).toEqual([{ sessionToken: token }]);

    const session = await call(config, "/auth/session", { headers: bearer(token) });
    expect(await session.json()).toMatchObject({ user: { email: alice.email } });

    const list = await call(config, "/auth/sessions", { headers: bearer(token) });
    expect(((await list.json()) as { sessions: { current: boolean }[] }).sessions).toEqual([expect.objectContaining({ current: true })]);

    // No CSRF token: the request carries no cookie that another site could have a browser send.
    const revoke = await call(config, "/auth/sessions/revoke", { method: "POST", headers: { ...bearer(token), "content-type": "application/json" }, body: JSON.stringify({ all: true }) });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ revoked: 1 });
    expect(await (await call(config, "/auth/session", { headers: bearer(token) })).json()).toBeNull();
    expect((await call(config, "/auth/sessions", { headers: bearer(token) })).status).toBe(401);
  });

  test("sign-out with the bearer token ends the stored session", async () => {
    const config = databaseConfig();
    const token = await tokenOf(config);
    const out = await call(config, "/auth/signout", { method: "POST", headers: { ...bearer(token), ...formHeaders, "x-auth-return-redirect": "1" }, body: "" });
    expect(out.status).toBe(200);
    expect((await store.db.query(`SELECT 1 FROM sessions`)).rows).toEqual([]);
  });

  test("without X-Auth-Return-Token, or sent by another site's page, a sign-in still needs its CSRF token and returns no token", async () => {
    const config = databaseConfig();
    const plain = await call(config, "/auth/callback/credentials", { method: "POST", headers: formHeaders, body: form({ username: "alice", password: "wonderland" }) });
    expect(plain.headers.get("location")).toContain("error=MissingCSRF");
    const elsewhere = await signInForToken(config, { origin: "https://evil.example" });
    expect(elsewhere.headers.get("location")).toContain("error=MissingCSRF");
    expect(await elsewhere.text()).not.toContain("token");
    expect((await store.db.query(`SELECT 1 FROM sessions`)).rows).toEqual([]);
  });

  test("a sign-in with the header but a wrong password gets no token and no session", async () => {
    const config = databaseConfig();
    const response = await call(config, "/auth/callback/credentials", { method: "POST", headers: { ...formHeaders, "x-auth-return-token": "1" }, body: form({ username: "alice", password: "wrong" }) });
    expect(await response.text()).not.toMatch(/"token"/);
    expect((await store.db.query(`SELECT 1 FROM sessions`)).rows).toEqual([]);
  });

  test("the cookie wins when both come, and a cookie-authenticated request needs its CSRF token even with a bearer header", async () => {
    const config = databaseConfig();
    const token = await tokenOf(config);
    const browser = new Client(config);
    await browser.signIn();
    const cookieToken = browser.jar.get("authjs.session-token")!;
    expect(cookieToken).not.toBe(token);
    // Revoking "others" from the cookie's session leaves the cookie's and ends the bearer's: the cookie was the session read.
    const forged = await browser.fetch("/auth/sessions/revoke", { method: "POST", headers: { ...bearer(token), "content-type": "application/json" }, body: JSON.stringify({ others: true }) });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
    expect((await store.db.query(`SELECT 1 FROM sessions`)).rows).toHaveLength(2);
    const withToken = await browser.fetch("/auth/sessions/revoke", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ others: true, csrfToken: await browser.csrfToken() }),
    });
    expect(await withToken.json()).toEqual({ revoked: 1 });
    const { rows } = await store.db.query<{ sessionToken: string }>(`SELECT "sessionToken" FROM sessions`);
    expect(rows).toEqual([{ sessionToken: cookieToken }]);
  });

  test("off: the bearer header is not read, and a request carrying it needs its CSRF token", async () => {
    const token = await tokenOf(databaseConfig());
    const off = databaseConfig(false);
    expect(await (await call(off, "/auth/session", { headers: bearer(token) })).json()).toBeNull();
    const revoke = await call(off, "/auth/sessions/revoke", { method: "POST", headers: { ...bearer(token), "content-type": "application/json" }, body: JSON.stringify({ all: true }) });
    expect(revoke.status).toBe(403);
    expect(await revoke.json()).toMatchObject({ error: "MissingCSRF" });
    expect((await store.db.query(`SELECT 1 FROM sessions`)).rows).toHaveLength(1);
    const signIn = await signInForToken(off);
    expect(await signIn.text()).not.toMatch(/"token"/);
  });

  test("JWT sessions: the token is the session's JWE, read as the session; an access token sent as a bearer is not read, nor logged as a failed session", async () => {
    const { logs, logger } = quietLogger();
    const config = baseConfig({ logger, session: { strategy: "jwt", bearer: BearerSessions() }, accessTokens: AccessTokens() });
    const token = await tokenOf(config);
    expect(token.split(".")).toHaveLength(5);
    expect(await (await call(config, "/auth/session", { headers: bearer(token) })).json()).toMatchObject({ user: { email: alice.email } });
    const access = await call(config, "/auth/token", { headers: bearer(token) });
    const { token: accessToken } = (await access.json()) as { token: string };
    expect(accessToken.split(".")).toHaveLength(3);
    expect(await (await call(config, "/auth/session", { headers: bearer(accessToken) })).json()).toBeNull();
    expect(logs.error).toEqual([]);
  });

  test("Express: getSession reads the bearer session of a curl-style request", async () => {
    const config = databaseConfig();
    const token = await tokenOf(config);
    const app = express();
    app.use("/auth", ExpressAuth(config));
    app.get("/me", async (req, res) => void res.json(await getSession(req, config)));
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/me`, { headers: bearer(token) })).json()).toMatchObject({ user: { email: alice.email } });
      expect(await (await fetch(`${base}/me`, { headers: bearer("0".repeat(64)) })).json()).toBeNull();
      expect(await (await fetch(`${base}/auth/session`, { headers: bearer(token) })).json()).toMatchObject({ user: { email: alice.email } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
