/**
 * Fresh upstream access tokens of database accounts: single-flight in one instance and leased
 * across instances. The lease is taken on the account row **before** the refresh token is sent,
 * so exactly one instance talks to the provider while the others wait for and read its result
 * (providers that rotate refresh tokens revoke the whole grant when one is used twice). A
 * refusal is recorded on the row, so the waiters and later calls do not send the dead token again.
 */
import type { Adapter, AdapterAccount } from "../../adapter.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { MissingAdapter, RefreshTokenError } from "../../errors.js";
import {
  asRefusal, grantError, isFresh, leaseMs, oauthProvider, refreshGrant, refusalCode, refusedError, singleFlight, sleep, storedTokens, waitMs,
  type ProviderTokens,
} from "./refresh-grant.js";

/** What a refresh needs of the resolved config. */
export interface RefreshContext {
  adapter?: Adapter;
  providers: readonly { id: string; type: string }[];
}

type Key = Pick<AdapterAccount, "provider" | "providerAccountId">;
type Fresh = ProviderTokens & { access_token: string };

function adapterOf(ctx: RefreshContext): Required<Adapter> {
  if (!ctx.adapter) throw new MissingAdapter("getAccessToken reads and updates the account through an adapter.");
  return ctx.adapter as Required<Adapter>;
}

/** Refreshes under the account's lease, or waits for the instance that holds it. */
async function refreshLeased(adapter: Required<Adapter>, provider: InternalOAuthProvider, key: Key, stale: AdapterAccount): Promise<Fresh> {
  const holder = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    if (await adapter.leaseAccount(key, holder, new Date(Date.now() + leaseMs))) {
      // Another instance may have finished (or been refused) between our read and the lease.
      const current = await adapter.getAccount(key.providerAccountId, key.provider);
      if (isFresh(current) || current?.refreshError) {
        await adapter.releaseAccount(key, holder, null);
        if (current?.refreshError) throw refusedError(key.provider, current.refreshError);
        return current as Fresh;
      }
      const refreshToken = current?.refresh_token;
      let tokens: Awaited<ReturnType<typeof refreshGrant>>;
      try {
        if (!refreshToken) throw asRefusal(new RefreshTokenError(`The ${key.provider} account has no refresh token.`));
        tokens = await refreshGrant(provider, refreshToken);
      } catch (error) {
        // No token is written: the lease ends and the stored tokens stay as they were. A refusal
        // of the refresh token itself is recorded with it, so waiting instances and later calls
        // fail without sending the dead token again.
        await adapter.releaseAccount(key, holder, null, refusalCode(error));
        throw grantError(key.provider, error);
      }
      const next = storedTokens(tokens, current!);
      const written = await adapter.releaseAccount(key, holder, next);
      if (!written) throw new RefreshTokenError("The refresh lease ran out before the tokens were stored.", { cause: { providerId: key.provider } });
      return next;
    }
    // Another instance holds the lease: wait for its result (the stored token changes, or the
    // refusal it recorded).
    await sleep(Math.min(25 * 2 ** attempt, 200));
    const current = await adapter.getAccount(key.providerAccountId, key.provider);
    if (current?.refreshError) throw refusedError(key.provider, current.refreshError);
    if (isFresh(current) && current.access_token !== stale.access_token) return current;
    if (Date.now() > deadline) throw new RefreshTokenError("Another instance's refresh did not finish in time.", { cause: { providerId: key.provider } });
  }
}

const flight = singleFlight<Fresh>();

/**
 * The fresh tokens of the user's account at `providerId`: the stored ones while the access token
 * has more than a minute left, else refreshed ones (stored with the rotated refresh token).
 */
export async function freshAccount(ctx: RefreshContext, scope: object, userId: string, providerId: string): Promise<Fresh> {
  const provider = oauthProvider(ctx.providers, providerId);
  const adapter = adapterOf(ctx);
  const account = await adapter.getAccountByUserId(userId, providerId);
  if (!account) throw new RefreshTokenError(`The user has no ${providerId} account.`, { cause: { providerId } });
  if (account.refreshError) throw refusedError(providerId, account.refreshError);
  if (isFresh(account)) return account;
  return flight(scope, `${account.provider}\u0000${account.providerAccountId}`, () => refreshLeased(adapter, provider, account, account));
}

/** A valid access token of the user's account at `providerId` (see {@link freshAccount}). */
export async function freshAccessToken(ctx: RefreshContext, scope: object, userId: string, providerId: string): Promise<string> {
  return (await freshAccount(ctx, scope, userId, providerId)).access_token;
}
