// The user, account and provider-type shapes are part of the adapter contract and live there;
// they are re-exported here with the other entities.
export type { User, ProviderType, AuthorizationDetails, TokenEndpointResponse, Account } from "../adapter.js";
import type { User } from "../adapter.js";

/** The address claim of an OpenID profile. */
export interface ProfileAddress {
  country?: string | null;
  formatted?: string | null;
  locality?: string | null;
  postal_code?: string | null;
  region?: string | null;
  street_address?: string | null;
}

/** The user info an identity provider returns: the OpenID standard claims and anything else. */
export interface Profile {
  id?: string | null;
  sub?: string | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  picture?: any;
  website?: string | null;
  email?: string | null;
  email_verified?: boolean | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | string | number | null;
  address?: ProfileAddress | null;
  [claim: string]: unknown;
}

/** The session exposed to the client by default. */
export interface DefaultSession {
  user?: User;
  /** ISO 8601 expiry. */
  expires: string;
  /**
   * `"RefreshTokenError"` when the provider refused to refresh the user's tokens
   * (`getAccessToken`): the app should ask the user to sign in again. Absent otherwise.
   */
  error?: "RefreshTokenError";
  /**
   * Set when the request authenticated with an API key (`ApiKeys()` of `@latch/core/api-keys`):
   * the key's id, name, owner and scopes. Absent for a session of a sign-in.
   */
  apiKey?: ApiKeySessionInfo;
  /**
   * With `Organizations()` of `@latch/core/organizations`: the organization the session acts
   * for and the user's role there (`null` or absent: none), with the permissions of a role the
   * organization made itself. Read with the session, so a permission check costs no further read.
   */
  organization?: { id: string; slug: string; role: string; permissions?: string[] } | null;
  /**
   * With `Admin()` of `@latch/core/admin`: the id of the site administrator who started this
   * session as the user (impersonation). Absent for a session the user started.
   */
  impersonatedBy?: string;
}

/** The API key a session was read from (`Session.apiKey`). */
export interface ApiKeySessionInfo {
  /** The key's public id (the middle part of the key). */
  id: string;
  /** The name its owner gave it. */
  name: string;
  /**
   * Who the key acts for: a user (then `Session.user` is that user), or an organization (then
   * the session has no `user`: the key is the organization's, whoever made it).
   */
  owner: { type: "user"; id: string } | { type: "organization"; id: string; slug: string };
  /** The permission strings the key was given. */
  scopes: string[];
}

/** The session the `session` callback returns. Augment this interface to add fields. */
export interface Session extends DefaultSession {}

/** The default JWT claims Latch puts in a session token. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  /** When the user last gave a first factor (seconds); set by Latch when the session starts. */
  auth_time?: number;
  /** When the user last gave a second factor (seconds); absent when none was given. */
  mfa_time?: number;
  /** How the session was earned: RFC 8176 values, plus the private `"mbx"` (PROTOCOL §4). */
  amr?: string[];
}

/** The decoded session token. Augment this interface to add claims. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}
