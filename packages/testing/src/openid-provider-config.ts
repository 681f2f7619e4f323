/**
 * The oidc-provider configuration of the test provider: its keys, storage, claims, policies and
 * the defaults that would otherwise make it print advice on the console.
 */
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Configuration } from "oidc-provider";
import { accountFinder, claimsByScope, type OpenIDAccount } from "./openid-provider-accounts.js";
import { interactionPath } from "./openid-provider-interaction.js";
import type { ProviderStore } from "./openid-provider-store.js";
import type { SigningKey } from "./openid-provider-tamper.js";

/** The oidc-provider module. */
export type ProviderModule = typeof import("oidc-provider");

/** What {@link providerConfiguration} builds on. */
export interface ConfigurationInputs {
  store: ProviderStore;
  /** The live account list (the provider looks accounts up in it on every request). */
  accounts: readonly OpenIDAccount[];
  signingKey: SigningKey & { privateJwk: JWK };
  /** Reuse provider sessions instead of signing in on every authorization request. */
  sso: boolean;
  /** Require PKCE from confidential clients too. */
  requirePkce: boolean;
  /** Access-token lifetime in seconds (default 3600). */
  accessTokenTtl?: number;
  /** Rotate refresh tokens on every use. */
  rotateRefreshTokens?: boolean;
  /** Claims released with a scope beyond the standard ones (see {@link OpenIDProviderOptions.scopeClaims}). */
  scopeClaims?: Readonly<Record<string, readonly string[]>>;
}

/** Builds the provider configuration. */
export function providerConfiguration(oidc: ProviderModule, inputs: ConfigurationInputs): Configuration {
  const { interactionPolicy } = oidc;
  const policy = interactionPolicy.base();
  if (!inputs.sso) {
    // Ask for a login on every request unless this interaction just produced one.
    const again = new interactionPolicy.Check("automatic_sign_in", "End-User signs in on every request", (ctx) =>
      ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
    );
    policy.get("login")?.checks.add(again, 0);
  }
  return {
    adapter: (model: string) => inputs.store.adapter(model),
    jwks: { keys: [inputs.signingKey.privateJwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: claimsByScope(inputs.accounts, inputs.scopeClaims),
    scopes: ["openid", "offline_access", "email", "profile", "phone", "address"],
    findAccount: accountFinder(inputs.accounts),
    // Put the scope's claims in the ID token too, as most providers do, not only in userinfo.
    conformIdTokenClaims: false,
    clientBasedCORS: () => true,
    // RS256 with the provider's key by default; HS256 (keyed with the client secret) for a client
    // registered with id_token_signed_response_alg "HS256", as LINE signs its ID tokens.
    enabledJWA: { idTokenSigningAlgValues: ["RS256", "HS256"] },
    // Public clients must use PKCE (RFC 9700 section 2.1.1); S256 is the only method offered.
    pkce: { required: (_ctx, client) => inputs.requirePkce || client.clientAuthMethod === "none" },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // With rotation each refresh token works once: a reused one is refused (and the grant revoked).
    ...(inputs.rotateRefreshTokens ? { rotateRefreshToken: () => true } : {}),
    interactions: { policy, url: (_ctx, interaction) => `${interactionPath}${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      // The `claims` request parameter (OpenID Connect Core 1.0 section 5.5), which Twitch relies on.
      claimsParameter: { enabled: true },
    },
    ttl: { AccessToken: inputs.accessTokenTtl ?? 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86400, Interaction: 600, Session: 86400, Grant: 86400 },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<!DOCTYPE html><title>${escapeHtml(out.error)}</title><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(out.error_description ?? "")}</p>`;
    },
  };
}

/** A fresh RS256 key pair for signing ID tokens, as JWKs and as a key `jose` can sign with. */
export async function createSigningKey(): Promise<SigningKey & { privateJwk: JWK; publicJwk: JWK }> {
  const alg = "RS256";
  const kid = randomBytes(8).toString("base64url");
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg, use: "sig" };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  return { kid, alg, privateKey, privateJwk, publicJwk };
}

/**
 * Loads oidc-provider. Unless `verbose`, its load-time notices (it warns on Node.js versions
 * older than 22, on which it still runs) are kept off the console.
 */
export async function importProvider(verbose: boolean): Promise<ProviderModule> {
  if (verbose) return import("oidc-provider");
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("oidc-provider ")) return;
    warn.apply(console, args);
  };
  try {
    return await import("oidc-provider");
  } finally {
    console.warn = warn;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
