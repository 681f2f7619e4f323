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
}

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
