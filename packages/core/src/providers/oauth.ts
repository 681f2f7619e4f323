/**
 * An OAuth 2 or OpenID Connect provider of the app's own, made by a factory so that it brings its
 * flow with it. `Auth` of `@latch/core` also takes the same fields as a plain object, as Auth.js
 * does; `Auth` of `@latch/core/slim` takes providers from their factories only, so that a bundle
 * without code splitting holds the OAuth flow only when the app imports a provider that needs it.
 *
 * @example
 * ```ts
 * import { OIDC } from "@latch/core/providers/oauth"
 * const corp = OIDC({ id: "corp", name: "Corp", issuer: "https://id.corp.example", clientId, clientSecret })
 * ```
 * @module providers/oauth
 */
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";
import type { Profile } from "../types/entities.js";
import type { OAuth2Config, OIDCConfig } from "./types.js";

export type { OAuth2Config, OIDCConfig, OAuthConfig, OAuthUserConfig, TokenSet } from "./types.js";

/**
 * A plain OAuth 2 provider: the fields Auth.js takes for `{ type: "oauth", … }` (the `type` may be
 * left out), with the OAuth flow attached.
 *
 * @example
 * ```ts
 * import OAuth from "@latch/core/providers/oauth"
 * const legacy = OAuth({ id: "legacy", name: "Legacy", authorization: "https://legacy.example/authorize", token: "https://legacy.example/token", userinfo: "https://legacy.example/me", clientId, clientSecret })
 * ```
 */
export default function OAuth<P = Profile>(config: Omit<OAuth2Config<P>, "type"> & { type?: "oauth" }): OAuth2Config<P> {
  return { ...config, type: "oauth", [providerFlow]: loadOAuthFlow };
}

/**
 * An OpenID Connect provider: the fields Auth.js takes for `{ type: "oidc", … }` (the `type` may
 * be left out; endpoints come from the issuer's discovery document), with the OAuth flow attached.
 *
 * @example
 * ```ts
 * import { OIDC } from "@latch/core/providers/oauth"
 * const corp = OIDC({ id: "corp", name: "Corp", issuer: "https://id.corp.example", clientId, clientSecret })
 * ```
 */
export function OIDC<P = Profile>(config: Omit<OIDCConfig<P>, "type"> & { type?: "oidc" }): OIDCConfig<P> {
  return { ...config, type: "oidc", [providerFlow]: loadOAuthFlow };
}
