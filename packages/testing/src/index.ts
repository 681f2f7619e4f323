/**
 * Real peers for Latch tests: service detection, an OpenID Provider, a browser-like HTTP client,
 * an SMTP server, Chromium, and the request-conversion attacks every integration must withstand.
 *
 * @module testing
 */
export * from "./services.js";
export * from "./databases.js";
export * from "./audit-team-tables.js";
export * from "./openid-provider.js";
export { attackerIssuer, tamperKinds, type TamperKind } from "./openid-provider-tamper.js";
export { defaultAccount } from "./openid-provider-accounts.js";
export * from "./browser.js";
export * from "./handler-client.js";
export { CookieJar, parseSetCookie } from "./cookie-jar.js";
export * from "./smtp-server.js";
export * from "./chromium.js";
export * from "./example-app.js";
export * from "./request-attacks.js";
export * from "./adapter-probe.js";
export * from "./api-key-round-trip.js";
export * from "./organization-round-trip.js";
export * from "./organization-scenario.js";
export * from "./packaging.js";
export * from "./own-redis.js";
