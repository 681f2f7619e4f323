import type { AdapterSession, AdapterUser, Awaitable } from "../adapter.js";
import type { Account, JWT, Profile, Session, User } from "./entities.js";
import type { CredentialInput } from "./providers.js";

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
   */
  session?: (
    params:
      | { session: Session; token: JWT; user?: undefined; newSession?: unknown; trigger?: "update" }
      | { session: Session & AdapterSession; user: AdapterUser; token?: undefined; newSession?: unknown; trigger?: "update" },
  ) => Awaitable<Session | Record<string, unknown>>;
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
