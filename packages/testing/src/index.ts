/**
 * Real peers for Latch tests: service detection, an OpenID Provider, an SMTP server and Chromium.
 *
 * @module testing
 */
export * from "./services.js";
