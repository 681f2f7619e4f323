/**
 * The adapter contract of `@latch/core/adapters`, also at `@latch/express/adapters` (where
 * `@auth/express` apps import the adapter types).
 *
 * @example
 * ```ts
 * import type { Adapter, AdapterUser } from "@latch/express/adapters"
 * ```
 * @module @latch/express/adapters
 */
export type * from "@latch/core/adapters";
export { requiredAdapterMethods } from "@latch/core/adapters";
