/** Where Latch writes its log. Each level takes a code and any detail. Never receives a secret. */
export interface LoggerInstance {
  /** A failure; `code` is the error's `type`, the detail the error itself. */
  error: (code: string, ...message: unknown[]) => void;
  /**
   * A risky configuration (`code` is one of the warning codes), or a request refused for a reason
   * the user can act on (`code` is the error's `type`, the detail one line of text, no stack).
   */
  warn: (code: string, ...message: unknown[]) => void;
  /** Only with `debug: true`. */
  debug: (code: string, ...message: unknown[]) => void;
}

/** The warnings Latch may log. */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  /** The adapter lacks `deleteAuthenticator`: only signed-in users can register passkeys. */
  | "webauthn-signed-in-only"
  | "generated-secret"
  /** OIDC providers written as plain objects: their ID tokens' signatures are not checked, as in Auth.js. */
  | "plain-object-oidc";
