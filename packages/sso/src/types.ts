/** The shapes of `@latch/sso`: a connection, a domain, what the store keeps. */

/** Which attribute of the assertion carries what (the NameID is the account's id, and the address when no attribute names one). */
export interface AttributeMapping {
  /** Attribute with the address. Default: the NameID when it is an address, else `email`. */
  readonly email?: string;
  /** Attribute with the display name. Default `name`. */
  readonly name?: string;
  /** Attribute with the groups, mapped to roles by {@link SamlConnectionSettings.groupRoles}. Default `groups`. */
  readonly groups?: string;
}

/** How an organization's SAML identity provider is used; stored as the connection's settings. */
export interface SamlConnectionSettings {
  /** The identity provider's metadata (XML): its entity id, its sign-in URL and its signing certificate. */
  readonly idpMetadata: string;
  /** Where `idpMetadata` was fetched from, when the admin gave a URL: fetched again on demand, and at sign-in once older than `Sso({ metadataMaxAge })`. */
  readonly idpMetadataUrl?: string;
  /** When `idpMetadata` was last fetched from `idpMetadataUrl` (ISO 8601). */
  readonly idpMetadataFetchedAt?: string;
  /** The role a person provisioned by their first sign-in gets. Default `member`. */
  readonly defaultRole: string;
  readonly attributeMapping: AttributeMapping;
  /** A group the identity provider sends → the organization role it grants (the first group that maps wins). */
  readonly groupRoles: Readonly<Record<string, string>>;
  /** Accept a response the identity provider sends unasked (IdP-initiated). Default `false`. */
  readonly allowIdpInitiated: boolean;
  /** The identity provider encrypts its assertions to the app's encryption certificate. Default `false`. */
  readonly encryptedAssertions: boolean;
  /**
   * Trust the identity provider's word that it verified a second factor (its AuthnContextClassRef,
   * or Entra ID's `authnmethodsreferences` attribute, names one of `mfaContexts`): the session
   * starts with a second factor earned, and Latch's second-factor step is not asked. Default `false`.
   */
  readonly trustIdpMfa: boolean;
  /** The AuthnContextClassRef values (and Entra ID method references) that count as a second factor. Default {@link defaultMfaContexts}. */
  readonly mfaContexts: readonly string[];
}

/** The authentication contexts that name a second factor, when a connection lists none of its own. */
export const defaultMfaContexts: readonly string[] = [
  "http://schemas.microsoft.com/claims/multipleauthn",
  "https://refeds.org/profile/mfa",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken",
];

/** Which ID token claim carries what (the `sub` claim is the account's id). */
export interface ClaimMapping {
  /** Claim with the address. Default `email`. */
  readonly email?: string;
  /** Claim with the display name. Default `name`. */
  readonly name?: string;
  /** Claim with the groups (an array of strings, or one string), mapped to roles by `groupRoles`. Default `groups`. */
  readonly groups?: string;
}

/** How an organization's OpenID Provider is used; stored as the connection's settings. */
export interface OidcConnectionSettings {
  /** The issuer identifier; its discovery document (`<issuer>/.well-known/openid-configuration`) names its endpoints. */
  readonly issuer: string;
  readonly clientId: string;
  /** The client secret, sealed (AES-256-GCM under a key derived from `Sso({ secret })`): never shown, opened only for the token request. */
  readonly clientSecret: string;
  /** The scopes asked for; `openid` is always among them. Default `openid email profile`. */
  readonly scopes: readonly string[];
  /** The role a person provisioned by their first sign-in gets. Default `member`. */
  readonly defaultRole: string;
  readonly attributeMapping: ClaimMapping;
  /** A group the provider sends → the organization role it grants (the first group that maps wins). */
  readonly groupRoles: Readonly<Record<string, string>>;
  /**
   * Trust the provider's word that it verified a second factor (its ID token's `amr` names one of
   * `mfaMethods`): the session starts with a second factor earned. Default `false`.
   */
  readonly trustIdpMfa: boolean;
  /** The `amr` values (RFC 8176) that count as a second factor. Default {@link defaultMfaMethods}. */
  readonly mfaMethods: readonly string[];
}

/** The `amr` values that name a second factor, when a connection lists none of its own. */
export const defaultMfaMethods: readonly string[] = ["mfa", "otp", "hwk"];

/** An organization's connection to its SAML identity provider. */
export interface SsoConnection {
  readonly id: string;
  readonly organizationId: string;
  readonly kind: "saml";
  readonly settings: SamlConnectionSettings;
  /** The admin who made it (the inviter of record of the people it provisions). */
  readonly createdBy: string;
  readonly createdAt: Date;
}

/** An organization's connection to its OpenID Provider. */
export interface OidcConnection {
  readonly id: string;
  readonly organizationId: string;
  readonly kind: "oidc";
  readonly settings: OidcConnectionSettings;
  /** The admin who made it (the inviter of record of the people it provisions). */
  readonly createdBy: string;
  readonly createdAt: Date;
}

/** A stored connection of either kind. */
export type AnySsoConnection = SsoConnection | OidcConnection;

/** A domain an organization claims; verified once its DNS TXT record carries the token. */
export interface SsoDomain {
  readonly domain: string;
  readonly organizationId: string;
  readonly token: string;
  readonly verifiedAt: Date | null;
  readonly createdAt: Date;
}

/** A sign-in sent to an identity provider and not answered yet (SP-initiated). */
export interface SsoRequest {
  /** The key the RelayState carries (SAML), or the SHA-256 of the `state` (OpenID Connect). */
  readonly id: string;
  /**
   * SAML: the AuthnRequest's ID, which the response must answer (`InResponseTo`). OpenID Connect:
   * the PKCE verifier and the nonce, sealed (the row's `id` is then the SHA-256 of the `state`).
   */
  readonly requestId: string;
  readonly connectionId: string;
  readonly callbackUrl: string;
  readonly expires: Date;
}
