/**
 * Provider types. Each provider is its own module: `@latch/core/providers/<id>`.
 *
 * @module providers
 */
export type * from "./types.js";
