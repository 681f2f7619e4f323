import type { User } from "../types/entities.js";

/** The standard claims of OpenID Connect Core §5.1 that providers return as plain strings and flags. */
export interface OpenIDStandardClaims {
  /** The user's identifier at the provider. */
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  nickname?: string;
  preferred_username?: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  gender?: string;
  birthdate?: string;
  zoneinfo?: string;
  locale?: string;
  phone_number?: string;
}

/** The standard OpenID Connect claims the default mapping reads. */
export type StandardClaims = Pick<OpenIDStandardClaims, "sub" | "name" | "preferred_username" | "email" | "picture">;

/**
 * The user of an OpenID Provider's standard claims (OpenID Connect Core §5.1): `sub` as the id,
 * `name` (else `preferred_username`), `email` and `picture`. The OpenID Connect providers use it as
 * their `profile`, or spread it and override the one field their provider names differently.
 */
export function userFromStandardClaims(profile: StandardClaims): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}
