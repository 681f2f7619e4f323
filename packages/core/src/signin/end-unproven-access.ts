import type { Adapter, AdapterAccount, AdapterUser } from "../adapter.js";
import { adapterHas, guardMethods } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { canonicalEmail } from "../security/email-spelling.js";
import { listsAccounts, oauthAccountsOf } from "./user-accounts.js";

type Ctx = Pick<AuthContext, "events" | "adapter"> & Partial<Pick<AuthContext, "session" | "jwt" | "providers">>;

/** True when both are addresses and the same one as Latch compares addresses (NFKC, trimmed, lower case). */
export function sameAddress(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && !!a && canonicalEmail(a) === canonicalEmail(b);
}

/** The account that proves the address and so stays: its `provider` and `providerAccountId`. */
export type ProvingAccount = Pick<AdapterAccount, "provider" | "providerAccountId">;

/** The most rounds of unlinking without `listAccountsByUserId` (a guard against a looping adapter). */
const maxRounds = 20;

/**
 * Unlinks the user's OAuth and OpenID accounts (PROTOCOL §6: an account linked to a user whose
 * address was not proven was linked without its provider asserting that address verified, since
 * such an assertion proves the address at once), all but `keep`, the account that brings the
 * proof. Only accounts at the configured providers are seen (one of another provider signs in
 * nowhere). With `listAccountsByUserId` every such account goes. Without it each round sees the
 * first account per provider (`getAccountByUserId`) and unlinks it, until none is left or `keep`
 * is the first; a second account at a provider is never linked to an unproven user then (see
 * `secondUnprovenAccount`). An adapter without `unlinkAccount`, or without both listing methods,
 * keeps the accounts (Latch warns at start).
 */
async function unlinkUnprovenAccounts(ctx: Ctx, adapter: Required<Adapter>, user: AdapterUser, keep?: ProvingAccount): Promise<void> {
  if (!adapterHas(ctx.adapter, "unlinkAccount")) return;
  const kept = (account: AdapterAccount) => account.provider === keep?.provider && String(account.providerAccountId) === keep.providerAccountId;
  for (let round = 0; round < maxRounds; round++) {
    const doomed = (await oauthAccountsOf(ctx, adapter, user.id)).filter((account) => !kept(account));
    for (const account of doomed) {
      await adapter.unlinkAccount({ provider: account.provider, providerAccountId: String(account.providerAccountId) });
      await ctx.events.accountUnlinked?.({ user, account, reason: "emailProven" });
    }
    if (!doomed.length || listsAccounts(ctx.adapter)) return;
  }
}

/**
 * Pre-account hijacking defence (PROTOCOL §6): anyone could type an address and register a passkey
 * under it while signed out, or sign up with an OAuth account whose provider did not verify it,
 * creating a user whose `emailVerified` is `null`. When a sign-in later proves the address (an
 * email link, or a provider asserting it verified), whatever was set up before the proof stops
 * working, before the owner is signed in: that user's authenticators go (with their `webauthn`
 * accounts), so does a password stored for `Password()` (set by whoever typed the address), so do its OAuth and OpenID accounts, however many at one provider (except `keep`, the one bringing the proof), and
 * that user's database sessions end, or, with JWT sessions and `session.revocation`, every JWT
 * session of that user started before now. Each removal is announced by an event.
 *
 * Called only for a user whose address is not proven yet, before `emailVerified` is set, so that a
 * failure here leaves the user unproven and the next proof runs it again. An adapter without `deleteAuthenticator` cannot have such passkeys (signed-out
 * registration is refused then); one without `deleteSessions` keeps its sessions.
 * `keepPassword` is for the proof a `Password()` sign-up link brings: the password set with that
 * sign-up is the one the link confirms.
 */
export async function endUnprovenAccess(ctx: Ctx, adapter: Required<Adapter>, user: AdapterUser, keep?: ProvingAccount, keepPassword = false): Promise<void> {
  if (adapterHas(ctx.adapter, "deleteAuthenticator") && adapterHas(ctx.adapter, "listAuthenticatorsByUserId")) {
    for (const authenticator of await adapter.listAuthenticatorsByUserId(user.id)) {
      const removed = await adapter.deleteAuthenticator(authenticator.credentialID);
      if (removed) await ctx.events.authenticatorRemoved?.({ user, authenticator: removed, reason: "emailProven" });
    }
  }
  // The password methods are not in the guard every app loads (see guardMethods).
  if (!keepPassword && ctx.adapter && adapterHas(ctx.adapter, "deletePassword") && (await guardMethods(ctx.adapter, ["deletePassword"]).deletePassword(user.id))) {
    await ctx.events.passwordRemoved?.({ user, reason: "emailProven" });
  }
  await unlinkUnprovenAccounts(ctx, adapter, user, keep);
  if (ctx.session?.strategy === "jwt" && ctx.session.revocation) {
    // JWT sessions are stored nowhere: the user's "valid after" mark ends them (count unknown).
    await ctx.session.revocation.revokeUser(user.id, null, ctx.jwt?.maxAge ?? ctx.session.maxAge);
    await ctx.events.sessionRevoked?.({ userId: user.id, scope: "all", count: null });
  } else if (adapterHas(ctx.adapter, "deleteSessions")) {
    const count = await adapter.deleteSessions(user.id);
    await ctx.events.sessionsEnded?.({ user, count, reason: "emailProven" });
  }
}

/**
 * Marks the address of `user` (whose `emailVerified` is `null`) proven: {@link endUnprovenAccess}
 * first, then `emailVerified: now`, then the `updateUser` and `emailProven` events. `provider` is
 * the id of the provider that brought the proof.
 */
export async function proveAddress(
  ctx: Ctx,
  adapter: Required<Adapter>,
  user: AdapterUser,
  provider: string,
  keep?: ProvingAccount,
): Promise<AdapterUser> {
  await endUnprovenAccess(ctx, adapter, user, keep);
  const proven = await adapter.updateUser({ id: user.id, emailVerified: new Date() });
  await ctx.events.updateUser?.({ user: proven });
  await ctx.events.emailProven?.({ user: proven, provider });
  return proven;
}
