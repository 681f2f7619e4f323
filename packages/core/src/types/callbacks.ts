import type { AdapterSession, AdapterUser, Awaitable } from "../adapter.js";
import type { Account, JWT, Profile, Session, User } from "./entities.js";
import type { CredentialInput } from "./providers.js";

/**
 * What the `session` callback receives, typed as Auth.js types it: the fields of both strategies
 * are declared present, so callbacks written for Auth.js (`session.user.role = token.role`)
 * compile unchanged. At run time `token` is given only with the JWT strategy and `user` only with
 * the database strategy: read the one your strategy has.
 */
export interface SessionCallbackParams {
  /**
   * The session to shape; it always has `user`. Database strategy: with the stored session's
   * details (`id`, `userId`, `createdAt`, …), never its token.
   */
  session: Session & { user: User } & Partial<Omit<AdapterSession, "sessionToken" | "expires" | "refreshError">>;
  /** The decoded session token (JWT strategy). */
  token: JWT;
  /** The stored user (database strategy). */
  user: AdapterUser;
  /** The client's data on an update (`trigger: "update"`), to be validated. */
  newSession?: any;
  /** `"update"` when the client updates the session. */
  trigger?: "update";
}

/** What the `session` callback really receives, by strategy (the input Latch builds). */
export type SessionCallbackInput =
  | { session: Session; token: JWT; user?: undefined; newSession?: unknown; trigger?: "update" }
  | { session: Session & Omit<AdapterSession, "sessionToken">; user: AdapterUser; token?: undefined; newSession?: unknown; trigger?: "update" };

/** Callbacks that control the flows. Each has a default. */
export interface CallbacksOptions {
  /**
   * Decides whether a user may sign in. `true` continues, `false` (or a thrown error) stops and
   * sends the user to the error page with `AccessDenied`, a string redirects there instead.
   * For the email provider, `email.verificationRequest` is `true` before the link is sent.
   */
  signIn?: (params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, CredentialInput>;
  }) => Awaitable<boolean | string>;
  /**
   * Decides where a callback URL may lead, at sign-in and sign-out. The default allows paths and
   * URLs on `baseUrl`'s origin and sends everything else to `baseUrl`.
   */
  redirect?: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /**
   * Shapes what the client sees of the session. JWT strategy: `{ session, token }`;
   * database strategy: `{ session, user }`; on update also `{ newSession, trigger: "update" }`.
   * Typed as Auth.js types it (see {@link SessionCallbackParams}), so its callbacks compile.
   *
   * @example
   * ```ts
   * session({ session, token }) {
   *   session.user.role = token.role // with User and JWT augmented with `role`
   *   return session
   * }
   * ```
   */
  session?: (params: SessionCallbackParams) => Awaitable<Session | Record<string, unknown>>;
  /**
   * Shapes the session token (JWT strategy). Called at sign-in (`trigger` `signIn`/`signUp`, with
   * `user`, `account`, `profile`), on every session read, and on update (`trigger: "update"`,
   * `session` = the client's data, to be validated). Return `null` to end the session.
   */
  jwt?: (params: {
    token: JWT;
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    trigger?: "signIn" | "signUp" | "update";
    /** @deprecated use `trigger === "signUp"` */
    isNewUser?: boolean;
    session?: any;
  }) => Awaitable<JWT | null>;
}
