/**
 * The authorization code flow with PKCE against the provider mounted on Express, driven by two
 * clients nobody here wrote: `openid-client` 6 and `oauth4webapi`. The user signs in with Latch's
 * `Password()` over HTTP; the ID token is signed with the `AccessTokens()` key ring's key.
 */
import * as oauth from "oauth4webapi";
import * as client from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, rpCallback, startApp, type TestApp } from "./app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.close());

async function discover(clientId: string, secret?: string) {
  return client.discovery(new URL(app.origin), clientId, secret, secret ? client.ClientSecretBasic(secret) : client.None(), { execute: [client.allowInsecureRequests] });
}

/** Runs the browser through the authorization request to the RP's callback URL. */
async function authorize(browser: Browser, url: URL): Promise<URL> {
  const { url: landed, response } = await browser.follow(url);
  if (!landed.startsWith(rpCallback)) throw new Error(`stopped at ${landed}: ${response.status} ${await response.text()}`);
  return new URL(landed);
}

describe("discovery", () => {
  test("the origin's /.well-known documents describe the provider mounted under /auth/oauth2", async () => {
    const config = await (await fetch(`${app.origin}/.well-known/openid-configuration`)).json();
    expect(config).toMatchObject({
      issuer: app.origin,
      authorization_endpoint: `${app.origin}/auth/oauth2/auth`,
      token_endpoint: `${app.origin}/auth/oauth2/token`,
      jwks_uri: `${app.origin}/auth/oauth2/jwks`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(config.grant_types_supported).not.toContain("implicit");
    expect(config.grant_types_supported).not.toContain("password");
    const as = await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json();
    expect(as).toEqual(config);
    const resource = await (await fetch(`${app.origin}/.well-known/oauth-protected-resource`)).json();
    expect(resource).toMatchObject({ resource: app.origin, authorization_servers: [app.origin] });
    // RFC 9728's jwks_uri is the resource's own keys (for signed answers): the provider's are not.
    expect(resource).not.toHaveProperty("jwks_uri");
  });

  test("the provider's keys are the access-token key ring's: /auth/oauth2/jwks and /auth/jwks publish the same key", async () => {
    const provider = (await (await fetch(`${app.origin}/auth/oauth2/jwks`)).json()) as { keys: { kid: string; d?: string }[] };
    const latch = (await (await fetch(`${app.origin}/auth/jwks`)).json()) as { keys: { kid: string }[] };
    expect(provider.keys.map((key) => key.kid)).toEqual(latch.keys.map((key) => key.kid));
    expect(provider.keys.every((key) => key.d === undefined)).toBe(true);
  });
});

describe("openid-client", () => {
  test("code flow with PKCE: sign-in through Latch, ID token, userinfo", async () => {
    const user = await app.member();
    const browser = new Browser(app.origin);
    const config = await discover("first-party");
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: rpCallback,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    // Signed out: the interaction sends the browser to Latch's sign-in page, with a way back.
    const first = await browser.follow(url);
    expect(first.url).toMatch(new RegExp(`^${app.origin}/auth/signin\\?callbackUrl=`));
    const back = new URL(first.url).searchParams.get("callbackUrl")!;
    expect(back).toMatch(new RegExp(`^${app.origin}/auth/oauth2/interaction/`));
    await browser.signIn(user.email);
    const callback = await authorize(browser, new URL(back));
    expect(callback.searchParams.get("iss")).toBe(app.origin); // RFC 9207

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    const claims = tokens.claims()!;
    // The scopes' claims are in the ID token as well as at userinfo (conformIdTokenClaims: false).
    expect(claims).toMatchObject({ iss: app.origin, sub: user.id, aud: "first-party", nonce, email: user.email, email_verified: true, name: "Ada Member" });
    expect(typeof claims.auth_time).toBe("number");
    expect(claims.amr).toEqual(["pwd"]);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split(".")[0]!, "base64url").toString()) as { alg: string; kid: string };
    expect(header.alg).toBe("ES256");
    const latchKeys = (await (await fetch(`${app.origin}/auth/jwks`)).json()) as { keys: { kid: string }[] };
    expect(latchKeys.keys[0]!.kid).toBe(header.kid);

    const info = await client.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).toMatchObject({ sub: user.id, email: user.email, email_verified: true, name: "Ada Member" });
  });

  test("a second authorization in the same browser needs no new sign-in", async () => {
    const user = await app.member();
    const browser = new Browser(app.origin);
    await browser.signIn(user.email);
    const config = await discover("first-party");
    for (let round = 0; round < 2; round++) {
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, { redirect_uri: rpCallback, scope: "openid", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state: "s" });
      const callback = await authorize(browser, url);
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: "s" });
      expect(tokens.claims()!.sub).toBe(user.id);
    }
  });
});

describe("oauth4webapi", () => {
  test("code flow with PKCE for a confidential client, with an audience-bound JWT access token for a resource", async () => {
    const user = await app.member();
    const browser = new Browser(app.origin);
    await browser.signIn(user.email);
    const issuer = new URL(app.origin);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }));
    const rp: oauth.Client = { client_id: "partner" };
    const auth = oauth.ClientSecretBasic("partner-secret-0123456789abcdef0123456789");
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: "partner",
      redirect_uri: rpCallback,
      response_type: "code",
      scope: "openid notes:read",
      resource: "https://api.example.test/",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    // A third-party client: the consent page first.
    const consent = await browser.follow(url);
    expect(consent.url).toMatch(new RegExp(`^${app.origin}/auth/oauth2/interaction/`));
    const page = await consent.response.text();
    expect(page).toContain("Partner Analytics");
    expect(page).toContain("Read your notes");
    expect(page).toContain(user.email);
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await browser.fetch(`${consent.url}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
    const callback = await authorize(browser, new URL(confirmed.headers.get("location")!, app.origin));

    const params = oauth.validateAuthResponse(as, rp, callback);
    const response = await oauth.authorizationCodeGrantRequest(as, rp, auth, params, rpCallback, verifier, {
      [oauth.allowInsecureRequests]: true,
      additionalParameters: { resource: "https://api.example.test/" },
    });
    const result = await oauth.processAuthorizationCodeResponse(as, rp, response, { requireIdToken: true });
    const { payload } = await jwtVerify(result.access_token, createRemoteJWKSet(new URL(`${app.origin}/auth/jwks`)), { issuer: app.origin, audience: "https://api.example.test/" });
    expect(payload).toMatchObject({ sub: user.id, scope: "notes:read", client_id: "partner" });
  });
});
