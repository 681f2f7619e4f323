import type { InternalOAuthProvider } from "../../config/providers.js";
import type { Profile, User } from "../../types/entities.js";

/** An address as Latch compares addresses (PROTOCOL §6 email identifier: NFKC, trimmed, lower case). */
function plain(address: string): string {
  return address.normalize("NFKC").trim().toLowerCase();
}

/**
 * True when the provider asserts that the address the user gets is verified: the provider's
 * `isEmailVerified(profile)` (a preset's own flag), by default `email_verified === true` for
 * OpenID Connect (Core 1.0 section 5.1, a boolean; a string `"true"` does not count) and never for
 * plain OAuth. The assertion covers the profile's `email` only: a `profile` callback that gives
 * the user another address gets no verified address.
 */
export function providerVerifiedEmail(provider: InternalOAuthProvider, profile: Profile, user: User): boolean {
  const check = (provider as { isEmailVerified?: (profile: Profile) => boolean }).isEmailVerified;
  let verified: boolean;
  try {
    verified = check ? check(profile) === true : provider.type === "oidc" && profile.email_verified === true;
  } catch {
    verified = false;
  }
  if (!verified || typeof profile.email !== "string" || typeof user.email !== "string" || !user.email) return false;
  return plain(profile.email) === plain(user.email);
}
