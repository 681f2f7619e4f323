/**
 * Provider types, as `next-auth/providers` offers them; each provider is at
 * `@latch/next/providers/<id>` (for example `@latch/next/providers/github`).
 *
 * @module @latch/next/providers
 */
export * from "@latch/core/providers";
