/**
 * What the provider refuses, over HTTP through Latch's mount. Many checks are oidc-provider's:
 * each test names the setting of Latch's configuration (src/index.ts `configuration`) that
 * carries it, so what Latch configures is what is proven here.
 */
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, resource, rpCallback, shortResource, startApp, type TestApp } from "./app.js";

let app: TestApp;
let as: oauth.AuthorizationServer;
const partner = { client_id: "partner" };
const partnerAuth = oauth.ClientSecretBasic("partner-secret-0123456789abcdef0123456789");
const firstParty = { client_id: "first-party" };
const insecure = { [oauth.allowInsecureRequests]: true } as const;

beforeAll(async () => {
  app = await startApp();
  const issuer = new URL(app.origin);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
});
afterAll(() => app?.close());

function authorizationUrl(params: Record<string, string>): URL {
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams(params).toString();
  return url;
}

/** A signed-in browser, through consent when asked, to the RP's callback. */
async function callbackOf(browser: Browser, url: URL): Promise<URL> {
  let step = await browser.follow(url);
  if (step.url.includes("/auth/oauth2/interaction/")) {
    const page = await step.response.text();
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(page)?.[1];
    if (!csrfToken) throw new Error(`no consent form at ${step.url}: ${page}`);
    const confirmed = await browser.fetch(`${step.url}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
    step = await browser.follow(new URL(confirmed.headers.get("location")!, app.origin));
  }
  if (!step.url.startsWith(rpCallback)) throw new Error(`stopped at ${step.url}: ${step.response.status}`);
  return new URL(step.url);
}

async function signedIn(): Promise<Browser> {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  return browser;
}

/** A code for the partner (confidential) client with PKCE, and its verifier. */
async function partnerCode(browser: Browser, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const callback = await callbackOf(
    browser,
    authorizationUrl({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", ...extra }),
  );
  return { callback, verifier };
}

async function exchange(callback: URL, verifier: string, extra: Record<string, string> = {}) {
  const params = oauth.validateAuthResponse(as, partner, callback);
  return oauth.authorizationCodeGrantRequest(as, partner, partnerAuth, params, rpCallback, verifier, { ...insecure, additionalParameters: extra });
}

async function introspect(token: string): Promise<{ active: boolean; aud?: unknown }> {
  const response = await oauth.introspectionRequest(as, partner, partnerAuth, token, insecure);
  return (await response.json()) as { active: boolean };
}

/** The error the authorization endpoint shows the browser itself (no redirect to an unchecked URI). */
async function pageError(url: URL): Promise<{ status: number; body: string; location: string | null }> {
  const browser = await signedIn();
  const response = await browser.fetch(url);
  return { status: response.status, body: await response.text(), location: response.headers.get("location") };
}

describe("the authorization request", () => {
  test("a redirect URI that is not registered exactly is refused on the provider's page, not redirected to", async () => {
    // oidc-provider matches redirect URIs exactly; Latch adds nothing that loosens it.
    for (const redirect of [`${rpCallback}/more`, `${rpCallback}?x=1`, "http://rp.example.test/Callback", "http://evil.example/callback"]) {
      const result = await pageError(authorizationUrl({ client_id: "first-party", redirect_uri: redirect, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
      expect(result.status).toBe(400);
      expect(result.location).toBeNull();
      expect(result.body).toContain("redirect_uri did not match");
    }
  });

  test("a request without redirect_uri is refused even for a client with one registered URI", async () => {
    // Setting: allowOmittingSingleRegisteredRedirectUri: false.
    const result = await pageError(authorizationUrl({ client_id: "first-party", response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    expect(result.status).toBe(400);
    expect(result.location).toBeNull();
    expect(result.body).toContain("redirect_uri");
  });

  test("an unregistered client is refused on the provider's page", async () => {
    // oidc-provider: only the configured clients (and those registered, when registration is on) exist.
    const result = await pageError(authorizationUrl({ client_id: "nobody", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    expect(result.status).toBe(400);
    expect(result.location).toBeNull();
    expect(result.body).toContain("invalid_client");
  });

  test("a confidential client without PKCE is refused", async () => {
    // Setting: pkce.required = () => true (oidc-provider requires it of public clients only by default).
    const browser = await signedIn();
    const { url } = await browser.follow(authorizationUrl({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", state: "s" }));
    const answer = new URL(url);
    expect(answer.origin + answer.pathname).toBe(rpCallback);
    expect(answer.searchParams.get("error")).toBe("invalid_request");
    expect(answer.searchParams.get("error_description")).toContain("PKCE");
    expect(answer.searchParams.get("code")).toBeNull();
  });

  test("plain PKCE is refused", async () => {
    // oidc-provider offers S256 only (code_challenge_methods_supported); Latch's pkce.required makes it apply to every client.
    const browser = await signedIn();
    const { url } = await browser.follow(authorizationUrl({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "plain" }));
    const answer = new URL(url);
    expect(answer.searchParams.get("error")).toBe("invalid_request");
    expect(answer.searchParams.get("code")).toBeNull();
  });

  test("the implicit flow is refused", async () => {
    // Setting: responseTypes: ["code"].
    const browser = await signedIn();
    const { url, response } = await browser.follow(authorizationUrl({ client_id: "first-party", redirect_uri: rpCallback, response_type: "id_token", scope: "openid", nonce: "n" }));
    // Answered in the fragment (the response type's default mode) or on the page, never with a token.
    const answer = url.startsWith(rpCallback) ? decodeURIComponent(new URL(url).search + new URL(url).hash) : await response.text();
    expect(answer).toContain("unsupported_response_type");
    expect(answer).not.toContain("id_token=");
  });

  test("a resource nobody configured is refused (invalid_target)", async () => {
    // Latch's getResourceServerInfo throws InvalidTarget for an unknown indicator.
    const browser = await signedIn();
    const verifier = oauth.generateRandomCodeVerifier();
    const { url } = await browser.follow(
      authorizationUrl({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", resource: "https://elsewhere.example/", code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }),
    );
    expect(new URL(url).searchParams.get("error")).toBe("invalid_target");
  });
});

describe("the consent page", () => {
  async function consentPage() {
    const browser = await signedIn();
    const { url, response } = await browser.follow(authorizationUrl({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }));
    expect(url).toContain("/auth/oauth2/interaction/");
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await response.text())![1]!;
    return { browser, url, csrfToken };
  }
  const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

  test("an Allow without the page's CSRF token is refused, and grants nothing", async () => {
    // Latch's check: the token is an HMAC of the interaction and the user, compared in constant time.
    // The last character is changed, never kept: one token in 16 ends with "A" (a SHA-256 in base64url ends with one of 16 characters).
    const { browser, url, csrfToken } = await consentPage();
    for (const token of ["", "x".repeat(csrfToken.length), `${csrfToken.slice(0, -1)}${csrfToken.endsWith("A") ? "B" : "A"}`]) {
      const refused = await browser.fetch(`${url}/confirm`, form({ csrfToken: token }));
      expect(refused.status).toBe(403);
      expect(refused.headers.get("location")).toBeNull();
    }
    // The page's own token still works afterwards: nothing was consumed by the refusals.
    const allowed = await browser.fetch(`${url}/confirm`, form({ csrfToken }));
    expect(allowed.status).toBe(303);
  });

  test("another browser (no interaction cookie, another user) cannot answer it", async () => {
    const { url, csrfToken } = await consentPage();
    const other = await signedIn();
    const refused = await other.fetch(`${url}/confirm`, form({ csrfToken }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
  });
});

describe("the token endpoint", () => {
  test("a code works once: its reuse is refused and revokes the tokens it gave", async () => {
    // oidc-provider: a consumed code found again revokes its grant (RFC 9700 §4.2.4 / OAuth 2.1 §4.1.3).
    const browser = await signedIn();
    const { callback, verifier } = await partnerCode(browser, { scope: "openid offline_access", prompt: "consent" });
    const first = await oauth.processAuthorizationCodeResponse(as, partner, await exchange(callback, verifier));
    expect((await introspect(first.access_token)).active).toBe(true);
    const again = await exchange(callback, verifier);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe("invalid_grant");
    expect((await introspect(first.access_token)).active).toBe(false);
    if (first.refresh_token) expect((await introspect(first.refresh_token)).active).toBe(false);
  });

  test("a wrong code verifier is refused", async () => {
    const browser = await signedIn();
    const { callback } = await partnerCode(browser);
    const response = await exchange(callback, oauth.generateRandomCodeVerifier());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
  });

  test("a token for one resource is not a token for another (wrong audience)", async () => {
    // The access token is a JWT whose aud is the resource it was granted for; asking for another at the token endpoint is refused.
    const browser = await signedIn();
    const { callback, verifier } = await partnerCode(browser, { scope: "openid notes:read", resource });
    const refused = await exchange(callback, verifier, { resource: "https://short.example.test/" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_target");
  });
});

describe("tokens", () => {
  test("a revoked access token is inactive and refused at userinfo", async () => {
    // features.revocation (RFC 7009) and features.introspection (RFC 7662).
    const browser = await signedIn();
    const { callback, verifier } = await partnerCode(browser);
    const tokens = await oauth.processAuthorizationCodeResponse(as, partner, await exchange(callback, verifier));
    expect((await fetch(as.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    const revoked = await oauth.revocationRequest(as, partner, partnerAuth, tokens.access_token, insecure);
    expect(revoked.status).toBe(200);
    expect((await introspect(tokens.access_token)).active).toBe(false);
    expect((await fetch(as.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  });

});

describe("a protected resource (requireAccessToken)", () => {
  async function tokenFor(indicator: string, scope: string): Promise<string> {
    const browser = await signedIn();
    const { callback, verifier } = await partnerCode(browser, { scope: `openid ${scope}`, resource: indicator });
    return (await oauth.processAuthorizationCodeResponse(as, partner, await exchange(callback, verifier, { resource: indicator }))).access_token;
  }
  const call = (path: string, token?: string, method = "GET") => fetch(`${app.origin}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

  test("a token for the resource is taken", async () => {
    const response = await call("/api/notes", await tokenFor(resource, "notes:read"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ scopes: ["notes:read"] });
  });

  test("no token: 401 with the resource's metadata named for discovery (RFC 9728)", async () => {
    const response = await call("/api/notes");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource"');
  });

  test("a token for another resource is refused (wrong audience)", async () => {
    // accessTokenVerifier checks aud against its resource.
    const response = await call("/api/notes", await tokenFor(shortResource, "short:read"));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  test("a token without the scope is refused with 403 insufficient_scope", async () => {
    const response = await call("/api/notes", await tokenFor(resource, "notes:read"), "POST");
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  test("an expired token is refused", async () => {
    // The resource's accessTokenLifetime (1 second) is the JWT's lifetime; the verifier allows 5 seconds of skew by default, so none here.
    const token = await tokenFor(shortResource, "short:read");
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(1);
    expect((await call("/api/short", token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6100));
    const response = await call("/api/short", token);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("expired");
  }, 20_000);

  test("a token from another issuer's key is refused", async () => {
    const [header, payload] = (await tokenFor(resource, "notes:read")).split(".");
    const response = await call("/api/notes", `${header}.${payload}.${Buffer.from("forged").toString("base64url")}`);
    expect(response.status).toBe(401);
  });
});
