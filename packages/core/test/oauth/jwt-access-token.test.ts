/**
 * getAccessToken with JWT sessions (`session.providerTokens`) against the real OpenID Provider of
 * @latch/testing: rotating refresh tokens, refresh grants counted there. The browser's requests to
 * the app go straight to `Auth()`; those to the provider go over HTTP.
 */
import { Auth, getAccessToken, type AuthConfig } from "@latch/core";
import { decode, encode } from "@latch/core/jwt";
import { providerSignedInBrowser, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const base = "http://localhost/auth";
const secret = "jwt-access-token-secret-0123456789abcdef";
const cookieName = "authjs.session-token";

describe("getAccessToken with JWT sessions", () => {
  let op: OpenIDProvider;
  let config: AuthConfig;
  let cookie: string;

  beforeAll(async () => {
    op = await startOpenIDProvider({ accessTokenTtl: 120, rotateRefreshTokens: true });
    await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });
    config = {
      secret,
      trustHost: true,
      session: { strategy: "jwt", providerTokens: true },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" }],
    };
    const browser = await providerSignedInBrowser((request) => Auth(request, config), base, "op");
    cookie = `${cookieName}=${browser.cookie(base, cookieName)}`;
  });

  afterAll(async () => {
    await op?.close();
  });

  type Tokens = { access_token: string; refresh_token: string; expires_at: number };
  const tokenOf = async (pair: string) => (await decode({ token: pair.slice(cookieName.length + 1), secret, salt: cookieName }))!;
  const providerTokens = async (pair: string) => (await tokenOf(pair)).providerTokens as Record<string, Tokens>;
  /** The session cookie with the provider's access token made to look expired. */
  async function expired(pair: string, changes: Partial<Tokens> = {}): Promise<string> {
    const { iat: _i, exp: _e, jti: _j, ...token } = await tokenOf(pair);
    const op = { ...(token.providerTokens as Record<string, Tokens>).op!, expires_at: Math.floor(Date.now() / 1000) - 5, ...changes };
    return `${cookieName}=${await encode({ token: { ...token, providerTokens: { op } }, secret, salt: cookieName })}`;
  }
  const request = (pair: string) => new Request(`${base}/api`, { headers: { cookie: pair } });
  const session = async (pair: string) => (await (await Auth(new Request(`${base}/session`, { headers: { cookie: pair } }), config)).json()) as Record<string, unknown>;

  test("the sign-in keeps the provider's tokens in the encrypted session token; a fresh one is returned with no cookie", async () => {
    const tokens = await providerTokens(cookie);
    expect(tokens.op).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const before = { ...op.refreshGrants };
    expect(await getAccessToken(config, { request: request(cookie), provider: "op" })).toEqual({ accessToken: tokens.op!.access_token, cookies: [] });
    expect(op.refreshGrants).toEqual(before);
  });

  test("concurrent calls on an expired token share one refresh; the cookie they return carries the rotated tokens", async () => {
    const stale = await expired(cookie);
    const old = (await providerTokens(stale)).op!;
    const before = { ...op.refreshGrants };
    const results = await Promise.all(Array.from({ length: 20 }, () => getAccessToken(config, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    const [first] = results;
    expect(first!.accessToken).not.toBe(old.access_token);
    for (const result of results) expect(result.accessToken).toBe(first!.accessToken);
    const setCookie = first!.cookies.find((c) => c.startsWith(`${cookieName}=`))!;
    const fresh = setCookie.split(";")[0]!;
    const rotated = (await providerTokens(fresh)).op!;
    expect(rotated.access_token).toBe(first!.accessToken);
    expect(rotated.refresh_token).not.toBe(old.refresh_token);
    expect(rotated.expires_at).toBeGreaterThan(Date.now() / 1000 + 60);
    expect((await session(fresh)).error).toBeUndefined();
    cookie = fresh;
  });

  test("a refused refresh gives RefreshTokenError in the result and in session.error, and is not retried", async () => {
    const stale = await expired(cookie, { refresh_token: "not-a-refresh-token" });
    const before = { ...op.refreshGrants };
    const result = await getAccessToken(config, { request: request(stale), provider: "op" });
    expect(result).toMatchObject({ accessToken: null, error: "RefreshTokenError" });
    expect(op.refreshGrants.refused - before.refused).toBe(1);
    const marked = result.cookies.find((c) => c.startsWith(`${cookieName}=`))!.split(";")[0]!;
    expect(await session(marked)).toMatchObject({ error: "RefreshTokenError", user: { email: expect.any(String) } });
    // The marked session does not ask the provider again.
    expect(await getAccessToken(config, { request: request(marked), provider: "op" })).toEqual({ accessToken: null, error: "RefreshTokenError", cookies: [] });
    expect(op.refreshGrants.refused - before.refused).toBe(1);
    // Without a valid session there is nothing to refresh.
    await expect(getAccessToken(config, { request: request("authjs.session-token=junk"), provider: "op" })).rejects.toMatchObject({ type: "RefreshTokenError" });
  });
});
