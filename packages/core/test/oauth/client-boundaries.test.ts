/**
 * Two boundaries of Latch as an OAuth/OpenID Connect client, against the real OpenID Provider of
 * @latch/testing (ASVS 5.0 V10.1.1 and V10.5.3):
 * - the provider's tokens stay on the server: kept in the encrypted, HttpOnly session cookie
 *   (JWT sessions with `providerTokens`) or in the account row (database sessions), never in
 *   what `GET session` gives the browser's scripts;
 * - discovery metadata whose `issuer` is not the configured issuer is refused before the user is
 *   sent anywhere, so one server cannot pose as another through its metadata.
 */
import { Auth, type AuthConfig } from "@latch/core";
import { decode } from "@latch/core/jwt";
import { createBrowser, startOpenIDProvider, type OpenIDProvider, type TestBrowser } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgliteAdapter } from "./harness.js";

const base = "http://localhost/auth";
const secret = "client-boundaries-secret-0123456789abcdef";
const cookieName = "authjs.session-token";
const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

let op: OpenIDProvider;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;

beforeAll(async () => {
  op = await startOpenIDProvider();
  await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`, `${base}/callback/impostor`] });
  db = await pgliteAdapter();
});

afterAll(async () => {
  await op?.close();
  await db?.db.close();
});

/** A browser whose requests under `base` go to `Auth(config)`, the others over HTTP. */
function browserFor(config: AuthConfig): TestBrowser {
  const app = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(base) ? Auth(request, config) : fetch(request);
  };
  return createBrowser({ fetch: app as typeof fetch });
}

async function startSignIn(browser: TestBrowser, providerId: string, follow: boolean) {
  const { csrfToken } = (await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string };
  const init = {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/session` }),
  };
  return follow ? (await browser.follow(`${base}/signin/${providerId}`, init)).response : browser.fetch(`${base}/signin/${providerId}`, init);
}

const provider = { id: "op", name: "Test OP", type: "oidc", clientId: "latch", clientSecret: "latch-secret" } as const;

describe("the provider's tokens stay on the server", () => {
  test("JWT sessions: the tokens are in the HttpOnly cookie's encrypted claims, and GET session carries none of them", async () => {
    const config: AuthConfig = { secret, trustHost: true, logger: quiet, session: { strategy: "jwt", providerTokens: true }, providers: [{ ...provider, issuer: op.issuer }] };
    const browser = browserFor(config);
    await startSignIn(browser, "op", true);
    const cookie = browser.cookies(base).find((c) => c.name === cookieName)!;
    expect(cookie.httpOnly).toBe(true);
    const claims = await decode({ token: browser.cookie(base, cookieName)!, secret, salt: cookieName });
    const kept = (claims!.providerTokens as Record<string, { access_token: string; refresh_token?: string }>).op!;
    expect(kept.access_token).toEqual(expect.any(String));

    const body = await (await browser.fetch(`${base}/session`)).text();
    expect(JSON.parse(body)).toMatchObject({ user: { email: expect.any(String) } });
    expect(body).not.toContain(kept.access_token);
    if (kept.refresh_token) expect(body).not.toContain(kept.refresh_token);
    expect(body).not.toMatch(/access_token|refresh_token|id_token|providerTokens/);
  });

  test("database sessions: the tokens are in the account row, and GET session carries none of them", async () => {
    const config: AuthConfig = { secret, trustHost: true, logger: quiet, adapter: db.adapter, session: { strategy: "database" }, providers: [{ ...provider, issuer: op.issuer }] };
    const browser = browserFor(config);
    await startSignIn(browser, "op", true);
    const { rows } = await db.db.query<{ access_token: string; id_token: string | null }>("select access_token, id_token from accounts where provider = 'op'");
    expect(rows).toHaveLength(1);
    const body = await (await browser.fetch(`${base}/session`)).text();
    expect(JSON.parse(body)).toMatchObject({ user: { email: expect.any(String) } });
    expect(body).not.toContain(rows[0]!.access_token);
    if (rows[0]!.id_token) expect(body).not.toContain(rows[0]!.id_token);
    expect(body).not.toMatch(/access_token|refresh_token|id_token|sessionToken/);
  });
});

describe("discovery metadata of another issuer", () => {
  const wellKnown = () => `${op.issuer}/.well-known/openid-configuration`;

  test("the configured issuer's own metadata sends the user to its authorization endpoint (the control)", async () => {
    const config: AuthConfig = { secret, trustHost: true, logger: quiet, providers: [{ ...provider, issuer: op.issuer, wellKnown: wellKnown() }] };
    const response = await startSignIn(browserFor(config), "op", false);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${op.issuer}/`));
  });

  test("metadata naming another issuer than the configured one is refused before any redirect to it", async () => {
    const logged: { code: string; args: unknown[] }[] = [];
    const config: AuthConfig = {
      secret,
      trustHost: true,
      logger: { ...quiet, error: (code, ...args) => void logged.push({ code, args }) },
      providers: [{ ...provider, id: "impostor", issuer: "http://impostor.localhost", wellKnown: wellKnown() }],
    };
    const response = await startSignIn(browserFor(config), "impostor", false);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${base}/error?error=Configuration`);
    expect(logged.map((l) => l.code)).toEqual(["OAuthSignInError"]);
    const refusal = logged[0]!.args[0] as { cause?: { err?: Error } };
    expect(refusal.cause?.err?.message).toMatch(/"issuer"/);
  });
});
