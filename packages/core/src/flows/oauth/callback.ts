import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { AuthError, CallbackRouteError, InvalidCheck, OAuthCallbackError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import type { ResponseInternal } from "../../types/response.js";
import type { FlowInput } from "../types.js";
import { clearCheckCookies, decodeState, readCheckCookie } from "./checks.js";
import { providerClient, redirectTarget } from "./client.js";
import { providerServer } from "./discovery.js";
import type { IssuerTemplates } from "./issuer-template.js";
import { fetchProfile, userAndAccount, withExpiresAt } from "./profile.js";
import { exchangeCode, type IdTokenSignatureCheck } from "./tokens.js";
import type { Profile } from "../../types/entities.js";
import { timingSafeEqual } from "../../crypto/index.js";
import { providerVerifiedEmail } from "./verified-email.js";

/** The authorization response: the POST body for `response_mode=form_post`, the query otherwise. */
function responseParams(req: AuthRequest): URLSearchParams {
  const params = new URLSearchParams();
  const source = req.method === "POST" ? (req.body ?? {}) : req.query;
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value);
  return params;
}

/**
 * The redirect proxy's role: a callback whose `state` (sealed with the shared secret, so minted
 * by a deployment of this app) names another deployment's callback URL is forwarded there with
 * its parameters; that deployment holds the check cookies and completes the sign-in.
 */
async function proxyForward(input: FlowInput<InternalOAuthProvider>, params: URLSearchParams): Promise<ResponseInternal | null> {
  const state = params.get("state");
  if (!state) return null;
  const origin = (await decodeState(input.ctx, state))?.origin;
  if (!origin) return null;
  let target: URL;
  try {
    target = new URL(origin);
  } catch {
    return null;
  }
  if (target.origin === input.ctx.origin || (target.protocol !== "http:" && target.protocol !== "https:")) return null;
  for (const [key, value] of params) target.searchParams.set(key, value);
  input.ctx.logger.debug("redirect-proxy", { provider: input.provider.id, to: target.origin });
  return { redirect: target.toString() };
}

/**
 * RFC 9207 section 2.4: the `iss` response parameter must name the provider's issuer (mix-up
 * defence); with a `{tenantid}` template (and `templates`), the template with a GUID-shaped tenant
 * id in place. Returns the server metadata to validate the response against (the tenant's issuer,
 * for a template).
 */
function checkIssuer(provider: InternalOAuthProvider, as: o.AuthorizationServer, issuerKnown: boolean, params: URLSearchParams, templates: IssuerTemplates | null): o.AuthorizationServer {
  const iss = params.get("iss");
  if (!issuerKnown) {
    // Nothing to compare with: a plain OAuth 2 provider configured without `issuer`.
    params.delete("iss");
    return as;
  }
  const templated = !!templates?.isTemplate(as.issuer);
  const same = (value: string) => (templated ? templates!.matches(as.issuer, value) : value === as.issuer);
  const mismatch = iss === null ? as.authorization_response_iss_parameter_supported === true : !same(iss);
  if (mismatch) {
    throw new OAuthCallbackError(iss === null ? "The authorization response lacks the iss parameter its issuer announces." : "The authorization response comes from another issuer.", {
      cause: { providerId: provider.id, check: "iss" },
    });
  }
  return templated && iss !== null ? { ...as, issuer: iss } : as;
}

/**
 * What the flow of factory-made providers (`OIDC({ … })`, `OAuth({ … })`, the presets) adds to
 * the flow a provider written as a plain object gets, which does what Auth.js does.
 */
export interface OAuthExtras {
  /** OIDC Core 1.0 section 3.1.3.7 step 6: the ID token's signature. */
  checkSignature?: IdTokenSignatureCheck;
  /** The profile with what the provider posted beside the code (Sign in with Apple's `user`). */
  withPostedUser?: (profile: Profile, req: AuthRequest) => Profile;
  /** A `{tenantid}` issuer template standing for the configured issuer (Microsoft's multi-tenant endpoints). */
  templates?: IssuerTemplates;
}

