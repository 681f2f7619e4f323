/**
 * The public types of Latch.
 *
 * @module @latch/core/types
 */
export type * from "./types/index.js";
export type * from "./types/providers.js";
export type { Adapter, AdapterUser, AdapterAccount, AdapterSession, AdapterAuthenticator, VerificationToken, Awaitable } from "./adapter.js";
