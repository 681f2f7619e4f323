/**
 * Latch core: the `Auth(request, config)` handler and everything it needs, on every runtime
 * with Web APIs (Node, edge, Bun, Deno).
 *
 * @example
 * ```ts
 * import { Auth, setEnvDefaults } from "@latch/core"
 * const config = { providers: [] }
 * setEnvDefaults(process.env, config)
 * export const handler = (request: Request) => Auth(request, config)
 * ```
 * @module @latch/core
 */
export { Auth } from "./auth.js";
export { raw, skipCSRFCheck, originCheck } from "./symbols.js";
export { setEnvDefaults, createActionURL, requestOrigin, type EnvObject } from "./config/env.js";
export { isAuthAction } from "./registry/table.js";
export { customFetch } from "./fetch.js";
export { setClientAddress } from "./security/client-address.js";
export type * from "./types/index.js";
export type { Provider, ProviderType } from "./types/providers.js";
export type { Adapter, AdapterUser, AdapterAccount, AdapterSession, VerificationToken, AdapterAuthenticator } from "./adapter.js";
export { AuthError, CredentialsSignin, RefreshTokenError } from "./errors.js";
export { getAccessToken, type AccessTokenParams, type JwtAccessTokenParams, type JwtAccessToken } from "./flows/oauth/access-token.js";
export { listSessions, revokeSession, revokeOtherSessions, revokeAllSessions, type SessionInfo } from "./features/session-control/api.js";
