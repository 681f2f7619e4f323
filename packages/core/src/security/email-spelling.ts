// The stored spelling of an address, on its own: the adapter guard every app loads needs it, not
// the address checks of the sign-in forms.

/**
 * The stored spelling of an address (PROTOCOL §6 "Email identifier"): Unicode NFKC, trimmed,
 * lower-cased, without the checks of `normalizeEmail` (security/email-address.ts). Latch applies it to every address it
 * hands an adapter to store or look up (`createUser`, `updateUser`, `getUserByEmail`), whatever
 * the address came from (a form, a provider's profile, `authorize`), so two spellings of one
 * address name one user.
 *
 * @example
 * ```ts
 * canonicalEmail(" Ada@Example.COM ") // "ada@example.com"
 * canonicalEmail("ａｄａ@example.com") // "ada@example.com" (full-width letters, NFKC)
 * ```
 */
export function canonicalEmail(input: string): string {
  return input.normalize("NFKC").trim().toLowerCase();
}
