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

/** An organization's connection to its identity provider. */
export interface SsoConnection {
  readonly id: string;
  readonly organizationId: string;
  readonly kind: "saml";
  readonly settings: SamlConnectionSettings;
  /** The admin who made it (the inviter of record of the people it provisions). */
  readonly createdBy: string;
  readonly createdAt: Date;
}

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
  /** The key the RelayState carries. */
  readonly id: string;
  /** The AuthnRequest's ID, which the response must answer (`InResponseTo`). */
  readonly requestId: string;
  readonly connectionId: string;
  readonly callbackUrl: string;
  readonly expires: Date;
}
