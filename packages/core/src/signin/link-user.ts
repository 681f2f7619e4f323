import type { Adapter, AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { AccountNotLinked, AdapterError, OAuthAccountNotLinked } from "../errors.js";
import { randomUUID } from "../crypto/index.js";
import type { Account, User } from "../types/entities.js";
import type { CurrentUser } from "../session/types.js";
import { storeSignInTokens, toAdapterAccount, undoOnFailure } from "./adapter-writes.js";
import { proveAddress, sameAddress } from "./end-unproven-access.js";
import { secondUnprovenAccount } from "./user-accounts.js";

type Ctx = Pick<AuthContext, "events" | "logger"> & Partial<Pick<AuthContext, "adapter" | "session" | "jwt" | "providers" | "account">>;

/** Who signs in, after the linking rules ran. */
export interface LinkedUser {
  user: AdapterUser;
  isNewUser: boolean;
}

function notLinked(account: Account, message: string) {
  return account.type === "webauthn" ? new AccountNotLinked(message) : new OAuthAccountNotLinked(message);
}

// Without listAccountsByUserId the proof would reach only one account per provider.
const secondAccountRefused = "The user's address is unproven and has an account at this provider.";

async function createUserWithAccount(adapter: Required<Adapter>, ctx: Ctx, profileUser: User, account: Account, emailVerified: boolean): Promise<LinkedUser> {
  const email = profileUser.email ?? "";
  const user = await adapter.createUser({ ...profileUser, id: randomUUID(), email, emailVerified: emailVerified && email ? new Date() : null } as AdapterUser);
  await undoOnFailure(ctx, () => adapter.linkAccount(toAdapterAccount(account, user.id)), () => adapter.deleteUser(user.id));
  await ctx.events.createUser?.({ user });
  await ctx.events.linkAccount?.({ user, account, profile: profileUser });
  return { user, isNewUser: true };
}

const raceRetries = 8;

/**
 * After losing a creation race (a unique email or account already taken), the winner's user
 * appears once its account is linked, a moment later: look for it a few times before giving up.
 */
async function winnerOf(
  adapter: Required<Adapter>,
  key: { provider: string; providerAccountId: string },
  retries = raceRetries,
): Promise<AdapterUser | null> {
  for (let attempt = 0; attempt < retries; attempt++) {
    const user = await adapter.getUserByAccount(key);
    if (user) return user;
    await new Promise((resolve) => setTimeout(resolve, 15 * (attempt + 1)));
  }
  return null;
}

/**
 * How an unknown account may join the user who has its email address: `"dangerous"` (the
 * provider's `allowDangerousEmailAccountLinking`), `"verified"` (policy `"verified-email"`, a
 * trusted provider, the address asserted verified), or `null` (refused).
 */
function emailLinking(ctx: Ctx, account: Account, dangerous: boolean, emailVerified: boolean): "dangerous" | "verified" | null {
  const policy = ctx.account;
  if (policy?.linking === "verified-email" && emailVerified && policy.trustedProviders?.includes(account.provider)) return "verified";
  return dangerous ? "dangerous" : null;
}

/**
 * The account-linking rules for oauth, oidc and webauthn accounts (PROTOCOL §6, `account.linking`):
 * known account + signed in as its user → nothing changes; known + signed in as another user →
 * refused; unknown + signed in → linked to the current user; unknown + not signed in + an
 * existing user has the email → refused, unless the policy is `"verified-email"` and a trusted
 * provider asserts the address verified, or the provider has `allowDangerousEmailAccountLinking`;
 * otherwise a new user with the account (`emailVerified` set when the provider asserted it).
 *
 * Proof of the address: when the provider asserts the user's own address verified and that
 * user's `emailVerified` is still `null`, what was set up before the proof stops working first
 * ({@link proveAddress}), and the user is marked verified. Concurrent first sign-ins of one user
 * end with one user: a creation that loses the race finds the winner's user.
 */
export async function linkAccountUser(params: {
  ctx: Ctx;
  adapter: Required<Adapter>;
  profileUser: User;
  account: Account;
  /** The user `getUserByAccount` found for this account (already looked up by the caller). */
  byAccount: AdapterUser | null;
  current: CurrentUser;
  allowDangerousEmailAccountLinking: boolean;
  /** The provider asserted that `profileUser.email` is verified. */
  emailVerified?: boolean;
}): Promise<LinkedUser> {
  const { ctx, adapter, profileUser, account, byAccount, current } = params;
  const key = { provider: account.provider, providerAccountId: String(account.providerAccountId) };
  const asserted = !!params.emailVerified && !!profileUser.email;
  /** The provider's assertion proves `user`'s address now, when it was not proven yet. */
  const proves = (user: AdapterUser) => asserted && !user.emailVerified && sameAddress(user.email, profileUser.email);
  const prove = (user: AdapterUser, keep?: typeof key) => proveAddress(ctx, adapter, user, account.provider, keep);

  if (byAccount) {
    if (current && current.id !== byAccount.id) throw notLinked(account, "This account is linked to another user.");
    await storeSignInTokens(adapter, key, account);
    return { user: proves(byAccount) ? await prove(byAccount, key) : byAccount, isNewUser: false };
  }
  if (current) {
    let user = await adapter.getUser(current.id);
    if (user) {
      if (proves(user)) user = await prove(user);
      if (await secondUnprovenAccount(ctx, adapter, user, account)) throw notLinked(account, secondAccountRefused);
      await adapter.linkAccount(toAdapterAccount(account, user.id));
      await ctx.events.linkAccount?.({ user, account, profile: profileUser });
      return { user, isNewUser: false };
    }
  }
  let byEmail = profileUser.email ? await adapter.getUserByEmail(profileUser.email) : null;
  if (byEmail) {
    if (!emailLinking(ctx, account, params.allowDangerousEmailAccountLinking, asserted)) {
      // The user with this email may be a concurrent first sign-in of this very account,
      // created a moment ago and about to be linked: wait for that before refusing.
      const winner = await winnerOf(adapter, key, 4);
      if (winner) return { user: winner, isNewUser: false };
      throw notLinked(account, "Another account already uses this email address.");
    }
    if (proves(byEmail)) byEmail = await prove(byEmail);
    if (await secondUnprovenAccount(ctx, adapter, byEmail, account)) throw notLinked(account, secondAccountRefused);
    await adapter.linkAccount(toAdapterAccount(account, byEmail.id));
    await ctx.events.linkAccount?.({ user: byEmail, account, profile: profileUser });
    return { user: byEmail, isNewUser: false };
  }
  try {
    return await createUserWithAccount(adapter, ctx, profileUser, account, asserted);
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error;
    const winner = await winnerOf(adapter, key);
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
}

/**
 * Email sign-in: the user with this address (`existing`, already looked up by the caller), marked
 * verified on its first email sign-in (after {@link proveAddress} ended what was set up before), or a new one.
 */
export async function emailUser(
  ctx: Ctx,
  adapter: Required<Adapter>,
  email: string,
  existing: AdapterUser | null,
  /** The email provider's id (for the `emailProven` event). */
  provider: string,
): Promise<LinkedUser> {
  if (existing) {
    if (existing.emailVerified) return { user: existing, isNewUser: false };
    // The address is proven now: what anyone set up under it before stops working first.
    return { user: await proveAddress(ctx, adapter, existing, provider), isNewUser: false };
  }
  try {
    const user = await adapter.createUser({ id: randomUUID(), email, emailVerified: new Date() });
    await ctx.events.createUser?.({ user });
    return { user, isNewUser: true };
  } catch (error) {
    const winner = error instanceof AdapterError ? await adapter.getUserByEmail(email) : null;
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
}
