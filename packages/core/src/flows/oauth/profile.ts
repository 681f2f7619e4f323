import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { AuthError, OAuthCallbackError, OAuthProfileParseError } from "../../errors.js";
import type { TokenSet, UserinfoEndpointConfig } from "../../types/providers.js";
import type { Account, Profile, User } from "../../types/entities.js";
import type { ProviderClient } from "./client.js";
import type { CodeExchange } from "./tokens.js";
import { fetchOf, requestOptions } from "./http.js";

/** The default profile mapping: OpenID standard claims (OIDC Core 1.0 section 5.1), `id` as a fallback for `sub`. */
function defaultProfile(profile: Profile): User {
  return {
    id: stringId(profile.sub ?? profile.id),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === "string" ? profile.picture : null,
  };
}

/** The userinfo endpoint as configured (config resolution made it an object). */
function userinfoConfig(provider: InternalOAuthProvider): UserinfoEndpointConfig<Profile> | undefined {
  return provider.userinfo as UserinfoEndpointConfig<Profile> | undefined;
}

function stringId(value: unknown): string | undefined {
  return value === undefined || value === null || value === "" ? undefined : String(value);
}

async function userinfo(provider: InternalOAuthProvider, as: o.AuthorizationServer, client: ProviderClient, exchange: CodeExchange): Promise<Profile> {
  const { tokens, claims } = exchange;
  const request = userinfoConfig(provider)?.request;
  if (request) return request({ tokens, provider: { ...provider, fetch: fetchOf(provider) } });
  if (!as.userinfo_endpoint) throw new TypeError(`Provider "${provider.id}" has no userinfo endpoint.`);
  const response = await o.userInfoRequest(as, client.client, tokens.access_token!, requestOptions(provider, as.userinfo_endpoint));
  // OIDC Core 1.0 section 5.3.4: the userinfo `sub` must be the ID token's.
  if (claims) return (await o.processUserInfoResponse(as, client.client, claims.sub, response)) as Profile;
  if (!response.ok) throw new Error(`The userinfo endpoint answered HTTP ${response.status}.`);
  return (await response.json()) as Profile;
}

/**
 * The provider's profile: the ID token claims for oidc (unless `idToken: false`, or a custom
 * `userinfo.request`), the userinfo endpoint (or `userinfo.request`) otherwise.
 */
export async function fetchProfile(provider: InternalOAuthProvider, as: o.AuthorizationServer, client: ProviderClient, exchange: CodeExchange): Promise<Profile> {
  if (exchange.claims && provider.idToken !== false && !userinfoConfig(provider)?.request) return { ...exchange.claims } as Profile;
  try {
    const profile = await userinfo(provider, as, client, exchange);
    if (!profile || typeof profile !== "object") throw new TypeError("The profile is not an object.");
    return profile;
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new OAuthCallbackError("Could not read the user's profile.", { cause: { providerId: provider.id, err: error as Error } });
  }
}

/** `expires_at` (seconds) from `expires_in` (RFC 6749 section 5.1), computed when the tokens arrive. */
export function withExpiresAt(tokens: TokenSet, now = Date.now()): TokenSet {
  const expiresIn = Number(tokens.expires_in);
  if (tokens.expires_in === undefined || !Number.isFinite(expiresIn)) return tokens;
  return { ...tokens, expires_at: Math.floor(now / 1000) + expiresIn };
}

/**
 * The user and account of a sign-in: `profile(profile, tokens)` (or the default mapping) gives the
 * user, whose `id` becomes the account's `providerAccountId` (a string); the account keeps the
 * token fields (or what `account(tokens)` picks), `token_type` lowercased, and gets
 * `provider`, `type` and `providerAccountId`. The user's id is left for Latch to assign.
 */
export async function userAndAccount(provider: InternalOAuthProvider, profile: Profile, tokens: TokenSet): Promise<{ user: User; account: Account }> {
  let mapped: User;
  try {
    mapped = await (provider.profile ?? defaultProfile)(profile, tokens);
  } catch (error) {
    throw new OAuthProfileParseError(`The profile callback of provider "${provider.id}" threw.`, { cause: { providerId: provider.id, err: error as Error } });
  }
  const providerAccountId = stringId(mapped?.id);
  if (!providerAccountId) throw new OAuthProfileParseError(`The profile of provider "${provider.id}" has no id.`, { cause: { providerId: provider.id } });
  const { id: _id, ...rest } = mapped;
  const user: User = { ...rest, email: typeof rest.email === "string" ? rest.email.toLowerCase() : rest.email };
  const fields = (provider.account ? provider.account(tokens) : undefined) ?? tokens;
  const tokenType = typeof fields.token_type === "string" ? (fields.token_type.toLowerCase() as Lowercase<string>) : undefined;
  const account: Account = {
    ...fields,
    ...(tokenType ? { token_type: tokenType } : {}),
    provider: provider.id,
    type: provider.type,
    providerAccountId,
  };
  return { user, account };
}