/**
 * `/callback/<id>` for oauth and oidc, in the order of RFC 6749 section 4.1.2 and OpenID
 * Connect Core 1.0 section 3.1.2.7 / 3.1.3: forward for a redirect proxy; `iss` (RFC 9207); `state`
 * against its cookie (RFC 6749 section 10.12); a provider error (section 4.1.2.1); the code
 * exchange with the PKCE verifier and the ID token checks; the profile. Nothing is written
 * before every check has passed: the result goes to `completeSignIn`.
 */
export async function completeOAuth(input: FlowInput<InternalOAuthProvider>, extras: OAuthExtras = {}): Promise<VerifiedSignIn | ResponseInternal> {
  const { ctx, req, provider, callbackUrl } = input;
  const params = responseParams(req);
  const forwarded = await proxyForward(input, params);
  if (forwarded) return forwarded;

  const fail = (message: string) => new CallbackRouteError(message, { cause: { providerId: provider.id } });
  const client = providerClient(provider, fail);
  const { redirectUri } = redirectTarget(ctx, provider);
  let server: Awaited<ReturnType<typeof providerServer>>;
  try {
    server = await providerServer(provider, extras.templates ?? null);
  } catch (error) {
    throw new CallbackRouteError(`Could not load the metadata of provider "${provider.id}".`, { cause: { providerId: provider.id, err: error as Error } });
  }
  const { as } = server;

  const responseServer = checkIssuer(provider, as, server.issuerKnown, params, extras.templates ?? null);

  // A state sent back with its cookie present is checked even when the provider's checks leave
  // it out: an explicit link always sends one.
  const usesState =
    provider.checks.includes("state") || redirectUri !== provider.callbackUrl || (params.has("state") && req.cookies[ctx.cookies.state.name] !== undefined);
  let expectedState: string | typeof o.skipStateCheck = o.skipStateCheck;
  let linkTo: string | undefined;
  if (usesState) {
    expectedState = await readCheckCookie(ctx, req.cookies, "state", provider);
    // Compared in constant time: the state is a secret of this browser's sign-in.
    if (!timingSafeEqual(params.get("state") ?? "", expectedState)) {
      throw new InvalidCheck("The state parameter does not match its cookie.", { cause: { providerId: provider.id, check: "state" } });
    }
    const decoded = await decodeState(ctx, expectedState);
    if (!decoded) throw new InvalidCheck("The state has expired or does not open.", { cause: { providerId: provider.id, check: "state" } });
    linkTo = decoded.link;
  }

  let validated: URLSearchParams;
  try {
    validated = o.validateAuthResponse(responseServer, client.client, params, expectedState);
  } catch (error) {
    if (error instanceof o.AuthorizationResponseError) {
      ctx.logger.debug("OAuthCallbackError", { providerId: provider.id, error: error.error, error_description: error.error_description });
      throw new OAuthCallbackError(`The provider returned an error: ${error.error}.`, { cause: { providerId: provider.id, error: error.error } });
    }
    throw new OAuthCallbackError("The authorization response is not valid.", { cause: { providerId: provider.id, err: error as Error } });
  }

  const codeVerifier = provider.checks.includes("pkce") ? await readCheckCookie(ctx, req.cookies, "pkceCodeVerifier", provider) : undefined;
  const nonce = provider.checks.includes("nonce") ? await readCheckCookie(ctx, req.cookies, "nonce", provider) : undefined;

  try {
    const exchange = await exchangeCode({ provider, as, client, params: validated, redirectUri, codeVerifier, nonce, checkSignature: extras.checkSignature ?? null, templates: extras.templates ?? null });
    const tokens = withExpiresAt(exchange.tokens);
    const fetched = await fetchProfile(provider, as, client, { ...exchange, tokens });
    const profile = extras.withPostedUser ? extras.withPostedUser(fetched, req) : fetched;
    const { user, account } = await userAndAccount(provider, profile, tokens);
    const emailVerified = providerVerifiedEmail(provider, profile, user);
    return { provider, user, account, profile, callbackUrl, cookies: clearCheckCookies(ctx, provider), emailVerified, ...(linkTo && { linkTo }) };
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new OAuthCallbackError("The sign-in with the provider failed.", { cause: { providerId: provider.id, err: error as Error } });
  }
}
