/**
 * getAccessToken with JWT sessions and the PostgreSQL adapter, against the real OpenID Provider
 * of @latch/testing (refresh tokens rotated on every use; refresh grants counted there). The
 * account row holds the provider's tokens and its lease coordinates the refresh; the cookie
 * carries a copy, rewritten with the new tokens. Two Latch instances (two config objects, each
 * with its own pool and single-flight state) share one database.
 */
import { randomUUID } from "node:crypto";
import { Auth, getAccessToken, type AuthConfig } from "@latch/core";
import { decode, encode } from "@latch/core/jwt";
import { needService, providerSignedInBrowser, randomDatabaseName, schemaPool, services, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const schema = randomDatabaseName();
const base = "http://localhost/auth";
const secret = "pg-jwt-access-token-secret-0123456789";
const cookieName = "authjs.session-token";
const account = { sub: `op-${randomUUID()}`, email: "jo@example.com", email_verified: true, name: "Jo" };

type Tokens = { access_token: string; refresh_token: string; expires_at: number };

describe.runIf(await needService(services.postgres))("getAccessToken with JWT sessions and the account row on PostgreSQL", () => {
  let pools: pg.Pool[];
  let op: OpenIDProvider;
  let instances: AuthConfig[];
  let cookie: string;

  beforeAll(async () => {
    pools = [schemaPool(schema, 10), schemaPool(schema, 10)];
    await pools[0]!.query(`CREATE SCHEMA ${schema}`);
    await migrate(pools[0]!);
    op = await startOpenIDProvider({ accounts: [account], accessTokenTtl: 120, rotateRefreshTokens: true });
    await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });
    instances = pools.map((pool) => ({
      secret,
      trustHost: true,
      adapter: PostgresAdapter(pool),
      session: { strategy: "jwt", providerTokens: true },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" }],
    }));
    const browser = await providerSignedInBrowser((request) => Auth(request, instances[0]!), base, "op");
    cookie = `${cookieName}=${browser.cookie(base, cookieName)}`;
  });

  afterAll(async () => {
    await op?.close();
    await pools[1]?.end();
    await pools[0]?.query(`DROP SCHEMA ${schema} CASCADE`);
    await pools[0]?.end();
  });

  const stored = async () =>
    (await pools[0]!.query(`SELECT access_token, refresh_token, expires_at, "refreshError" FROM accounts WHERE provider = 'op'`)).rows[0] as Tokens & {
      refreshError: string | null;
    };
  const tokenOf = async (pair: string) => (await decode({ token: pair.slice(cookieName.length + 1), secret, salt: cookieName }))!;
  const providerTokens = async (pair: string) => ((await tokenOf(pair)).providerTokens as Record<string, Tokens>).op!;
  /** Expires the row's access token, and the copy in the cookie. */
  async function expire(pair: string, changes: Partial<Tokens> = {}): Promise<string> {
    const past = Math.floor(Date.now() / 1000) - 5;
    await pools[0]!.query(`UPDATE accounts SET expires_at = $1, refresh_token = COALESCE($2, refresh_token) WHERE provider = 'op'`, [past, changes.refresh_token ?? null]);
    const { iat: _i, exp: _e, jti: _j, ...token } = await tokenOf(pair);
    const copy = { ...(await providerTokens(pair)), expires_at: past, ...changes };
    return `${cookieName}=${await encode({ token: { ...token, providerTokens: { op: copy } }, secret, salt: cookieName })}`;
  }
  const request = (pair: string) => new Request(`${base}/api`, { headers: { cookie: pair } });
  const sessionCookie = (cookies: string[]) => cookies.find((c) => c.startsWith(`${cookieName}=`))!.split(";")[0]!;
  const session = async (pair: string) => (await (await Auth(new Request(`${base}/session`, { headers: { cookie: pair } }), instances[1]!)).json()) as Record<string, unknown>;

  test("50 concurrent calls on an expired token over two instances: one refresh reaches the provider, all get the new token and a cookie with it", async () => {
    const stale = await expire(cookie);
    const old = await stored();
    const before = { ...op.refreshGrants };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => getAccessToken(instances[i % 2]!, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    const after = await stored();
    expect(after.access_token).not.toBe(old.access_token);
    expect(after.refresh_token).not.toBe(old.refresh_token);
    for (const result of results) {
      expect(result.accessToken).toBe(after.access_token);
      expect(await providerTokens(sessionCookie(result.cookies))).toMatchObject({ access_token: after.access_token, refresh_token: after.refresh_token });
    }
    cookie = sessionCookie(results[0]!.cookies);
  });

  test("a refused refresh token reaches the provider once over both instances; it is recorded on the row and every cookie says so", async () => {
    const stale = await expire(cookie, { refresh_token: `dead-${randomUUID()}` });
    const before = { ...op.refreshGrants };
    const row = await stored();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => getAccessToken(instances[i % 2]!, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.refused - before.refused).toBe(1);
    expect(op.refreshGrants.succeeded).toBe(before.succeeded);
    expect(await stored()).toEqual({ ...row, refreshError: "invalid_grant" });
    for (const result of results) {
      expect(result).toMatchObject({ accessToken: null, error: "RefreshTokenError" });
      expect(await session(sessionCookie(result.cookies))).toMatchObject({ error: "RefreshTokenError", user: { email: "jo@example.com" } });
    }
  });
});
