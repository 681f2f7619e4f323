/**
 * The demo's own OpenID Provider, so that "Sign in with Demo OpenID" works offline: the OpenID
 * Provider of `@latch/testing` (a real `oidc-provider`) on a loopback port with one account, which
 * signs in and consents by itself.
 */
import { randomBytes } from "node:crypto";
import type { Provider } from "@latch/core";
import { OIDC } from "@latch/core/providers/oauth";
import { startOpenIDProvider, type OpenIDAccount } from "@latch/testing";

/** The one end-user of the demo provider. */
export const demoOidcAccount = {
  sub: "demo-openid-user",
  email: "openid-user@latch.test",
  email_verified: true,
  name: "Demo OpenID User",
} as const satisfies OpenIDAccount;

/** Options of {@link startDemoOpenIDProvider}. */
export interface DemoOpenIDProviderOptions {
  /** Latch's callback URL for the demo provider, registered as the client's only redirect URI. */
  redirectUri: string;
  /** Port on 127.0.0.1; default 3001. */
  port?: number;
}

/** A running demo provider. */
export interface DemoOpenIDProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts the demo provider at `http://127.0.0.1:<port>` (port 0: any free one) with one confidential client
 * (`client_secret_basic`) for Latch.
 *
 * @example
 * ```ts
 * const op = await startDemoOpenIDProvider({ redirectUri: "http://localhost:3000/auth/callback/demo-oidc" })
 * // op.issuer → "http://127.0.0.1:3001"
 * ```
 */
export async function startDemoOpenIDProvider(options: DemoOpenIDProviderOptions): Promise<DemoOpenIDProvider> {
  const clientId = "latch-demo";
  const clientSecret = randomBytes(24).toString("base64url");
  const op = await startOpenIDProvider({
    port: options.port ?? 3001,
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ["authorization_code"] }],
    accounts: [demoOidcAccount],
  });
  return { issuer: op.issuer, clientId, clientSecret, close: () => op.close() };
}

/** What the demo's Latch configuration needs to know about the running demo provider. */
export type DemoOidcClient = Pick<DemoOpenIDProvider, "issuer" | "clientId" | "clientSecret">;

/** The id of the demo provider in Latch: its callback is `<origin>/auth/callback/demo-oidc`. */
export const demoOidcProviderId = "demo-oidc";

/**
 * The Latch provider entry "Demo OpenID" for the running demo provider (discovery from its issuer),
 * made by `OIDC()` so that its ID tokens' signatures are checked.
 */
export function demoOidcProvider(client: DemoOidcClient): Provider {
  return OIDC({
    id: demoOidcProviderId,
    name: "Demo OpenID",
    issuer: client.issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    style: { bg: "#4b3f72", text: "#ffffff" },
  });
}
