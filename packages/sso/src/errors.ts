/** The errors of `@latch/sso`, each with a stable `type`. */

/** Why a SAML response was refused: one word per check, in the answer's `reason`. */
export type SamlRefusal =
  | "malformed" | "signature" | "unsigned-assertion" | "wrapping" | "issuer" | "audience" | "destination" | "recipient"
  | "expired" | "not-yet-valid" | "encryption" | "in-response-to" | "browser" | "unsolicited" | "replay" | "relay-state" | "name-id" | "no-email";

/** A SAML response Latch refused: answered `400 { error: "SamlResponseRefused", reason }`, and nothing is written. */
export class SamlResponseRefused extends Error {
  static readonly type = "SamlResponseRefused";
  readonly type = "SamlResponseRefused" as const;
  constructor(readonly reason: SamlRefusal, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SamlResponseRefused";
  }
}

/** A request about connections or domains that the caller may not make, or that names nothing: answered with its `status`. */
export class SsoRequestRefused extends Error {
  static readonly type = "SsoRequestRefused";
  readonly type = "SsoRequestRefused" as const;
  constructor(readonly status: 400 | 401 | 403 | 404 | 409, readonly code: string, message: string) {
    super(message);
    this.name = "SsoRequestRefused";
  }
}

/** Why an OpenID Connect answer was refused: one word per check, in the answer's `reason`. */
export type OidcRefusal =
  | "state" | "browser" | "expired" | "error" | "iss" | "aud" | "nonce" | "signature" | "token" | "discovery" | "outbound"
  | "no-email" | "unverified-email" | "other-organization";

/** An OpenID Connect answer Latch refused: answered `400 { error: "OidcResponseRefused", reason }`, and nothing is written. */
export class OidcResponseRefused extends Error {
  static readonly type = "OidcResponseRefused";
  readonly type = "OidcResponseRefused" as const;
  constructor(readonly reason: OidcRefusal, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "OidcResponseRefused";
  }
}

/** Why a single logout message was refused: one word per check, in the answer's `reason`. */
export type SamlLogoutRefusal = "malformed" | "signature" | "issuer" | "destination" | "expired" | "replay" | "in-response-to" | "status" | "unavailable";

/** A LogoutRequest or LogoutResponse Latch refused: answered `400 { error: "SamlLogoutRefused", reason }`, and no session is ended. */
export class SamlLogoutRefused extends Error {
  static readonly type = "SamlLogoutRefused";
  readonly type = "SamlLogoutRefused" as const;
  constructor(readonly reason: SamlLogoutRefusal, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SamlLogoutRefused";
  }
}

/** Why a URL was not fetched. */
export class OutboundRefused extends Error {
  static readonly type = "OutboundRefused";
  readonly type = "OutboundRefused" as const;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "OutboundRefused";
  }
}

/** Why a metadata URL gave no usable metadata. */
export class MetadataUrlRefused extends Error {
  static readonly type = "MetadataUrlRefused";
  readonly type = "MetadataUrlRefused" as const;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MetadataUrlRefused";
  }
}
