/**
 * The other grants and the ends of sessions, over HTTP through Latch's mount: client credentials,
 * the device authorization grant (RFC 8628), introspection (RFC 7662), RP-initiated logout (which
 * ends the Latch session too), and the provider's session following the Latch session: signing
 * out of Latch ends it, and another user signing in in the same browser is not given the first
 * user's session.
 */
import * as oauth from "oauth4webapi";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, resource, rpCallback, startApp, type TestApp } from "./app.js";
import { codeFlow, memberBrowser, rpConfig } from "./flows.js";

let app: TestApp;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true } as const;

beforeAll(async () => {
  app = await startApp();
  const issuer = new URL(app.origin);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
});
afterAll(() => app?.close());

/** An authorization request with prompt=none: where it sends the browser. */
async function silently(browser: Browser, config: client.Configuration): Promise<URL> {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, { redirect_uri: rpCallback, scope: "openid", prompt: "none", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
  const { url: landed } = await browser.follow(url);
  return new URL(landed);
}

describe("client credentials", () => {
  test("a service gets an audience-bound JWT for a resource, which the resource takes", async () => {
    const service = { client_id: "service" };
    const response = await oauth.clientCredentialsGrantRequest(as, service, oauth.ClientSecretBasic("service-secret-0123456789abcdef0123456789"), new URLSearchParams({ resource, scope: "notes:read" }), insecure);
    const tokens = await oauth.processClientCredentialsResponse(as, service, response);
    const api = await fetch(`${app.origin}/api/notes`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ subject: "service", scopes: ["notes:read"] });
  });

  test("a wrong client secret is refused", async () => {
    const service = { client_id: "service" };
    const response = await oauth.clientCredentialsGrantRequest(as, service, oauth.ClientSecretBasic("not-the-secret"), new URLSearchParams({ resource }), insecure);
    expect(response.status).toBe(401);
  });
});

describe("device authorization grant", () => {
  test("the TV shows a code, the user confirms it signed in to Latch, the TV gets tokens", async () => {
    const tv = { client_id: "tv" };
    const none = oauth.None();
    const started = await oauth.processDeviceAuthorizationResponse(as, tv, await oauth.deviceAuthorizationRequest(as, tv, none, new URLSearchParams({ scope: "openid email" }), insecure));
    expect(started.verification_uri).toBe(`${app.origin}/auth/oauth2/device`);
    const pending = await oauth.deviceCodeGrantRequest(as, tv, none, started.device_code, insecure);
    await expect(oauth.processDeviceCodeResponse(as, tv, pending)).rejects.toMatchObject({ error: "authorization_pending" });

    const { browser, user } = await memberBrowser(app);
    const page = await browser.fetch(started.verification_uri_complete!);
    if (page.status !== 200) throw new Error(`${page.status} ${await page.text()}`);
    const confirmed = await browser.submit(await page.text(), started.verification_uri_complete!, { confirm: "yes" });
    const done = await browser.follow(new URL(confirmed.headers.get("location")!, app.origin));
    expect(done.response.status).toBe(200);

    const tokens = await oauth.processDeviceCodeResponse(as, tv, await oauth.deviceCodeGrantRequest(as, tv, none, started.device_code, insecure));
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(user.id);
  });
});

describe("introspection", () => {
  test("an opaque access token introspects as active, with its subject, client and scope", async () => {
    const { browser, user } = await memberBrowser(app);
    const tokens = await codeFlow(await rpConfig(app), browser, "openid email");
    const partner = { client_id: "partner" };
    const response = await oauth.introspectionRequest(as, partner, oauth.ClientSecretBasic("partner-secret-0123456789abcdef0123456789"), tokens.access_token, insecure);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ active: true, sub: user.id, client_id: "first-party", scope: "openid email", iss: app.origin });
  });
});

describe("the provider's session follows Latch's", () => {
  test("signing out of Latch ends the provider's session: a silent authorization then needs a login", async () => {
    const { browser } = await memberBrowser(app);
    const config = await rpConfig(app);
    await codeFlow(config, browser, "openid");
    expect((await silently(browser, config)).searchParams.get("code")).toBeTruthy();
    await browser.signOut();
    const answer = await silently(browser, config);
    expect(answer.searchParams.get("code")).toBeNull();
    expect(answer.searchParams.get("error")).toBe("login_required");
  });

  test("another user signing in in the same browser gets their own session, not the first user's", async () => {
    const { browser, user } = await memberBrowser(app);
    const config = await rpConfig(app);
    expect((await codeFlow(config, browser, "openid")).claims()!.sub).toBe(user.id);
    await browser.signOut();
    const other = await app.member();
    await browser.signIn(other.email);
    expect((await codeFlow(config, browser, "openid")).claims()!.sub).toBe(other.id);
  });

  test("RP-initiated logout, confirmed, ends the provider's session and the Latch session, and returns to the registered URI", async () => {
    const { browser } = await memberBrowser(app);
    const config = await rpConfig(app);
    const tokens = await codeFlow(config, browser, "openid");
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: "http://rp.example.test/signed-out", state: "bye" });
    const page = await browser.fetch(logout);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign out?");
    const confirmed = await browser.submit(html, logout.href, { logout: "yes" });
    expect(confirmed.headers.get("location")).toBe("http://rp.example.test/signed-out?state=bye");
    const session = await (await browser.fetch(`${app.origin}/auth/session`)).json();
    expect(session).toBeNull();
    expect((await silently(browser, config)).searchParams.get("error")).toBe("login_required");
  });

  test("a post_logout_redirect_uri that is not registered is refused", async () => {
    const { browser } = await memberBrowser(app);
    const config = await rpConfig(app);
    const tokens = await codeFlow(config, browser, "openid");
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: "http://evil.example/" });
    const page = await browser.fetch(logout);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("post_logout_redirect_uri not registered");
  });
});
