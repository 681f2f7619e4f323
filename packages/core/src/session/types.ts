import type { AdapterUser } from "../adapter.js";
import type { Account, Profile, Session, User } from "../types/entities.js";
import type { Cookie } from "../types/cookies.js";

/** The result of reading a session: what the client may see, and the cookies to set. */
export interface SessionRead {
  session: Session | null;
  cookies: Cookie[];
}

/** Who is signing in, for starting a session. */
export interface SessionStart {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser: boolean;
}

/** The user id of the current session, when the request has a valid one. */
export type CurrentUser = { id: string } | null;
