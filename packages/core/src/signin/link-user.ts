import type { Adapter, AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { AccountNotLinked, AdapterError, OAuthAccountNotLinked } from "../errors.js";
import { randomUUID } from "../crypto/index.js";
import type { Account, Profile, User } from "../types/entities.js";
import type { CurrentUser } from "../session/types.js";
import { storeSignInTokens, toAdapterAccount, undoOnFailure } from "./adapter-writes.js";
import { endUnprovenAccess } from "./end-unproven-access.js";

type Ctx = Pick<AuthContext, "events" | "logger">;

/** Who signs in, after the linking rules ran. */
export interface LinkedUser {
  user: AdapterUser;
  isNewUser: boolean;
}

function notLinked(account: Account, message: string) {
  return account.type === "webauthn" ? new AccountNotLinked(message) : new OAuthAccountNotLinked(message);
}

/**
 * True when an OpenID provider asserted the new user's address verified: `email_verified: true`
 * (OpenID Connect Core 1.0 §5.1, a boolean) for the very address the user gets (PROTOCOL §6).
 */
function providerVerifiedEmail(account: Account, profile: Profile | undefined, email: string): boolean {
  if (account.type !== "oidc" || profile?.email_verified !== true || !email) return false;
  const plain = (value: string) => value.normalize("NFKC").trim().toLowerCase();
  return typeof profile.email === "string" && plain(profile.email) === plain(email);
}

async function createUserWithAccount(adapter: Required<Adapter>, ctx: Ctx, profileUser: User, account: Account, profile?: Profile): Promise<LinkedUser> {
  const email = profileUser.email ?? "";
  const emailVerified = providerVerifiedEmail(account, profile, email) ? new Date() : null;
  const user = await adapter.createUser({ ...profileUser, id: randomUUID(), email, emailVerified } as AdapterUser);
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
 * The account-linking rules for oauth, oidc and webauthn accounts:
 * known account + signed in as its user → nothing changes; known + signed in as another user →
 * refused; unknown + signed in → linked to the current user; unknown + not signed in + an
 * existing user has the email → refused unless `allowDangerousEmailAccountLinking`; otherwise a
 * new user with the account. Concurrent first sign-ins of one user end with one user: a creation
 * that loses the race finds the winner's user.
 */
export async function linkAccountUser(params: {
  ctx: Ctx;
  adapter: Required<Adapter>;
  profileUser: User;
  account: Account;
  /** The provider's profile (claims), when there is one. */
  profile?: Profile;
  /** The user `getUserByAccount` found for this account (already looked up by the caller). */
  byAccount: AdapterUser | null;
  current: CurrentUser;
  allowDangerousEmailAccountLinking: boolean;
}): Promise<LinkedUser> {
  const { ctx, adapter, profileUser, account, byAccount, current } = params;
  const key = { provider: account.provider, providerAccountId: String(account.providerAccountId) };
  if (byAccount) {
    if (current && current.id !== byAccount.id) throw notLinked(account, "This account is linked to another user.");
    await storeSignInTokens(adapter, key, account);
    return { user: byAccount, isNewUser: false };
  }
  if (current) {
    const user = await adapter.getUser(current.id);
    if (user) {
      await adapter.linkAccount(toAdapterAccount(account, user.id));
      await ctx.events.linkAccount?.({ user, account, profile: profileUser });
      return { user, isNewUser: false };
    }
  }
  const byEmail = profileUser.email ? await adapter.getUserByEmail(profileUser.email) : null;
  if (byEmail) {
    if (!params.allowDangerousEmailAccountLinking) {
      // The user with this email may be a concurrent first sign-in of this very account,
      // created a moment ago and about to be linked: wait for that before refusing.
      const winner = await winnerOf(adapter, key, 4);
      if (winner) return { user: winner, isNewUser: false };
      throw notLinked(account, "Another account already uses this email address.");
    }
    await adapter.linkAccount(toAdapterAccount(account, byEmail.id));
    await ctx.events.linkAccount?.({ user: byEmail, account, profile: profileUser });
    return { user: byEmail, isNewUser: false };
  }
  try {
    return await createUserWithAccount(adapter, ctx, profileUser, account, params.profile);
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error;
    const winner = await winnerOf(adapter, key);
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
}

/**
 * Email sign-in: the user with this address (`existing`, already looked up by the caller), marked
 * verified on its first email sign-in (after {@link endUnprovenAccess}), or a new one.
 */
export async function emailUser(ctx: Ctx & Pick<AuthContext, "adapter">, adapter: Required<Adapter>, email: string, existing: AdapterUser | null): Promise<LinkedUser> {
  if (existing) {
    if (existing.emailVerified) return { user: existing, isNewUser: false };
    // The address is proven now: what anyone set up under it before stops working first.
    await endUnprovenAccess(ctx, adapter, existing);
    const user = await adapter.updateUser({ id: existing.id, emailVerified: new Date() });
    await ctx.events.updateUser?.({ user });
    return { user, isNewUser: false };
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
