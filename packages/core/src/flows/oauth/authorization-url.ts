import type { InternalOAuthProvider } from "../../config/providers.js";
import { AuthError, OAuthSignInError } from "../../errors.js";
import type { ResponseInternal } from "../../types/response.js";
import type { Cookie } from "../../types/cookies.js";
import type { FlowInput } from "../types.js";
import { checkCookie, createNonce, createPkce, createState } from "./checks.js";
import { providerClient, redirectTarget } from "./client.js";
import { providerServer } from "./discovery.js";
import type { IssuerTemplates } from "./issuer-template.js";

/** The default scope of OpenID Connect providers that set none. */
const defaultOidcScope = "openid profile email";

/**
 * `POST /signin/<id>` for oauth and oidc: the authorization request (RFC 6749 section 4.1.1,
 * OpenID Connect Core 1.0 section 3.1.2.1) as a redirect, with the check cookies.
 *
 * Parameters, later ones winning: `response_type=code`, `client_id`, `redirect_uri`, the
 * provider's `authorization.params`, then every query parameter of the sign-in request; `scope`
 * defaults to `openid profile email` for oidc. The checks come last so nothing overrides them:
 * PKCE S256 (RFC 7636 section 4.3), `state` (RFC 6749 section 10.12; always when a redirect proxy
 * relays the callback, carrying this deployment's callback URL, and for an explicit link, carrying
 * the signed-in user's id) and `nonce` (OIDC Core 3.1.2.1). `templates`: see `providerServer`.
 */
export async function beginOAuth({ ctx, req, provider, linkTo }: FlowInput<InternalOAuthProvider>, templates: IssuerTemplates | null): Promise<ResponseInternal> {
  const fail = (message: string) => new OAuthSignInError(message, { cause: { providerId: provider.id } });
  let url: URL;
  let target: ReturnType<typeof redirectTarget>;
  try {
    providerClient(provider, fail);
    target = redirectTarget(ctx, provider);
    const { as } = await providerServer(provider, templates);
    if (!as.authorization_endpoint) throw fail(`Provider "${provider.id}" has no authorization endpoint.`);
    url = new URL(as.authorization_endpoint);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new OAuthSignInError(`Could not prepare the authorization request of provider "${provider.id}".`, { cause: { providerId: provider.id, err: error as Error } });
  }

  // RFC 6749 section 3.1: the endpoint's own query is kept, and no parameter may appear twice,
  // so every parameter is set (replacing one the configured URL carries), never appended.
  const params = url.searchParams;
  params.set("response_type", "code");
  params.set("client_id", provider.clientId!);
  params.set("redirect_uri", target.redirectUri);
  for (const [key, value] of Object.entries(provider.authorization?.params ?? {})) params.set(key, String(value));
  for (const [key, value] of Object.entries(req.query)) params.set(key, value);
  if (provider.type === "oidc" && !params.has("scope")) params.set("scope", defaultOidcScope);

  const cookies: Cookie[] = [];
  if (provider.checks.includes("pkce")) {
    const pkce = await createPkce();
    params.set("code_challenge", pkce.challenge);
    params.set("code_challenge_method", "S256");
    cookies.push(await checkCookie(ctx, "pkceCodeVerifier", provider, pkce.verifier));
  }
  // An explicit link always carries a state: it names the user the account is for.
  if (provider.checks.includes("state") || target.origin || linkTo) {
    const state = await createState(ctx, target.origin, linkTo);
    params.set("state", state);
    cookies.push(await checkCookie(ctx, "state", provider, state));
  }
  if (provider.checks.includes("nonce")) {
    const nonce = createNonce();
    params.set("nonce", nonce);
    cookies.push(await checkCookie(ctx, "nonce", provider, nonce));
  }
  ctx.logger.debug("authorization-url", { provider: provider.id, url: `${url.origin}${url.pathname}` });
  return { redirect: url.toString(), cookies };
}
