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

/**
 * Where a provider made by its factory (`Credentials()`, `Passkey()`) carries the code of its
 * sign-in flow, so that core reaches a flow only through a provider that needs it. Internal:
 * not exported from the package entry.
 */
export const providerFlow: unique symbol = Symbol("latch.providerFlow");

/**
 * Where `SessionControl()` carries the code of the sessions endpoints and page, so that an app
 * that does not turn them on does not bundle them. Internal: not exported from the package entry.
 */
export const sessionControlCode: unique symbol = Symbol("latch.sessionControl");

/**
 * Where `RateLimit()` carries the function that limits a request, so that an app without rate
 * limits does not bundle them. Internal: not exported from the package entry.
 */
export const rateLimitCode: unique symbol = Symbol("latch.rateLimit");
/** @internal The store and key prefix of `RateLimit()`, for counters kept beside the limits (wrong second-factor answers, mail). */
export const rateLimitState: unique symbol = Symbol("latch.rateLimitState");

/**
 * Where `AccountLinks()` carries the code of the link and unlink endpoints, so that an app that
 * does not turn them on does not bundle them. Internal: not exported from the package entry.
 */
export const accountLinksCode: unique symbol = Symbol("latch.accountLinks");

/**
 * Where `SecondFactors()` carries its settings and the loaders of the second-factor code, so that
 * an app that does not turn second factors on does not bundle them. Internal: not exported from
 * the package entry.
 */
export const secondFactorsCode: unique symbol = Symbol("latch.secondFactors");

/**
 * Where an opt-in feature's option or provider carries the registry rows of its endpoints
 * (`SessionControl()`, `AccountLinks()`, `SecondFactors()`, `Password()`), so that the core table
 * holds only Auth.js's actions and an app bundles a feature's rows only with the feature.
 * Internal: not exported from the package entry.
 */
export const endpointRows: unique symbol = Symbol("latch.endpointRows");

/**
 * Where a plugin made with `definePlugin` carries the code that runs plugins (their checks,
 * registry rows, hooks and endpoint handler), so that an app without plugins never bundles it.
 */
export const pluginCode: unique symbol = Symbol("latch.pluginCode");

/**
 * Where `AccessTokens()` carries its settings and configuration check, so that an app that does
 * not turn signed access tokens on does not bundle them. Internal: not exported from the package
 * entry.
 */
export const accessTokensCode: unique symbol = Symbol("latch.accessTokens");

/**
 * Where `BearerSessions()` carries the code that reads a bearer token as the session and returns
 * a new session's token, so that an app that does not turn bearer sessions on does not bundle it.
 * Internal: not exported from the package entry.
 */
export const bearerSessionsCode: unique symbol = Symbol("latch.bearerSessions");

/**
 * Where `ApiKeys()` carries its settings, its cache and the code that reads an API key as the
 * request's credential, so that an app that does not turn API keys on does not bundle them.
 * Internal: not exported from the package entry.
 */
export const apiKeysCode: unique symbol = Symbol("latch.apiKeys");
