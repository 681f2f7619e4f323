/** The errors of `@latch/oidc-provider`. */

/** The provider's configuration cannot work (no signing keys, no issuer, a grant OAuth 2.1 removed). Thrown at start. */
export class OAuthProviderConfigurationError extends Error {
  /** The stable type of this error. */
  static readonly type = "OAuthProviderConfiguration";
  /** The stable type of this error. */
  readonly type = "OAuthProviderConfiguration" as const;
  override readonly name = "OAuthProviderConfigurationError";
}
