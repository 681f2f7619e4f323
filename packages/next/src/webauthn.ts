/**
 * Passkey sign-in in the browser, as `next-auth/webauthn` offers it (needs the optional peer
 * dependency `@simplewebauthn/browser`). Pass `basePath: "/api/auth"` unless Latch is mounted elsewhere.
 *
 * @module @latch/next/webauthn
 */
export * from "@latch/core/webauthn";
