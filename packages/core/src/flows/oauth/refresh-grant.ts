/**
 * The refresh-token grant (RFC 6749 section 6) on oauth4webapi, and what every way of
 * coordinating a refresh shares: when a token counts as fresh, which tokens a response writes,
 * and which failures mean the refresh token itself is dead.
 */
import * as o from "oauth4webapi";
import type { AdapterAccount } from "../../adapter.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { InvalidProvider, RefreshTokenError } from "../../errors.js";
import { providerClient } from "./client.js";
import { providerServer } from "./discovery.js";
import { requestOptions } from "./http.js";
import { issuerTemplates } from "./issuer-template.js";

/** The provider tokens a refresh reads and writes. */
export type ProviderTokens = Pick<AdapterAccount, "access_token" | "refresh_token" | "expires_at">;

/** A token with less than this many seconds left is refreshed already. */
const skewSeconds = 60;
/** How long one instance may hold a refresh lease (the provider's answer normally takes well under it). */
export const leaseMs = 15_000;
/** How long a caller waits in all for another instance's refresh. */
export const waitMs = 2 * leaseMs;

/** True when `tokens` hold an access token with more than a minute left (or no known expiry). */
export function isFresh<T extends ProviderTokens>(tokens: T | null | undefined): tokens is T & { access_token: string } {
  if (!tokens?.access_token) return false;
  return tokens.expires_at === undefined || tokens.expires_at === null || tokens.expires_at - skewSeconds > Date.now() / 1000;
}

/** The configured OAuth/OIDC provider `providerId`, or `InvalidProvider`. */
export function oauthProvider(providers: readonly { id: string; type: string }[], providerId: string): InternalOAuthProvider {
  const provider = providers.find((p) => p.id === providerId) as InternalOAuthProvider | undefined;
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) throw new InvalidProvider(`"${providerId}" is not a configured OAuth or OIDC provider.`);
  return provider;
}

/** The refresh grant and the checks of its response (RFC 6749 section 5.1; OIDC Core 12.2). */
export async function refreshGrant(provider: InternalOAuthProvider, refreshToken: string): Promise<o.TokenEndpointResponse> {
  // A `{tenantid}` template stands for the issuer here as in the sign-in of a factory-made provider
  // (a plain object's sign-in refuses one at discovery, so it never gets this far with one).
  const { as } = await providerServer(provider, issuerTemplates);
  const client = providerClient(provider, (message) => new RefreshTokenError(message));
  const response = await o.refreshTokenGrantRequest(as, client.client, client.auth, refreshToken, requestOptions(provider, as.token_endpoint));
  return o.processRefreshTokenResponse(as, client.client, response);
}

/** The account columns a refresh response writes; a response without a new refresh token keeps the old one. */
export function storedTokens(tokens: o.TokenEndpointResponse, previous: ProviderTokens) {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previous.refresh_token,
    expires_at: typeof tokens.expires_in === "number" ? Math.floor(Date.now() / 1000) + tokens.expires_in : undefined,
    id_token: tokens.id_token,
    scope: tokens.scope,
    token_type: tokens.token_type?.toLowerCase() as Lowercase<string> | undefined,
  };
}

/**
 * The provider's error code when its answer says the refresh token itself is no good
 * (`invalid_grant`: expired, revoked, or already used): such a refusal is shared and kept.
 * Other failures (the network, a 5xx, a client misconfiguration) are not.
 */
export function refusalCode(error: unknown): string | undefined {
  return error instanceof o.ResponseBodyError && error.error === "invalid_grant" ? error.error : undefined;
}

// The errors that say the refresh token is dead for good (not a passing failure).
const refusals = new WeakSet<RefreshTokenError>();

/** Marks `error` as saying the refresh token is dead for good; returns it. */
export function asRefusal(error: RefreshTokenError): RefreshTokenError {
  refusals.add(error);
  return error;
}

/** True when `error` says the refresh token is dead for good: the user must sign in again. */
export function isRefusal(error: unknown): boolean {
  return error instanceof RefreshTokenError && refusals.has(error);
}

/** `error` as the `RefreshTokenError` a failed grant gives (a refusal when the provider refused the token). */
export function grantError(providerId: string, error: unknown): RefreshTokenError {
  if (error instanceof RefreshTokenError) return error;
  const code = error instanceof o.ResponseBodyError ? ` (${error.error})` : "";
  const wrapped = new RefreshTokenError(`The provider ${providerId} refused the refresh token${code}.`, { cause: { err: error as Error, providerId } });
  return refusalCode(error) ? asRefusal(wrapped) : wrapped;
}

/** The error of a refresh token the provider already refused (recorded, not sent again). */
export function refusedError(providerId: string, code: string): RefreshTokenError {
  return asRefusal(new RefreshTokenError(`The provider ${providerId} refused the refresh token (${code}); the user must sign in again.`, { cause: { providerId } }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Shares one promise per key among concurrent callers of one instance (per config object). */
export function singleFlight<T>() {
  const flights = new WeakMap<object, Map<string, Promise<T>>>();
  return (scope: object, id: string, run: () => Promise<T>): Promise<T> => {
    let running = flights.get(scope);
    if (!running) flights.set(scope, (running = new Map()));
    const shared = running.get(id);
    if (shared) return shared;
    const flight = run().finally(() => running.delete(id));
    running.set(id, flight);
    return flight;
  };
}
