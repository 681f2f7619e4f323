// Shared by the provider modules; internal: package.json maps ./providers/internal/* to null.
import type { User } from "../../types/entities.js";

import type { OpenIDStandardClaims } from "../types.js";

export type { OpenIDStandardClaims };

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
