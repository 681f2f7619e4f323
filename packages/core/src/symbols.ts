/**
 * Pass as `AuthConfig.raw` to make `Auth()` return the internal response object instead of a
 * `Response`. For framework authors.
 */
export const raw: unique symbol = Symbol("latch.raw");

/**
 * Pass as `AuthConfig.skipCSRFCheck` to turn off Latch's CSRF check, for frameworks that check
 * the request origin themselves. A symbol, so no environment variable or JSON can turn it on.
 */
export const skipCSRFCheck: unique symbol = Symbol("latch.skipCSRFCheck");

/**
 * Pass as `AuthConfig.csrfCheck` to let the browser's `Origin` header (or, without it,
 * `Sec-Fetch-Site`) decide whether a state-changing POST may pass: the site's own origin passes
 * without a CSRF token, any other origin is refused. Only a request that carries neither header
 * (not sent by a current browser) still needs the token. For integrations whose forms and clients
 * post without a token, as `@auth/sveltekit`'s do. A symbol, so no environment variable or JSON
 * can turn it on.
 *
 * @example
 * ```ts
 * import { Auth, originCheck } from "@latch/core"
 * const response = await Auth(request, { ...config, csrfCheck: originCheck })
 * ```
 */
export const originCheck: unique symbol = Symbol("latch.originCheck");

// The internal symbols below carry no description: nothing reads it, and every bundle would carry its text.

/**
 * Where a provider made by its factory (`Credentials()`, `Passkey()`) carries the code of its
 * sign-in flow, so that core reaches a flow only through a provider that needs it. Internal:
 * not exported from the package entry.
 */
export const providerFlow: unique symbol = Symbol();

/**
 * Where `RateLimit()` carries the function that limits a request, so that an app without rate
 * limits does not bundle them. Internal: not exported from the package entry.
 */
export const rateLimitCode: unique symbol = Symbol();
/** @internal The store and key prefix of `RateLimit()`, for counters kept beside the limits (wrong second-factor answers, mail). */
export const rateLimitState: unique symbol = Symbol();

/**
 * Where `SecondFactors()` carries its settings and the loaders of the second-factor code, so that
 * an app that does not turn second factors on does not bundle them. Internal: not exported from
 * the package entry.
 */
export const secondFactorsCode: unique symbol = Symbol();

/**
 * Where an opt-in feature's option, or a provider that serves endpoints of its own (`Password()`),
 * carries its `FeatureCode` record (types/feature.ts): its rows, its check and its hooks. Core finds the
 * configured features by this symbol alone and names none of them. Internal: not exported from
 * the package entry.
 */
export const featureCode: unique symbol = Symbol();

/**
 * Where a plugin made with `definePlugin` carries the code that runs plugins (their checks,
 * registry rows, hooks and endpoint handler), so that an app without plugins never bundles it.
 */
export const pluginCode: unique symbol = Symbol();

/**
 * Where `AccessTokens()` carries its settings and configuration check, so that an app that does
 * not turn signed access tokens on does not bundle them. Internal: not exported from the package
 * entry.
 */
export const accessTokensCode: unique symbol = Symbol();

/**
 * Where `BearerSessions()` carries the code that reads a bearer token as the session and returns
 * a new session's token, so that an app that does not turn bearer sessions on does not bundle it.
 * Internal: not exported from the package entry.
 */
export const bearerSessionsCode: unique symbol = Symbol();

/**
 * Where `ApiKeys()` carries its settings, its cache and the code that reads an API key as the
 * request's credential, so that an app that does not turn API keys on does not bundle them.
 * Internal: not exported from the package entry.
 */
export const apiKeysCode: unique symbol = Symbol();

/**
 * Where `Admin()` carries its settings, its check of a config and the check every session start
 * makes of a banned user, so that an app without site administration does not bundle them.
 * Internal: not exported from the package entry.
 */
export const adminCode: unique symbol = Symbol();

/**
 * Where `AuditTrail()` carries its settings and the function that records an event, so that an
 * app without an audit trail does not bundle it. Internal: not exported from the package entry.
 */
export const auditCode: unique symbol = Symbol();

/** @internal Where the context of one request carries that request, for the audit trail's record of it. */
export const auditRequest: unique symbol = Symbol();

/** The key under which `Scim()`'s option carries its settings (internal). */
export const scimSettings: unique symbol = Symbol();
