import * as o from "oauth4webapi";
import type { AuthContext } from "../../config/context.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import type { ClientAuthMethod } from "../../types/providers.js";

/** The client (relying party) as oauth4webapi sees it, and how it authenticates at the token endpoint. */
export interface ProviderClient {
  client: o.Client;
  auth: o.ClientAuth;
  method: ClientAuthMethod;
}

/**
 * The provider's client metadata and token-endpoint authentication (RFC 6749 section 2.3.1):
 * `client_secret_basic` by default when there is a secret, `none` (a public client, which
 * RFC 9700 section 2.1.1 expects to use PKCE) without one. Throws a configuration error through
 * `fail` when the client id, or the secret its method needs, is missing.
 */
export function providerClient(provider: InternalOAuthProvider, fail: (message: string) => Error): ProviderClient {
  if (!provider.clientId) throw fail(`Provider "${provider.id}" has no clientId. Set it, or AUTH_${envId(provider.id)}_ID.`);
  const { token_endpoint_auth_method: configured, ...metadata } = provider.client ?? {};
  const method: ClientAuthMethod = configured ?? (provider.clientSecret ? "client_secret_basic" : "none");
  const client: o.Client = { ...metadata, client_id: provider.clientId, token_endpoint_auth_method: method };
  if (method === "none") return { client, auth: o.None(), method };
  if (!provider.clientSecret) {
    throw fail(`Provider "${provider.id}" authenticates with ${method} but has no clientSecret. Set it, or AUTH_${envId(provider.id)}_SECRET.`);
  }
  if (method === "client_secret_post") return { client, auth: o.ClientSecretPost(provider.clientSecret), method };
  if (method === "client_secret_basic") return { client, auth: o.ClientSecretBasic(provider.clientSecret), method };
  throw fail(`Provider "${provider.id}": token_endpoint_auth_method "${String(method)}" is not supported; use client_secret_basic, client_secret_post or none.`);
}

function envId(id: string): string {
  return id.toUpperCase().replace(/-/g, "_");
}

/** Where the provider sends the browser back, and the callback URL to carry in `state` when a proxy relays it. */
export interface RedirectTarget {
  redirectUri: string;
  /** This deployment's callback URL, set only when `redirectUri` points at a redirect proxy. */
  origin?: string;
}

/**
 * The `redirect_uri` of the authorization and token requests: `<redirectProxyUrl>/callback/<id>`
 * when a redirect proxy is configured (per provider, else `AuthConfig.redirectProxyUrl`) and this
 * deployment is not the proxy itself; `<base>/callback/<id>` otherwise.
 */
export function redirectTarget(ctx: Pick<AuthContext, "origin" | "redirectProxyUrl">, provider: InternalOAuthProvider): RedirectTarget {
  const proxy = (provider.redirectProxyUrl ?? ctx.redirectProxyUrl)?.replace(/\/+$/, "");
  if (!proxy) return { redirectUri: provider.callbackUrl };
  // An invalid URL throws here: a misconfiguration to report, not to skip silently.
  if (new URL(proxy).origin === ctx.origin) return { redirectUri: provider.callbackUrl };
  return { redirectUri: `${proxy}/callback/${provider.id}`, origin: provider.callbackUrl };
}
