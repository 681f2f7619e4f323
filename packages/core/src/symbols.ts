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
