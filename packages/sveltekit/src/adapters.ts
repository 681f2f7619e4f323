/**
 * The adapter contract of `@latch/core/adapters`, also at `@latch/sveltekit/adapters` (where
 * `@auth/sveltekit` apps import the adapter types).
 *
 * @example
 * ```ts
 * import type { Adapter } from "@latch/sveltekit/adapters"
 * ```
 * @module @latch/sveltekit/adapters
 */
export type * from "@latch/core/adapters";
export { requiredAdapterMethods } from "@latch/core/adapters";
