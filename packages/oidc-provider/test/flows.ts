/** The code flow with PKCE as `openid-client` runs it, for the suites that need tokens to start from. */
import * as client from "openid-client";
import { Browser, rpCallback, type TestApp } from "./app.js";

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
