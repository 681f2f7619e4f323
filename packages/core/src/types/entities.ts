/** The user as seen by callbacks and events. */
export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The provider types Latch knows. */
export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn";

/** One entry of RFC 9396 `authorization_details`. */
export interface AuthorizationDetails {
  type: string;
  [key: string]: unknown;
}

/** The token-endpoint response fields an account keeps. */
export interface TokenEndpointResponse {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  /** Always lowercased. */
  token_type?: Lowercase<string>;
  /** Seconds. */
  expires_in?: number;
  authorization_details?: AuthorizationDetails[];
  [key: string]: unknown;
}

/** A connection between a user and a provider. One user can have several. */
export interface Account extends TokenEndpointResponse {
  /** The provider id. */
  provider: string;
  /** oauth/oidc: the profile's id; email: the address; credentials: the user id `authorize` returned. */
  providerAccountId: string;
  /** The provider type of the account. */
  type: ProviderType;
  /** The owning user's id. */
  userId?: string;
  /** Absolute time in seconds when `access_token` expires: `floor(now / 1000) + expires_in`. */
  expires_at?: number;
}

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
}

/** The decoded session token. Augment this interface to add claims. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}
