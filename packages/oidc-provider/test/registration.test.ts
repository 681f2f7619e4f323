/**
 * Dynamic client registration (RFC 7591) through Latch's mount: off unless the app turns it on;
 * on, a client's redirect URIs must pass the app's rule (`registration.redirectUris`), the
 * registrations of one address are limited (`registration.rateLimit`), and a registered client
 * runs the code flow with PKCE through the consent page. A software statement (RFC 7591 §2.3)
 * signed by an issuer the app trusts vouches for metadata (`registration.softwareStatements`).
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "./app.js";
import { memberBrowser } from "./flows.js";

const allowed = "https://assistant.example.test/callback";
const register = (app: TestApp, metadata: Record<string, unknown>) =>
  fetch(`${app.origin}/auth/oauth2/reg`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(metadata) });

/** The code flow with PKCE for a registered public client; the consent page's text is returned with the user and the token's subject. */
async function codeFlow(app: TestApp, clientId: string) {
  const { browser, user } = await memberBrowser(app);
  const config = await client.discovery(new URL(app.origin), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, { redirect_uri: allowed, scope: "openid", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state: "s" });
  const consent = await browser.follow(url, "https://assistant.example.test/");
  const page = await consent.response.text();
  const done = await browser.submit(page.slice(page.lastIndexOf("<form")), consent.url); // the second form: Allow
  const landed = await browser.follow(new URL(done.headers.get("location")!, app.origin), "https://assistant.example.test/");
  const tokens = await client.authorizationCodeGrant(config, new URL(landed.url), { pkceCodeVerifier: verifier, expectedState: "s" });
  return { page, user, subject: tokens.claims()!.sub };
}

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
    app = await startApp({ provider: { registration: { enabled: true, redirectUris: (uri) => uri.startsWith("https://assistant.example.test/"), rateLimit: { max: 4, windowSeconds: 60 } } } });
  });
  afterAll(() => app?.close());

  test("a client with allowed redirect URIs is registered and signs a user in (consent page, PKCE)", async () => {
    const response = await register(app, { redirect_uris: [allowed], token_endpoint_auth_method: "none", grant_types: ["authorization_code"], client_name: "Some Assistant" });
    expect(response.status).toBe(201);
    const registered = (await response.json()) as { client_id: string };
    const { page, user, subject } = await codeFlow(app, registered.client_id);
    expect(page).toContain("Some Assistant");
    expect(subject).toBe(user.id);
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

  test("without `softwareStatements`, a statement is dropped unread: no unverified statement is kept", async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const statement = `${part({ alg: "none" })}.${part({ iss: "https://anyone.example.test", software_id: "vouched" })}.`;
    const response = await register(app, { redirect_uris: [allowed], token_endpoint_auth_method: "none", software_statement: statement });
    expect(response.status).toBe(201);
    const registered = (await response.json()) as Record<string, unknown>;
    expect(registered.software_statement).toBeUndefined();
    expect(registered.software_id).toBeUndefined();
  });

  test("registrations from one address are limited", async () => {
    // registration.rateLimit: 4 a minute; the earlier tests of this app used them up.
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

describe("software statements", () => {
  const vouching = "https://vouching.example.test";
  let app: TestApp;
  let signingKey: CryptoKey;
  let publicJwk: JWK;
  /** A secret wrongly listed among the issuer's keys: a statement signed with it is still refused. */
  const sharedSecret = new Uint8Array(32).fill(7);
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, key: CryptoKey | Uint8Array = signingKey, alg = "ES256") =>
    new SignJWT(claims).setProtectedHeader({ alg, kid: alg === "ES256" ? "vouching-1" : "shared" }).sign(key);
  const vouched = { iss: vouching, iat: now(), exp: now() + 600, client_name: "Vouched Assistant", redirect_uris: [allowed], software_id: "assistant", software_version: "1.2.0" };
  const body = { redirect_uris: ["https://assistant.example.test/from-the-body"], client_name: "Body Name", token_endpoint_auth_method: "none", grant_types: ["authorization_code"] };

  beforeAll(async () => {
    const pair = await generateKeyPair("ES256");
    signingKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "vouching-1", alg: "ES256", use: "sig" };
    const secretJwk = { ...(await exportJWK(sharedSecret)), kid: "shared" };
    app = await startApp({
      provider: {
        registration: {
          enabled: true,
          redirectUris: (uri) => uri.startsWith("https://assistant.example.test/"),
          rateLimit: { max: 100, windowSeconds: 60 },
          softwareStatements: { issuers: [{ issuer: vouching, jwks: { keys: [publicJwk, secretJwk] } }], required: true },
        },
      },
    });
  });
  afterAll(() => app?.close());

  test("a statement's claims take precedence over the body's, and the client signs a user in", async () => {
    const statement = await sign(vouched);
    const response = await register(app, { ...body, software_statement: statement });
    expect(response.status).toBe(201);
    const registered = (await response.json()) as Record<string, unknown> & { client_id: string };
    expect(registered).toMatchObject({ client_name: "Vouched Assistant", redirect_uris: [allowed], software_id: "assistant", software_version: "1.2.0", software_statement: statement });
    expect(registered.iss).toBeUndefined();
    const { page, user, subject } = await codeFlow(app, registered.client_id);
    expect(page).toContain("Vouched Assistant");
    expect(page).not.toContain("Body Name");
    expect(subject).toBe(user.id);
  });

  test("with `required`, a registration without a statement is refused", async () => {
    const response = await register(app, { ...body, redirect_uris: [allowed] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
  });

  test("a statement signed by another key is refused", async () => {
    const stranger = await generateKeyPair("ES256");
    const response = await register(app, { ...body, software_statement: await sign(vouched, stranger.privateKey) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
  });

  test("a statement from an issuer not trusted is refused as unapproved", async () => {
    const stranger = await generateKeyPair("ES256");
    const response = await register(app, { ...body, software_statement: await sign({ ...vouched, iss: "https://stranger.example.test" }, stranger.privateKey) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unapproved_software_statement" });
  });

  test("an expired statement is refused", async () => {
    const response = await register(app, { ...body, software_statement: await sign({ ...vouched, iat: now() - 7200, exp: now() - 3600 }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
  });

  test("an unsigned statement (alg none) is refused", async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const response = await register(app, { ...body, software_statement: `${part({ alg: "none" })}.${part(vouched)}.` });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
  });

  test("a statement signed with a symmetric key (HS256) is refused, even one among the issuer's keys", async () => {
    const response = await register(app, { ...body, software_statement: await sign(vouched, sharedSecret, "HS256") });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
  });

  test("a statement issued in the future, or addressed to another server, is refused", async () => {
    for (const claims of [{ ...vouched, iat: now() + 3600 }, { ...vouched, aud: "https://other-server.example.test" }]) {
      const response = await register(app, { ...body, software_statement: await sign(claims) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_software_statement" });
    }
    // An `aud` naming this server is fine.
    const response = await register(app, { ...body, software_statement: await sign({ ...vouched, aud: app.origin }) });
    expect(response.status).toBe(201);
  });

  test("a statement's redirect URIs are held to the app's rule", async () => {
    const response = await register(app, { ...body, redirect_uris: [allowed], software_statement: await sign({ ...vouched, redirect_uris: ["https://evil.example/callback"] }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_redirect_uri" });
  });

  test("garbage in place of a statement is a 400, never a 500", async () => {
    for (const garbage of [42, "not-a-jwt", "a.b.c", {}, [await sign(vouched)], await sign({ ...vouched, software_id: 7 })]) {
      const response = await register(app, { ...body, software_statement: garbage });
      expect(response.status, JSON.stringify(garbage)).toBe(400);
    }
  });
});
