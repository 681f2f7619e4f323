/**
 * getAccessToken on the real PostgreSQL against the real OpenID Provider of @latch/testing
 * (refresh tokens rotated on every use, short access-token lifetime; refresh grants counted at the
 * provider). Two Latch instances (two config objects, each with its own single-flight state)
 * share one database, as two app servers would.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getAccessToken, RefreshTokenError, type AuthConfig } from "@latch/core";
import { ExpressAuth } from "@latch/express";
import { createBrowser, followProviderSignIn, needService, randomDatabaseName, schemaPool, services, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import type pg from "pg";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const schema = randomDatabaseName();
const account = { sub: "op-user-refresh", email: "rita@example.com", email_verified: true, name: "Rita" };

describe.runIf(await needService(services.postgres))("getAccessToken with refresh on PostgreSQL", () => {
  let pool: pg.Pool;
  let otherPool: pg.Pool;
  let op: OpenIDProvider;
  let server: Server;
  let base: string;
  let instances: [AuthConfig, AuthConfig];
  let userId: string;
  let browser: ReturnType<typeof createBrowser>;

  const configFor = (pool: pg.Pool): AuthConfig => ({
    secret: "access-token-secret-0123456789abcdef",
    trustHost: true,
    adapter: PostgresAdapter(pool),
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret", authorization: { params: { scope: "openid email profile offline_access" } } }],
  });

  beforeAll(async () => {
    pool = schemaPool(schema, 10);
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    op = await startOpenIDProvider({ accounts: [account], accessTokenTtl: 120, rotateRefreshTokens: true });
    // Each instance has its own pool, as separate processes would.
    otherPool = schemaPool(schema, 10);
    instances = [configFor(pool), configFor(otherPool)];
    const app = express();
    app.use("/auth", ExpressAuth(instances[0]));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
    await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });

    // A real sign-in stores the account with the provider's access and refresh tokens.
    browser = createBrowser();
    await signIn();
    const { rows } = await pool.query(`SELECT "userId", refresh_token FROM accounts WHERE provider = 'op'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].refresh_token).toBeTruthy();
    userId = rows[0].userId;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
    await op?.close();
    await otherPool?.end();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  async function signIn() {
    await followProviderSignIn(browser, base, "op");
  }
  /** The signed-in browser's session, as the app's client reads it. */
  const session = async () => (await (await browser.fetch(`${base}/session`)).json()) as { user?: unknown; error?: string } | null;

  const stored = async () =>
    (await pool.query(`SELECT access_token, refresh_token, expires_at, "refreshLeaseHolder" FROM accounts WHERE provider = 'op'`)).rows[0] as {
      access_token: string;
      refresh_token: string;
      expires_at: string;
      refreshLeaseHolder: string | null;
    };
  const expire = () => pool.query(`UPDATE accounts SET expires_at = extract(epoch from now())::bigint - 5 WHERE provider = 'op'`);

  test("a token with time left is returned as stored, without a refresh", async () => {
    const before = { ...op.refreshGrants };
    const { access_token } = await stored();
    expect(await getAccessToken(instances[0], { userId, provider: "op" })).toBe(access_token);
    expect(op.refreshGrants).toEqual(before);
  });

  test("50 concurrent calls on an expired token over two instances: one refresh reaches the provider, all get the new token", async () => {
    await expire();
    const old = await stored();
    const before = { ...op.refreshGrants };
    const calls = Array.from({ length: 50 }, (_, i) => getAccessToken(instances[i % 2]!, { userId, provider: "op" }));
    const tokens = await Promise.all(calls);
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    const after = await stored();
    expect(new Set(tokens)).toEqual(new Set([after.access_token]));
    expect(after.access_token).not.toBe(old.access_token);
    // Rotated: the provider gave a new refresh token, and it was stored with the access token.
    expect(after.refresh_token).not.toBe(old.refresh_token);
    expect(Number(after.expires_at)).toBeGreaterThan(Date.now() / 1000 + 60);
    expect(after.refreshLeaseHolder).toBeNull();
    // The new token works at the provider.
    const userinfo = await fetch(op.endpoints.userinfo, { headers: { authorization: `Bearer ${after.access_token}` } });
    expect(userinfo.status).toBe(200);
  });

  test("a refresh token the provider refuses: one request reaches it, every caller gets RefreshTokenError, the session says so, no token is written", async () => {
    await expire();
    // The refresh token a rotation already used: the provider refuses it.
    await pool.query(`UPDATE accounts SET refresh_token = 'not-a-refresh-token' WHERE provider = 'op'`);
    const before = await stored();
    expect(await session()).not.toHaveProperty("error");
    const grants = { ...op.refreshGrants };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => getAccessToken(instances[i % 2]!, { userId, provider: "op" })));
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(RefreshTokenError);
      expect((result as PromiseRejectedResult).reason.type).toBe("RefreshTokenError");
    }
    // The lease holder recorded the refusal: the other instance read it instead of asking again.
    expect(op.refreshGrants.refused - grants.refused).toBe(1);
    expect(op.refreshGrants.succeeded).toBe(grants.succeeded);
    // No token changed; only the refusal is recorded.
    const after = await stored();
    expect(after).toEqual(before);
    const { rows } = await pool.query(`SELECT "refreshError" FROM accounts WHERE provider = 'op'`);
    expect(rows[0].refreshError).toBe("invalid_grant");
    // Later calls fail at once, without sending the dead token to the provider again.
    await expect(getAccessToken(instances[1], { userId, provider: "op" })).rejects.toMatchObject({ type: "RefreshTokenError" });
    expect(op.refreshGrants.refused - grants.refused).toBe(1);
    // The database session reads with error "RefreshTokenError", never with a silently stale token.
    expect(await session()).toMatchObject({ user: { email: "rita@example.com" }, error: "RefreshTokenError" });
  });

  test("signing in again stores the provider's new tokens, which ends the refusal", async () => {
    const grants = { ...op.refreshGrants };
    await signIn();
    const renewed = await stored();
    expect(renewed.refresh_token).not.toBe("not-a-refresh-token");
    const { rows } = await pool.query(`SELECT "refreshError" FROM accounts WHERE provider = 'op'`);
    expect(rows[0].refreshError).toBeNull();
    expect(await session()).not.toHaveProperty("error");
    // The new refresh token works.
    await expire();
    const token = await getAccessToken(instances[0], { userId, provider: "op" });
    expect(op.refreshGrants.succeeded - grants.succeeded).toBe(1);
    expect(token).toBe((await stored()).access_token);
  });

  test("an unknown provider or an account that is not linked is refused with a typed error", async () => {
    await expect(getAccessToken(instances[0], { userId, provider: "nope" })).rejects.toMatchObject({ type: "InvalidProvider" });
    await expect(getAccessToken(instances[0], { userId: crypto.randomUUID(), provider: "op" })).rejects.toMatchObject({ type: "RefreshTokenError" });
  });
});
