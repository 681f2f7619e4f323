/**
 * Revoked JWT access tokens at a protected resource, on the memory storage and on PostgreSQL
 * (PGlite): the notes API that asks the provider's storage (`revocation: { store }`) and the one
 * that asks the introspection endpoint with its own client's credentials (`introspection`) take a
 * token, then refuse it (401 `invalid_token`, the RFC 9728 challenge) once it is revoked at the
 * revocation endpoint (RFC 7009), once its grant is revoked on the grants page, and once a reused
 * refresh token revoked its grant; the API that checks the JWT alone still takes it (what a local
 * check misses). Introspection with a wrong secret refuses every token with 503.
 */
import * as oauth from "oauth4webapi";
import { describe, expect, test } from "vitest";
import { Browser, resource, rpCallback, serviceSecret } from "./app.js";
import { appOnStorage, insecure, partner, partnerAuth } from "./flows.js";


describe.each(["memory", "pg"] as const)("revoked access tokens (%s storage)", (storage) => {
  const suite = appOnStorage(storage);

  /** A member who allowed the partner client the notes API on its consent page, the browser, and the partner's tokens. */
  async function allowed() {
    const user = await suite.app.member();
    const browser = new Browser(suite.app.origin);
    await browser.signIn(user.email);
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(suite.as.authorization_endpoint!);
    url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid notes:read offline_access", resource, prompt: "consent", code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }).toString();
    let step = await browser.follow(url);
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await step.response.text())![1]!;
    const confirmed = await browser.fetch(`${step.url}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
    step = await browser.follow(new URL(confirmed.headers.get("location")!, suite.app.origin));
    const params = oauth.validateAuthResponse(suite.as, partner, new URL(step.url));
    const tokens = await oauth.processAuthorizationCodeResponse(suite.as, partner, await oauth.authorizationCodeGrantRequest(suite.as, partner, partnerAuth, params, rpCallback, verifier, { ...insecure, additionalParameters: { resource } }));
    return { browser, tokens };
  }

  const call = async (path: string, token: string) => {
    const response = await fetch(`${suite.app.origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, challenge: response.headers.get("www-authenticate") ?? "", body: (await response.json()) as { error?: string; error_description?: string } };
  };
  const introspect = async (token: string) => ((await (await oauth.introspectionRequest(suite.as, partner, partnerAuth, token, insecure)).json()) as { active: boolean; aud?: string }).active;

  function expectRevoked(answer: Awaited<ReturnType<typeof call>>) {
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_token", error_description: "The access token was revoked." });
    expect(answer.challenge).toBe(`Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource", error="invalid_token", error_description="The access token was revoked."`);
  }

  test("revoked at the revocation endpoint (RFC 7009): both checks refuse it, the JWT-only check still takes it", async () => {
    const { tokens } = await allowed();
    for (const path of ["/api/live-notes", "/api/introspected-notes", "/api/notes"]) expect((await call(path, tokens.access_token)).status).toBe(200);
    expect(await introspect(tokens.access_token)).toBe(true);

    const revoked = await oauth.revocationRequest(suite.as, partner, partnerAuth, tokens.access_token, { ...insecure, additionalParameters: { token_type_hint: "access_token" } });
    expect(revoked.status).toBe(200);

    expectRevoked(await call("/api/live-notes", tokens.access_token));
    expectRevoked(await call("/api/introspected-notes", tokens.access_token));
    expect(await introspect(tokens.access_token)).toBe(false);
    expect((await call("/api/notes", tokens.access_token)).status).toBe(200);
    // Only the access token: its grant stays, and the refresh token gives a new one that is taken.
    const refreshed = await oauth.processRefreshTokenResponse(suite.as, partner, await oauth.refreshTokenGrantRequest(suite.as, partner, partnerAuth, tokens.refresh_token!, { ...insecure, additionalParameters: { resource } }));
    expect((await call("/api/live-notes", refreshed.access_token)).status).toBe(200);
  });

  test("another client cannot revoke the partner's token: refused, and the token is still taken", async () => {
    const { tokens } = await allowed();
    const other = await fetch(suite.as.revocation_endpoint!, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`service:${serviceSecret}`)}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: string }).error).toBe("invalid_request");
    expect((await call("/api/live-notes", tokens.access_token)).status).toBe(200);
  });

  test("its grant revoked on the grants page: both checks refuse it", async () => {
    const { browser, tokens } = await allowed();
    expect((await call("/api/live-notes", tokens.access_token)).status).toBe(200);
    const { grants, csrfToken } = (await (await browser.fetch(`${suite.app.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } })).json()) as { grants: { id: string }[]; csrfToken: string };
    const revoked = await browser.fetch(`${suite.app.origin}/auth/oauth2/grants/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, grantId: grants[0]!.id }) });
    expect(revoked.status).toBe(303);

    expectRevoked(await call("/api/live-notes", tokens.access_token));
    expectRevoked(await call("/api/introspected-notes", tokens.access_token));
    expect((await call("/api/notes", tokens.access_token)).status).toBe(200);
  });

  test("a reused refresh token revokes the grant: the tokens issued under it are refused", async () => {
    const { tokens } = await allowed();
    const refreshed = await oauth.processRefreshTokenResponse(suite.as, partner, await oauth.refreshTokenGrantRequest(suite.as, partner, partnerAuth, tokens.refresh_token!, { ...insecure, additionalParameters: { resource } }));
    expect((await call("/api/live-notes", refreshed.access_token)).status).toBe(200);
    const reused = await oauth.refreshTokenGrantRequest(suite.as, partner, partnerAuth, tokens.refresh_token!, { ...insecure, additionalParameters: { resource } });
    expect(reused.status).toBe(400);

    for (const token of [tokens.access_token, refreshed.access_token]) {
      expectRevoked(await call("/api/live-notes", token));
      expectRevoked(await call("/api/introspected-notes", token));
    }
  });

  test("introspection with a wrong client secret fails closed: 503, no challenge, for a live token too", async () => {
    const { tokens } = await allowed();
    expect((await call("/api/introspected-notes", tokens.access_token)).status).toBe(200);
    const response = await fetch(`${suite.app.origin}/api/misconfigured-notes`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(response.status).toBe(503);
    expect(response.headers.get("www-authenticate")).toBeNull();
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({ error: "temporarily_unavailable" });
  });

  test("the JWT's jti is not an opaque access token: userinfo and introspection refuse it", async () => {
    const { tokens } = await allowed();
    const { jti } = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { jti: string };
    expect((await fetch(suite.as.userinfo_endpoint!, { headers: { authorization: `Bearer ${jti}` } })).status).toBe(401);
    expect(await introspect(jti)).toBe(false);
  });
});
