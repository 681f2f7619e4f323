import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, Awaitable } from "../adapter.js";
import type { Account, JWT, Profile, Session, User } from "./entities.js";

/** Audit hooks. Each takes one message and returns nothing; a throwing handler is logged, never fatal. */
export interface EventCallbacks {
  /** A user signed in. With credentials, `user` is what `authorize` returned. */
  signIn?: (message: { user: User; account: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>;
  /** A session ended: `session` with the database strategy, `token` with JWT. */
  signOut?: (message: { session: AdapterSession | null | undefined | void } | { token: JWT | null }) => Awaitable<void>;
  /** A user was created. */
  createUser?: (message: { user: User }) => Awaitable<void>;
  /** A user was updated. */
  updateUser?: (message: { user: User }) => Awaitable<void>;
  /** An account was linked to a user. */
  linkAccount?: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>;
  /**
   * A passkey stopped working: a sign-in proved the address of a user whose
   * `emailVerified` was `null`, so the passkeys registered before the proof (by anyone who typed
   * that address) were deleted with their `webauthn` accounts. `reason` is `"emailProven"`.
   */
  authenticatorRemoved?: (message: { user: AdapterUser; authenticator: AdapterAuthenticator; reason: "emailProven" }) => Awaitable<void>;
  /**
   * The user's database sessions were ended (`count` of them, possibly `0`): a sign-in
   * proved the address of a user whose `emailVerified` was `null`. JWT sessions cannot be ended
   * this way. `reason` is `"emailProven"`.
   */
  sessionsEnded?: (message: { user: AdapterUser; count: number; reason: "emailProven" }) => Awaitable<void>;
  /**
   * Sessions were ended on purpose (not by sign-out): one session (`scope: "session"`, with its
   * `sessionId`), every other session of the user (`"others"`), or all of them (`"all"`).
   * `count` is how many ended; `null` for JWT sessions, which are stored nowhere to be counted.
   */
  sessionRevoked?: (message: { userId: string; scope: "session" | "others" | "all"; sessionId?: string; count: number | null }) => Awaitable<void>;
  /**
   * A wrong code was given on the challenge page while a sign-in waited for its second factor.
   * `kind` is the kind the answer named (`null` when it named none). Carries no code.
   */
  secondFactorFailed?: (message: { userId: string; kind: "totp" | "backup" | "email" | null }) => Awaitable<void>;
  /**
   * A second factor was set up by its user: `kind` is `"totp"` (an authenticator app, confirmed
   * with its first code). Carries no secret.
   */
  factorEnrolled?: (message: { user: AdapterUser; kind: "totp" | "backup" | "email" }) => Awaitable<void>;
  /**
   * A second factor was removed by its user (`"totp"`, or `"backup"`: the backup codes, removed
   * on their own or with the last authenticator app).
   */
  factorRemoved?: (message: { user: AdapterUser; kind: "totp" | "backup" | "email" }) => Awaitable<void>;
  /**
   * A request was refused by a rate limit: `route` names the limit, `scope` what it counted
   * (`"ip"`: the client's network, `"account"`: the identifier typed, `"lockout"`: the account's
   * backoff after failed sign-ins, `"store"`: the store failed and the route fails closed).
   * Carries no address and no identifier.
   */
  rateLimited?: (message: { route: string; scope: "ip" | "account" | "lockout" | "store"; retryAfter: number }) => Awaitable<void>;
  /**
   * The password stored for `Password()` of a user whose `emailVerified` was `null` was removed
   * when the address was proven: whoever typed the address could have set it. The owner sets a
   * new one.
   */
  passwordRemoved?: (message: { user: AdapterUser; reason: "emailProven" }) => Awaitable<void>;
  /**
   * An OAuth or OpenID account was detached from its user: the user asked for it
   * (`POST <base>/unlink/<id>`, `reason: "user"`), or the address of a user whose `emailVerified`
   * was `null` was proven and the account had been linked before the proof without its provider
   * asserting that address verified (`reason: "emailProven"`).
   */
  accountUnlinked?: (message: { user: AdapterUser; account: AdapterAccount; reason: "user" | "emailProven" }) => Awaitable<void>;
  /**
   * The address of a user whose `emailVerified` was `null` was just proven — by an email sign-in
   * (`provider` is the email provider's id) or by an OAuth/OpenID provider asserting it verified —
   * after what was set up before the proof stopped working (passkeys, unproven OAuth accounts,
   * sessions). An app whose `Credentials` provider checks a password it stores itself should drop
   * any password set before this moment: Latch cannot see it.
   */
  emailProven?: (message: { user: AdapterUser; provider: string }) => Awaitable<void>;
  /**
   * A signed-in user changed their password (`POST <base>/password/change`); every other session
   * of the user was ended.
   */
  passwordChanged?: (message: { user: AdapterUser }) => Awaitable<void>;
  /**
   * A user's sign-in address changed through the link sent to the new address
   * (`GET <base>/email/change/confirm`); `user` carries the new address, `previousEmail` the old
   * one. Every other session of the user was ended.
   */
  emailChanged?: (message: { user: AdapterUser; previousEmail: string }) => Awaitable<void>;
  /**
   * A password was replaced through a reset link (`POST <base>/password/reset`); every session of
   * the user was ended.
   */
  passwordReset?: (message: { user: AdapterUser }) => Awaitable<void>;
  /** A session was checked. */
  session?: (message: { session: Session; token: JWT }) => Awaitable<void>;
}
