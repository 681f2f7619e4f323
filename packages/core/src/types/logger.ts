/** Where Latch writes its log. Each level takes a code and any detail. Never receives a secret. */
export interface LoggerInstance {
  /** A failure; `code` is the error's `type`, the detail the error itself. */
  error: (code: string, ...message: unknown[]) => void;
  /** A risky configuration; `code` is one of the warning codes. */
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
  | "generated-secret";
