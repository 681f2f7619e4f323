import type { Adapter, AdapterAuthenticator, AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { AccountNotLinked } from "../errors.js";
import type { CurrentUser } from "../session/types.js";
import type { Account, User } from "../types/entities.js";
import { toAdapterAccount, undoOnFailure } from "./adapter-writes.js";
import type { LinkedUser } from "./link-user.js";

/** A verified WebAuthn registration: the credential to store, and who its options were issued for. */
export interface NewAuthenticator {
  authenticator: Omit<AdapterAuthenticator, "userId">;
  /** The signed-in user's id, or the id reserved for a new user. */
  userId: string;
  /** True when the options were issued to a signed-in user adding another passkey. */
  existingUser: boolean;
  /**
   * {@link storeNewAuthenticator}, handed over by the passkey flow so that only apps with a
   * passkey provider bundle it.
   */
  store: typeof storeNewAuthenticator;
}

type Ctx = Pick<AuthContext, "events" | "logger">;

/**
 * Stores a new passkey with its `webauthn` account, for the user it was registered for, applying
 * the account-linking rules: adding a passkey needs the same user still signed in; a new user
 * needs nobody signed in and an email no user has (`AccountNotLinked` otherwise). The account
 * and authenticator (and a new user) are written together: when a later write fails, the
 * earlier ones are undone.
 */
export async function storeNewAuthenticator(params: {
  ctx: Ctx;
  adapter: Required<Adapter>;
  profileUser: User;
  account: Account;
  registration: NewAuthenticator;
  current: CurrentUser;
}): Promise<LinkedUser> {
  const { ctx, adapter, profileUser, account, registration, current } = params;

  if (registration.existingUser) {
    if (current?.id !== registration.userId) throw new AccountNotLinked("The passkey was started by a user who is no longer signed in.");
    const user = await adapter.getUser(current.id);
    if (!user) throw new AccountNotLinked("The signed-in user no longer exists.");
    await adapter.linkAccount(toAdapterAccount(account, user.id));
    await undoOnFailure(ctx, () => adapter.createAuthenticator({ ...registration.authenticator, userId: user.id }), () =>
      adapter.unlinkAccount({ provider: account.provider, providerAccountId: String(account.providerAccountId) }),
    );
    await ctx.events.linkAccount?.({ user, account, profile: profileUser });
    return { user, isNewUser: false };
  }

  if (current) throw new AccountNotLinked("A new account's passkey cannot be registered while signed in as another user.");
  const email = profileUser.email ?? "";
  if (email && (await adapter.getUserByEmail(email))) throw new AccountNotLinked("Another account already uses this email address.");
  const user = await adapter.createUser({ ...profileUser, id: registration.userId, email, emailVerified: null } as AdapterUser);
  await undoOnFailure(ctx, async () => {
    await adapter.linkAccount(toAdapterAccount(account, user.id));
    await adapter.createAuthenticator({ ...registration.authenticator, userId: user.id });
  }, () => adapter.deleteUser(user.id));
  await ctx.events.createUser?.({ user });
  await ctx.events.linkAccount?.({ user, account, profile: profileUser });
  return { user, isNewUser: true };
}
