/**
 * Set a provider's `[customFetch]` to route its HTTP calls (discovery, token, userinfo) through your
 * own `fetch`, for proxies or tests.
 */
export const customFetch: unique symbol = Symbol("latch.customFetch");
