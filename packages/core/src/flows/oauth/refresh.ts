/**
 * Fresh upstream access tokens: the refresh-token grant (RFC 6749 section 6) on oauth4webapi,
 * single-flight in one instance and leased across instances. The lease is taken on the account
 * row **before** the refresh token is sent, so exactly one instance talks to the provider while
 * the others wait for and read its result: providers that rotate refresh tokens revoke the whole
 * grant when one is used twice.
 */
import * as o from "oauth4webapi";
import type { Adapter, AdapterAccount } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import type { AuthRequest } from "../../http/request.js";
import { serializeCookie } from "../../security/cookies.js";
import { readLiveJwt, rewriteJwtSession } from "../../session/jwt.js";
import type { JWT } from "../../types/entities.js";
import { InvalidProvider, MissingAdapter, RefreshTokenError } from "../../errors.js";
import { providerClient } from "./client.js";
import { providerServer } from "./discovery.js";
import { requestOptions } from "./http.js";

/** What a refresh needs of the resolved config. */
export interface RefreshContext {
  adapter?: Adapter;
  providers: readonly { id: string; type: string }[];
}

/** A token younger than this many seconds before its expiry is refreshed already. */
const skewSeconds = 60;
/** How long one instance may hold the lease (the provider's answer normally takes well under it). */
const leaseMs = 15_000;
/** How long a caller waits in all for another instance's refresh. */
const waitMs = 2 * leaseMs;

type Key = Pick<AdapterAccount, "provider" | "providerAccountId">;

// Refreshes under way in this instance, per config: concurrent callers share one.
const flights = new WeakMap<object, Map<string, Promise<string>>>();

function isFresh(account: AdapterAccount | null): account is AdapterAccount & { access_token: string } {
  if (!account?.access_token) return false;
  return account.expires_at === undefined || account.expires_at === null || account.expires_at - skewSeconds > Date.now() / 1000;
}

function adapterOf(ctx: RefreshContext): Required<Adapter> {
  if (!ctx.adapter) throw new MissingAdapter("getAccessToken reads and updates the account through an adapter.");
  return ctx.adapter as Required<Adapter>;
}

/** The refresh grant and the checks of its response (RFC 6749 section 5.1; OIDC Core 12.2). */
async function refreshGrant(provider: InternalOAuthProvider, refreshToken: string): Promise<o.TokenEndpointResponse> {
  const { as } = await providerServer(provider);
  const client = providerClient(provider, (message) => new RefreshTokenError(message));
  const response = await o.refreshTokenGrantRequest(as, client.client, client.auth, refreshToken, requestOptions(provider, as.token_endpoint));
  return o.processRefreshTokenResponse(as, client.client, response);
}

/** The account columns a refresh response writes; a response without a new refresh token keeps the old one. */
function storedTokens(tokens: o.TokenEndpointResponse, previous: AdapterAccount) {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previous.refresh_token,
    expires_at: typeof tokens.expires_in === "number" ? Math.floor(Date.now() / 1000) + tokens.expires_in : undefined,
    id_token: tokens.id_token,
    scope: tokens.scope,
    token_type: tokens.token_type?.toLowerCase() as Lowercase<string> | undefined,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error of an account whose refresh token the provider already refused (recorded, not retried). */
function refusedError(key: Key, code: string): RefreshTokenError {
  return new RefreshTokenError(`The provider ${key.provider} refused the refresh token (${code}); the user must sign in again.`, { cause: { providerId: key.provider } });
}

/**
 * The provider's error code when its answer says the refresh token itself is no good
 * (`invalid_grant`: expired, revoked, or already used): such a refusal is recorded on the
 * account. Other failures (the network, a 5xx, a client misconfiguration) are not.
 */
function refusalCode(error: unknown): string | undefined {
  return error instanceof o.ResponseBodyError && error.error === "invalid_grant" ? error.error : undefined;
}

/** Refreshes under the account's lease, or waits for the instance that holds it. */
async function refreshLeased(adapter: Required<Adapter>, provider: InternalOAuthProvider, key: Key, stale: AdapterAccount): Promise<string> {
  const holder = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    if (await adapter.leaseAccount(key, holder, new Date(Date.now() + leaseMs))) {
      // Another instance may have finished (or been refused) between our read and the lease.
      const current = await adapter.getAccount(key.providerAccountId, key.provider);
      if (isFresh(current) || current?.refreshError) {
        await adapter.releaseAccount(key, holder, null);
        if (current?.refreshError) throw refusedError(key, current.refreshError);
        return current!.access_token!;
      }
      const refreshToken = current?.refresh_token;
      let tokens: o.TokenEndpointResponse;
      try {
        if (!refreshToken) throw new RefreshTokenError(`The ${key.provider} account has no refresh token.`);
        tokens = await refreshGrant(provider, refreshToken);
      } catch (error) {
        // No token is written: the lease ends and the stored tokens stay as they were. A refusal
        // of the refresh token itself is recorded with it, so waiting instances and later calls
        // fail without sending the dead token again.
        const refused = refusalCode(error);
        await adapter.releaseAccount(key, holder, null, refused);
        if (error instanceof RefreshTokenError) throw error;
        const code = error instanceof o.ResponseBodyError ? ` (${error.error})` : "";
        throw new RefreshTokenError(`The provider ${key.provider} refused the refresh token${code}.`, { cause: { err: error as Error, providerId: key.provider } });
      }
      const written = await adapter.releaseAccount(key, holder, storedTokens(tokens, current!));
      if (!written) throw new RefreshTokenError("The refresh lease ran out before the tokens were stored.", { cause: { providerId: key.provider } });
      return tokens.access_token;
    }
    // Another instance holds the lease: wait for its result (the stored token changes, or the
    // refusal it recorded).
    await sleep(Math.min(25 * 2 ** attempt, 200));
    const current = await adapter.getAccount(key.providerAccountId, key.provider);
    if (current?.refreshError) throw refusedError(key, current.refreshError);
    if (isFresh(current) && current.access_token !== stale.access_token) return current.access_token;
    if (Date.now() > deadline) throw new RefreshTokenError("Another instance's refresh did not finish in time.", { cause: { providerId: key.provider } });
  }
}

