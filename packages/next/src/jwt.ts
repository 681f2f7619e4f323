/**
 * Session tokens: `getToken`, `encode`, `decode` and the `JWT` type, as `next-auth/jwt` offers
 * them. Augment `JWT` with `declare module "@latch/core/jwt"`.
 *
 * @module @latch/next/jwt
 */
export * from "@latch/core/jwt";
