import type { AdapterSession, AdapterUser, Awaitable } from "../adapter.js";
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
  /** A session was checked. */
  session?: (message: { session: Session; token: JWT }) => Awaitable<void>;
}