/**
 * A valid access token of the user's account at `providerId`: the stored one while it has more
 * than a minute left, else a refreshed one (stored with the rotated refresh token).
 */
export async function freshAccessToken(ctx: RefreshContext, scope: object, userId: string, providerId: string): Promise<string> {
  const provider = ctx.providers.find((p) => p.id === providerId) as InternalOAuthProvider | undefined;
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) throw new InvalidProvider(`"${providerId}" is not a configured OAuth or OIDC provider.`);
  const adapter = adapterOf(ctx);
  const account = await adapter.getAccountByUserId(userId, providerId);
  if (!account) throw new RefreshTokenError(`The user has no ${providerId} account.`, { cause: { providerId } });
  if (account.refreshError) throw refusedError(account, account.refreshError);
  if (isFresh(account)) return account.access_token;
  let running = flights.get(scope);
  if (!running) flights.set(scope, (running = new Map()));
  const id = `${account.provider}\u0000${account.providerAccountId}`;
  const shared = running.get(id);
  if (shared) return shared;
  const flight = refreshLeased(adapter, provider, account, account).finally(() => running.delete(id));
  running.set(id, flight);
  return flight;
}

/** What `getAccessToken` gives with JWT sessions: the token (or the error) and the cookies to set. */
export type JwtAccessToken =
  | { accessToken: string; error?: undefined; cookies: string[] }
  | { accessToken: null; error: "RefreshTokenError"; cookies: string[] };

type StoredTokens = Pick<AdapterAccount, "access_token" | "refresh_token" | "expires_at">;

// JWT refreshes under way in this instance, per config: concurrent requests of one session share one.
const jwtFlights = new WeakMap<object, Map<string, Promise<JwtAccessToken>>>();

/**
 * With JWT sessions the provider's tokens live in the session token (`session.providerTokens`):
 * a fresh access token is returned as it is; a stale one is refreshed and the session cookie
 * rewritten with the new tokens. A refused refresh marks the token `error: "RefreshTokenError"`
 * (so `session.error` says it) and is not retried. JWT sessions are stored nowhere, so the
 * single flight is per instance: two instances refreshing the same cookie at once are not
 * coordinated (use database sessions for that).
 */
export async function freshJwtAccessToken(ctx: AuthContext, req: AuthRequest, scope: object, providerId: string): Promise<JwtAccessToken> {
  const provider = ctx.providers.find((p) => p.id === providerId) as InternalOAuthProvider | undefined;
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) throw new InvalidProvider(`"${providerId}" is not a configured OAuth or OIDC provider.`);
  const token = await readLiveJwt(ctx, req);
  if (!token) throw new RefreshTokenError("The request has no valid session.");
  const all = (token.providerTokens ?? {}) as Record<string, StoredTokens>;
  const entry = all[providerId];
  if (!entry) throw new RefreshTokenError(`The session keeps no ${providerId} tokens (set session.providerTokens and sign in with ${providerId}).`, { cause: { providerId } });
  if (token.error === "RefreshTokenError") return { accessToken: null, error: "RefreshTokenError", cookies: [] };
  if (isFresh(entry as AdapterAccount)) return { accessToken: entry.access_token!, cookies: [] };

  let running = jwtFlights.get(scope);
  if (!running) jwtFlights.set(scope, (running = new Map()));
  const id = `${String(token.sid ?? token.sub)}\u0000${providerId}\u0000${entry.refresh_token ?? ""}`;
  const shared = running.get(id);
  if (shared) return shared;
  const write = async (next: JWT) => (await rewriteJwtSession(ctx, req, next)).map(serializeCookie);
  const flight = (async (): Promise<JwtAccessToken> => {
    let tokens: o.TokenEndpointResponse;
    try {
      if (!entry.refresh_token) throw new RefreshTokenError("no refresh token");
      tokens = await refreshGrant(provider, entry.refresh_token);
    } catch {
      return { accessToken: null, error: "RefreshTokenError", cookies: await write({ ...token, error: "RefreshTokenError" }) };
    }
    const { access_token, refresh_token, expires_at } = storedTokens(tokens, entry as AdapterAccount);
    const { error: _error, ...rest } = token;
    const cookies = await write({ ...rest, providerTokens: { ...all, [providerId]: { access_token, refresh_token, expires_at } } });
    return { accessToken: access_token, cookies };
  })().finally(() => running.delete(id));
  running.set(id, flight);
  return flight;
}
