/**
 * Passkey sign-in in the browser, as `next-auth/webauthn` offers it (needs the optional peer
 * dependency `@simplewebauthn/browser`). Latch is looked for under `/api/auth` (or the
 * `basePath` given to `SessionProvider`), unless `basePath` says otherwise.
 *
 * @example
 * ```ts
 * import { signIn } from "@latch/next/webauthn"
 * await signIn("passkey", { email })
 * ```
 * @module @latch/next/webauthn
 */
import { signIn as passkeySignIn, type WebAuthnSignInOptions, type WebAuthnSignInResult } from "@latch/core/webauthn";
import { clientConfig } from "@latch/react";

export type { WebAuthnSignInOptions, WebAuthnSignInResult } from "@latch/core/webauthn";

/**
 * Signs in (or registers) with a passkey: options from `<basePath>/webauthn-options/<id>`, the
 * browser ceremony, then the provider's callback. Navigates to the result unless `redirect: false`.
 *
 * @example
 * ```ts
 * const result = await signIn("passkey", { action: "register", redirect: false })
 * ```
 */
export function signIn(providerId: string, options: WebAuthnSignInOptions = {}): Promise<WebAuthnSignInResult> {
  return passkeySignIn(providerId, { ...options, basePath: options.basePath ?? clientConfig.basePath });
}
