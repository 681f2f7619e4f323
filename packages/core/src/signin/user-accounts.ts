import type { Adapter, AdapterAccount, AdapterUser } from "../adapter.js";
import { adapterHas } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";

type Ctx = Partial<Pick<AuthContext, "adapter" | "providers">>;

/** True for the account and provider types that sign in through an OAuth or OpenID flow. */
export function isOAuthType(type: string): boolean {
  return type === "oauth" || type === "oidc";
}

/** True when the adapter can list every account of a user (`listAccountsByUserId`). */
export function listsAccounts(adapter: Adapter | undefined): boolean {
  return adapterHas(adapter, "listAccountsByUserId");
}

/**
 * The user's OAuth and OpenID accounts at the configured OAuth and OpenID providers, only those at
 * `provider` when it is given. With `listAccountsByUserId` every one of them; without it, the one
 * `getAccountByUserId` gives for each provider (none when the adapter lacks that too).
 */
export async function oauthAccountsOf(ctx: Ctx, adapter: Required<Adapter>, userId: AdapterUser["id"], provider?: string): Promise<AdapterAccount[]> {
  const ids = (ctx.providers ?? []).filter((p) => isOAuthType(p.type) && (provider === undefined || p.id === provider)).map((p) => p.id);
  let found: AdapterAccount[] = [];
  if (listsAccounts(ctx.adapter)) {
    found = await adapter.listAccountsByUserId(userId);
  } else if (adapterHas(ctx.adapter, "getAccountByUserId")) {
    for (const id of ids) {
      const account = await adapter.getAccountByUserId(userId, id);
      if (account) found.push(account);
    }
  }
  return found.filter((a) => a.userId === userId && isOAuthType(a.type) && ids.includes(a.provider));
}

/**
 * True when linking the OAuth or OpenID `account` to `user` must be refused: the user's address is
 * not proven, the adapter cannot list accounts (no `listAccountsByUserId`), and the user already
 * has an account at that provider. Its proof could then reach only the first account there
 * (`getAccountByUserId`), and the other would outlive it.
 */
export async function secondUnprovenAccount(
  ctx: Ctx,
  adapter: Required<Adapter>,
  user: AdapterUser,
  account: { provider: string; type: string },
): Promise<boolean> {
  if (!isOAuthType(account.type) || user.emailVerified || listsAccounts(ctx.adapter) || !adapterHas(ctx.adapter, "getAccountByUserId")) return false;
  return (await adapter.getAccountByUserId(user.id, account.provider)) !== null;
}
