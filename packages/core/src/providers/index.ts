/**
 * Provider types. Each provider is its own module: `@latch/core/providers/<id>`.
 *
 * @module @latch/core/providers
 */
export type * from "./types.js";
