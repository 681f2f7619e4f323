/**
 * The adapter contract types, as `next-auth/adapters` offers them.
 *
 * @module @latch/next/adapters
 */
export * from "@latch/core/adapters";
