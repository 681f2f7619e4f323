/**
 * Dynamic client registration (RFC 7591) through Latch's mount: off unless the app turns it on;
 * on, a client's redirect URIs must pass the app's rule (`registration.redirectUris`), the
 * registrations of one address are limited (`registration.rateLimit`), and a registered client
 * runs the code flow with PKCE through the consent page.
 */
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "./app.js";
import { memberBrowser } from "./flows.js";

const allowed = "https://assistant.example.test/callback";
const register = (app: TestApp, metadata: Record<string, unknown>) =>
  fetch(`${app.origin}/auth/oauth2/reg`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(metadata) });

describe("registration off (the default)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  test("there is no registration endpoint", async () => {
    const response = await register(app, { redirect_uris: [allowed], token_endpoint_auth_method: "none" });
    expect(response.status).toBe(404);
    const config = await (await fetch(`${app.origin}/.well-known/openid-configuration`)).json();
    expect(config.registration_endpoint).toBeUndefined();
  });
});

describe("registration on", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ provider: { registration: { enabled: true, redirectUris: (uri) => uri.startsWith("https://assistant.example.test/"), rateLimit: { max: 3, windowSeconds: 60 } } } });
  });
  afterAll(() => app?.close());

  test("a client with allowed redirect URIs is registered and signs a user in (consent page, PKCE)", async () => {
    const response = await register(app, { redirect_uris: [allowed], token_endpoint_auth_method: "none", grant_types: ["authorization_code"], client_name: "Some Assistant" });
    expect(response.status).toBe(201);
    const registered = (await response.json()) as { client_id: string };
    const { browser, user } = await memberBrowser(app);
    const config = await client.discovery(new URL(app.origin), registered.client_id, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: allowed, scope: "openid", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state: "s" });
    const consent = await browser.follow(url, "https://assistant.example.test/");
    const page = await consent.response.text();
    expect(page).toContain("Some Assistant");
    const done = await browser.submit(page.slice(page.lastIndexOf("<form")), consent.url); // the second form: Allow
    const landed = await browser.follow(new URL(done.headers.get("location")!, app.origin), "https://assistant.example.test/");
    const tokens = await client.authorizationCodeGrant(config, new URL(landed.url), { pkceCodeVerifier: verifier, expectedState: "s" });
    expect(tokens.claims()!.sub).toBe(user.id);
  });

  test("a redirect URI outside the app's rule is refused", async () => {
    // registration.redirectUris, checked by Latch's extraClientMetadata validator.
    const response = await register(app, { redirect_uris: [allowed, "https://evil.example/callback"], token_endpoint_auth_method: "none" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_redirect_uri" });
  });

  test("the implicit grant cannot be registered", async () => {
    const response = await register(app, { redirect_uris: [allowed], grant_types: ["implicit"], response_types: ["id_token"], token_endpoint_auth_method: "none" });
    expect(response.status).toBe(400);
  });

  test("registrations from one address are limited", async () => {
    // registration.rateLimit: 3 a minute; the earlier tests of this app used them up.
    const response = await register(app, { redirect_uris: [allowed], token_endpoint_auth_method: "none" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("60");
    // The provider's router takes any case and a trailing slash: those spellings are counted too.
    for (const path of ["REG", "reg/", "Reg/"]) {
      const other = await fetch(`${app.origin}/auth/oauth2/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [allowed], token_endpoint_auth_method: "none" }) });
      expect(other.status).toBe(429);
    }
  });
});
