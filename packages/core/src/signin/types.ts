/**
 * What a sign-in carries from the flow that verified the user to the session it starts: the
 * shapes shared by the flows that verify a user, complete.ts (which links the user, and holds the
 * gate every session start passes) and the features that start sessions through that gate.
 */
import type { AuthenticationMethod } from "../adapter.js";
import type { InternalProvider } from "../config/providers.js";
import type { Account, Profile, User } from "../types/entities.js";
import type { CredentialInput } from "../types/providers.js";
import type { Cookie } from "../types/cookies.js";
import type { NewAuthenticator } from "./link-authenticator.js";
import type { Impersonation } from "../session/types.js";

/** What a flow hands over once the provider has vouched for the user. */
export interface VerifiedSignIn {
  provider: InternalProvider;
  /** The user as the provider describes it (profile mapping, `authorize` result, or the email address). */
  user: User;
  account: Account;
  profile?: Profile;
  /** Only for the credentials provider: the submitted fields. */
  credentials?: Record<string, CredentialInput>;
  /** Only for the credentials provider: what `authorize` returned, as it returned it (for the `signIn` event). */
  authorized?: User;
  /** Where to go afterwards (already checked by the `redirect` callback). */
  callbackUrl: string;
  /** Cookies the flow wants set or cleared (for example spent PKCE/state cookies). */
  cookies?: Cookie[];
  /** Only for a WebAuthn registration: the new passkey, stored with the account. */
  registration?: NewAuthenticator;
  /**
   * Only for oauth and oidc: the provider asserted that `user.email` is verified (PROTOCOL §6:
   * `email_verified: true`, or the preset's flag), for that very address.
   */
  emailVerified?: boolean;
  /** Only for an explicit link (`POST <base>/link/<id>`): the id of the user who asked for it. */
  linkTo?: string;
  /**
   * The RFC 8176 methods the first factor used, when the account type does not say it (a
   * passkey's `hwk`/`swk` and `user`, an emailed code's `otp`, a confirmation link's `mbx`).
   */
  methods?: AuthenticationMethod[];
  /** The first factor was the user's stored password (which may have been set through a mailed link). */
  password?: true;
}

/** What the first factor proved, kept with a sign-in that waits for its second factor. */
export interface FirstFactorProof {
  /** When the first factor was given (seconds). */
  auth_time: number;
  amr: AuthenticationMethod[];
}

/** A user the first factor vouched for, ready to be signed in: what starts the session. */
export interface SignedIn {
  /** The user the session belongs to. */
  user: User;
  /** What the `signIn` event receives as `user` (for credentials: what `authorize` returned). */
  eventUser: User;
  account: Account;
  profile?: Profile;
  isNewUser: boolean;
  /** Where to go afterwards (already checked by the `redirect` callback). */
  callbackUrl: string;
  /** Cookies the flow wants set or cleared. */
  cookies?: Cookie[];
  /** What the first factor proved, and when. */
  proof: FirstFactorProof;
  /** A session a site administrator starts as the user: no second factor is asked, and the session ends at its fixed end. */
  impersonation?: Impersonation;
}
