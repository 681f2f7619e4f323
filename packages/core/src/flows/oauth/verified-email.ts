import type { InternalOAuthProvider } from "../../config/providers.js";
import { sameAddress } from "../../signin/end-unproven-access.js";
import type { Profile, User } from "../../types/entities.js";

/**
 * True when the provider asserts that the address the user gets is verified: the provider's
 * `isEmailVerified(profile)` (a preset's own flag), by default `email_verified === true` for
 * OpenID Connect (Core 1.0 section 5.1, a boolean; a string `"true"` does not count) and never for
 * plain OAuth. The assertion covers the profile's `email` only: a `profile` callback that gives
 * the user another address gets no verified address. A throwing `isEmailVerified` fails the
 * callback like a throwing `profile`.
 */
export function providerVerifiedEmail(provider: InternalOAuthProvider, profile: Profile, user: User): boolean {
  const check = (provider as { isEmailVerified?: (profile: Profile) => boolean }).isEmailVerified;
  const verified = check ? check(profile) === true : provider.type === "oidc" && profile.email_verified === true;
  return verified && sameAddress(profile.email, user.email);
}
