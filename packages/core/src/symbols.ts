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
 * Where a provider made by its factory (`Credentials()`, `Passkey()`) carries the code of its
 * sign-in flow, so that core reaches a flow only through a provider that needs it. Internal:
 * not exported from the package entry.
 */
export const providerFlow: unique symbol = Symbol("latch.providerFlow");
