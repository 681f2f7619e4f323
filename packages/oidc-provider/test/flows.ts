/** The code flow with PKCE as `openid-client` runs it, and the partner's consent as `oauth4webapi` runs it, for the suites that need tokens or grants to start from. */
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "@latch/pg";
import * as oauth from "oauth4webapi";
import * as client from "openid-client";
import { afterAll, beforeAll, expect } from "vitest";
import { pgStorage } from "../src/pg.js";
import { Browser, rpCallback, startApp, type TestApp } from "./app.js";

/** The partner client (a confidential one that gets a consent page), as `oauth4webapi` names it. */
export const partner = { client_id: "partner" };
export const partnerAuth = oauth.ClientSecretBasic("partner-secret-0123456789abcdef0123456789");
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The enclosing suite's app, on the memory storage or on PostgreSQL (PGlite), and the provider's metadata as `oauth4webapi` discovers it; set once `beforeAll` has run. */
export function appOnStorage(storage: "memory" | "pg"): { app: TestApp; as: oauth.AuthorizationServer } {
  const suite = {} as { app: TestApp; as: oauth.AuthorizationServer };
  let pglite: PGlite | undefined;
  beforeAll(async () => {
    if (storage === "pg") {
      pglite = new PGlite();
      await migrate(pglite);
      suite.app = await startApp({ db: pglite, provider: { storage: pgStorage(pglite) } });
    } else suite.app = await startApp();
    const issuer = new URL(suite.app.origin);
    suite.as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  });
  afterAll(async () => {
    await suite.app?.close();
    await pglite?.close();
  });
  return suite;
}

/** A signed-in member who allowed the partner client on its consent page (a remembered grant), and the partner's tokens. */
export async function allowPartner(app: TestApp, as: oauth.AuthorizationServer) {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid email offline_access", prompt: "consent", code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }).toString();
  let step = await browser.follow(url);
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await step.response.text())![1]!;
  const confirmed = await browser.fetch(`${step.url}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
  step = await browser.follow(new URL(confirmed.headers.get("location")!, app.origin));
  expect(step.url.startsWith(rpCallback)).toBe(true);
  const params = oauth.validateAuthResponse(as, partner, new URL(step.url));
  const tokens = await oauth.processAuthorizationCodeResponse(as, partner, await oauth.authorizationCodeGrantRequest(as, partner, partnerAuth, params, rpCallback, verifier, insecure));
  return { browser, user, tokens };
}

/** The RP's view of the provider: `openid-client`'s configuration of `clientId`. */
export function rpConfig(app: TestApp, clientId = "first-party", secret?: string): Promise<client.Configuration> {
  return client.discovery(new URL(app.origin), clientId, secret, secret ? client.ClientSecretBasic(secret) : client.None(), { execute: [client.allowInsecureRequests] });
}

/** A signed-in member's browser. */
export async function memberBrowser(app: TestApp): Promise<{ browser: Browser; user: { id: string; email: string } }> {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  return { browser, user };
}

/** Runs the code flow with PKCE in `browser` (already signed in; first-party client, so no consent page). */
export async function codeFlow(config: client.Configuration, browser: Browser, scope = "openid email offline_access", extra: Record<string, string> = {}): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: rpCallback,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...(scope.includes("offline_access") && { prompt: "consent" }),
    ...extra,
  });
  const { url: landed, response } = await browser.follow(url);
  if (!landed.startsWith(rpCallback)) throw new Error(`stopped at ${landed}: ${response.status} ${await response.text()}`);
  return client.authorizationCodeGrant(config, new URL(landed), { pkceCodeVerifier: verifier, expectedState: state });
}
