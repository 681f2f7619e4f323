import type { AdapterUser, AuthenticationMethod } from "../adapter.js";
import type { Account, Profile, Session, User } from "../types/entities.js";
import type { Cookie } from "../types/cookies.js";

/** The result of reading a session: what the client may see, and the cookies to set. */
export interface SessionRead {
  session: Session | null;
  cookies: Cookie[];
  /** The id of the session's user, when it names one (for the plugins' session hooks). */
  userId?: string;
}

/** Who is signing in, for starting a session. */
export interface SessionStart {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser: boolean;
  /** How the session was earned (decided by the sign-in gate, `signin/complete.ts`). */
  earned: Earned;
  /** A session a site administrator starts as the user: who, and when it ends (seconds); it never slides past that. */
  impersonation?: Impersonation;
}

/** Who started a session as its user, and its fixed end (seconds since the epoch). */
export interface Impersonation {
  by: string;
  until: number;
}

/** The user id of the current session and what it earned (`null`: nothing), when the request has a valid one. */
export type CurrentUser = { id: string; earned: Earned | null } | null;

/** What a session earned, as Latch decides with it: times in seconds, methods without repeats. */
export interface Earned {
  /** The last first factor (seconds). */
  auth_time: number;
  /** The last second factor (seconds); absent when none was given. */
  mfa_time?: number;
  amr: AuthenticationMethod[];
}
