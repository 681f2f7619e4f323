/**
 * `@simplewebauthn/server`, loaded at the first passkey request rather than when the app starts:
 * it brings an ASN.1 and X.509 stack that costs start-up time, and one of its dependencies
 * installs a global `Reflect.metadata` polyfill when it is evaluated.
 */
export function webauthnLibrary(): Promise<typeof import("@simplewebauthn/server")> {
  return import("@simplewebauthn/server");
}
