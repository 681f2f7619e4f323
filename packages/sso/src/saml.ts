/**
 * The SAML side of a connection: samlify's service provider and the identity provider read from
 * its metadata, the AuthnRequest (Redirect binding), and the response (HTTP-POST binding) checked
 * by samlify (XML schema, signature, decryption, issuer) and then by Latch itself: one assertion
 * and no other, its own signature, the audience, the destination and recipient, the time window,
 * the request it answers, a NameID without comments.
 */
import * as validator from "@authenio/samlify-node-xmllint";
import * as samlify from "samlify";
import { SamlResponseRefused } from "./errors.js";
import { children, parseXml } from "./xml.js";
import type { SsoConnection } from "./types.js";

samlify.setSchemaValidator(validator);

const protocol = "urn:oasis:names:tc:SAML:2.0:protocol";
const assertionNs = "urn:oasis:names:tc:SAML:2.0:assertion";
const dsig = "http://www.w3.org/2000/09/xmldsig#";
const { binding } = samlify.Constants.namespace;

/** The app's side of every connection. */
export interface ServiceProviderSettings {
  /** `<base>/sso`, absolute. */
  readonly base: string;
  /** The app's key pair for encrypted assertions (PEM), published in the metadata; none: encrypted assertions are refused. */
  readonly encryption?: { readonly privateKey: string; readonly certificate: string };
  /** Clock skew allowed on the time checks, seconds. */
  readonly clockSkew: number;
  /** The app's signing key pair (PEM) for single logout messages, published in the metadata; none: no single logout. */
  readonly signing?: { readonly privateKey: string; readonly certificate: string };
}

/** The URLs of a connection's service provider. */
export function spUrls(settings: Pick<ServiceProviderSettings, "base">, connectionId: string) {
  const root = `${settings.base}/saml/${encodeURIComponent(connectionId)}`;
  return { entityId: `${root}/metadata`, acs: `${root}/acs`, metadata: `${root}/metadata`, slo: `${root}/slo` };
}

/** samlify's service provider for the connection (one entity id per connection: its metadata URL). */
export function serviceProvider(settings: ServiceProviderSettings, connection: Pick<SsoConnection, "id">) {
  const urls = spUrls(settings, connection.id);
  return samlify.ServiceProvider({
    entityID: urls.entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: urls.acs }],
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
    ...(settings.encryption && { encPrivateKey: settings.encryption.privateKey, encryptCert: settings.encryption.certificate }),
    // Single logout: the messages are signed with the app's signing key, and those received must be signed.
    ...(settings.signing && {
      privateKey: settings.signing.privateKey,
      signingCert: settings.signing.certificate,
      singleLogoutService: [{ Binding: binding.redirect, Location: urls.slo }, { Binding: binding.post, Location: urls.slo }],
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
    }),
    // Latch checks the time window itself (below, with its own skew); samlify's check stays as a wide backstop.
    clockDrifts: [-3_600_000, 3_600_000],
  });
}

/** samlify's identity provider read from the connection's metadata. */
export function identityProvider(connection: Pick<SsoConnection, "settings">) {
  return samlify.IdentityProvider({
    metadata: connection.settings.idpMetadata,
    isAssertionEncrypted: connection.settings.encryptedAssertions,
    wantAuthnRequestsSigned: false,
    // What Latch sends for single logout is signed, whatever the metadata says.
    wantLogoutRequestSigned: true,
    wantLogoutResponseSigned: true,
  });
}

/** Reads the parts of IdP metadata an admin should see; throws when it is not metadata with a signing certificate and a Redirect sign-in URL. */
export function describeIdpMetadata(xml: string): { entityId: string; signOnUrl: string } {
  let idp: ReturnType<typeof samlify.IdentityProvider>;
  try {
    idp = samlify.IdentityProvider({ metadata: xml });
  } catch (error) {
    throw new Error("The identity provider's metadata is not SAML metadata.", { cause: error });
  }
  const entityId = idp.entityMeta.getEntityID();
  // samlify names bindings by their short names here ("redirect").
  const signOnUrl = idp.entityMeta.getSingleSignOnService("redirect") as unknown;
  const certificate = idp.entityMeta.getX509Certificate("signing");
  if (!entityId || typeof signOnUrl !== "string" || !certificate || (Array.isArray(certificate) && !certificate.length)) {
    throw new Error("The identity provider's metadata needs an entityID, a signing certificate and a SingleSignOnService with the Redirect binding.");
  }
  return { entityId, signOnUrl };
}

/** The AuthnRequest for the connection: its ID and the identity provider's URL carrying it. */
export function authnRequest(settings: ServiceProviderSettings, connection: SsoConnection, relayState: string): { id: string; url: string } {
  const sp = serviceProvider(settings, connection);
  const request = sp.createLoginRequest(identityProvider(connection), "redirect") as { id: string; context: string };
  const url = new URL(request.context);
  url.searchParams.set("RelayState", relayState);
  return { id: request.id, url: url.toString() };
}

/** What a checked assertion says. */
export interface VerifiedAssertion {
  readonly assertionId: string;
  readonly nameId: string;
  readonly nameIdFormat: string | null;
  readonly nameQualifier: string | null;
  readonly spNameQualifier: string | null;
  /** The AuthnStatement's `SessionIndex`: the identity provider's session, named again at logout. */
  readonly sessionIndex: string | null;
  /** The response's and the subject confirmation's `InResponseTo` (`null`: unsolicited). */
  readonly inResponseTo: string | null;
  /** The end of the assertion's validity: how long its id is kept. */
  readonly notOnOrAfter: Date;
  readonly attributes: Readonly<Record<string, string[]>>;
  readonly authnContext: string | null;
}

const only = (node: Node, ns: string, name: string): Element | undefined => {
  const found = children(node, ns, name);
  return found.length === 1 ? found[0] : undefined;
};
const everywhere = (node: Element | { getElementsByTagNameNS: Element["getElementsByTagNameNS"] }, ns: string, name: string) => Array.from(node.getElementsByTagNameNS(ns, name));

function parse(xml: string): Element {
  const root = parseXml(xml);
  if (!root) throw new SamlResponseRefused("malformed", "The SAML response is not well-formed XML.");
  return root;
}

/** The text of an element that holds one text node and nothing else (a comment inside is refused: the truncation attacks on NameID). */
function plainText(element: Element | undefined, reason: "name-id" | "malformed"): string {
  if (!element) throw new SamlResponseRefused(reason, "An element the assertion needs is missing.");
  const nodes = Array.from(element.childNodes);
  if (nodes.length !== 1 || nodes[0]!.nodeType !== 3) throw new SamlResponseRefused(reason, "An element of the assertion holds more than one text (a comment or an element inside).");
  return (nodes[0]!.nodeValue ?? "").trim();
}

function time(value: string | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new SamlResponseRefused("malformed", "A time of the assertion is not a date.");
  return at;
}

/**
 * Checks a response posted to the connection's ACS, and answers what its one assertion says.
 * samlify first (schema, signature, decryption, issuer); then Latch's own checks.
 */
export async function verifyResponse(settings: ServiceProviderSettings, connection: SsoConnection, body: { SAMLResponse: string; RelayState?: string }, now = new Date()): Promise<VerifiedAssertion> {
  const sp = serviceProvider(settings, connection);
  const idp = identityProvider(connection);
  const urls = spUrls(settings, connection.id);
  // A connection that expects encryption takes no assertion in the clear, and one without a key none encrypted.
  const encrypted = everywhere(parse(Buffer.from(body.SAMLResponse, "base64").toString("utf8")), assertionNs, "EncryptedAssertion").length > 0;
  if (connection.settings.encryptedAssertions !== encrypted) {
    throw new SamlResponseRefused("encryption", connection.settings.encryptedAssertions ? "This connection takes encrypted assertions only." : "This connection has no key to decrypt assertions.");
  }
  let samlContent: string;
  try {
    samlContent = (await sp.parseLoginResponse(idp, "post", { body })).samlContent;
  } catch (error) {
    const code = String((error as Error)?.message ?? error);
    throw new SamlResponseRefused(/ISSUER/.test(code) ? "issuer" : /WRAPPING/.test(code) ? "wrapping" : /XML|SCHEMA|VALID/i.test(code) ? "malformed" : "signature", `samlify refused the response (${code}).`, { cause: error });
  }

  // An encrypted assertion is decrypted here again: samlify checks the decrypted one but answers
  // the posted document.
  if (encrypted) {
    try {
      samlContent = ((await samlify.SamlLib.decryptAssertion(sp, samlContent)) as [string, string])[0];
    } catch (error) {
      throw new SamlResponseRefused("encryption", "The assertion does not decrypt.", { cause: error });
    }
  }
  const response = parse(samlContent);
  if (response.namespaceURI !== protocol || response.localName !== "Response") throw new SamlResponseRefused("malformed", "The message is not a SAML Response.");
  // One assertion in the whole document, a child of the Response: a second one anywhere (in an
  // Extensions, an Object of a Signature, a SubjectConfirmationData) is signature wrapping.
  const assertions = everywhere(response, assertionNs, "Assertion");
  const assertion = only(response, assertionNs, "Assertion");
  if (assertions.length !== 1 || !assertion || everywhere(response, assertionNs, "EncryptedAssertion").length) {
    throw new SamlResponseRefused("wrapping", "The response must hold exactly one assertion, directly under the Response.");
  }
  const assertionId = assertion.getAttribute("ID") ?? "";
  if (!assertionId) throw new SamlResponseRefused("malformed", "The assertion has no ID.");
  // The assertion must be signed itself: its signature verifies with the Response's signature
  // taken away, and what it covers is this very assertion (checked below, by its ID).
  const unsignedResponse = response.cloneNode(true) as Element;
  for (const responseSignature of children(unsignedResponse, dsig, "Signature")) unsignedResponse.removeChild(responseSignature);
  let signed: [boolean, string | null];
  try {
    signed = samlify.SamlLib.verifySignature(unsignedResponse.toString(), { metadata: idp.entityMeta, signatureAlgorithm: idp.entitySetting.requestSignatureAlgorithm }) as [boolean, string | null];
  } catch (error) {
    throw new SamlResponseRefused("signature", "The assertion's signature does not verify.", { cause: error });
  }
  if (!signed[0] || !signed[1]) throw new SamlResponseRefused("unsigned-assertion", "The assertion's own signature does not verify.");
  // From here on, only what was signed: the assertion as its signature covers it.
  const verified = parse(signed[1]);
  if (verified.localName !== "Assertion" || verified.getAttribute("ID") !== assertionId) throw new SamlResponseRefused("wrapping", "The signed assertion is not the response's assertion.");

  const issuer = plainText(only(verified, assertionNs, "Issuer"), "malformed");
  if (issuer !== idp.entityMeta.getEntityID()) throw new SamlResponseRefused("issuer", "The assertion's issuer is not the connection's identity provider.");

  const skew = settings.clockSkew * 1000;
  const conditions = only(verified, assertionNs, "Conditions");
  if (!conditions) throw new SamlResponseRefused("malformed", "The assertion has no Conditions.");
  const notBefore = time(conditions.getAttribute("NotBefore"));
  const notOnOrAfter = time(conditions.getAttribute("NotOnOrAfter"));
  if (!notOnOrAfter) throw new SamlResponseRefused("malformed", "The assertion's Conditions have no NotOnOrAfter.");
  if (notBefore && now.getTime() + skew < notBefore.getTime()) throw new SamlResponseRefused("not-yet-valid", "The assertion is not valid yet.");
  if (now.getTime() - skew >= notOnOrAfter.getTime()) throw new SamlResponseRefused("expired", "The assertion has expired.");

  const audiences = children(conditions, assertionNs, "AudienceRestriction").map((restriction) => children(restriction, assertionNs, "Audience").map((audience) => plainText(audience, "malformed")));
  if (!audiences.length || !audiences.every((list) => list.includes(urls.entityId))) throw new SamlResponseRefused("audience", "The assertion is meant for another service provider.");

  const destination = response.getAttribute("Destination");
  if (destination !== urls.acs) throw new SamlResponseRefused("destination", "The response was sent to another address.");

  const subject = only(verified, assertionNs, "Subject");
  if (!subject) throw new SamlResponseRefused("malformed", "The assertion has no Subject.");
  const bearer = children(subject, assertionNs, "SubjectConfirmation").filter((confirmation) => confirmation.getAttribute("Method") === "urn:oasis:names:tc:SAML:2.0:cm:bearer");
  const data = bearer.length === 1 ? only(bearer[0]!, assertionNs, "SubjectConfirmationData") : undefined;
  if (!data || data.getAttribute("Recipient") !== urls.acs) throw new SamlResponseRefused("recipient", "The assertion's bearer confirmation names another recipient.");
  const confirmUntil = time(data.getAttribute("NotOnOrAfter"));
  if (!confirmUntil || now.getTime() - skew >= confirmUntil.getTime()) throw new SamlResponseRefused("expired", "The assertion's bearer confirmation has expired.");
  const inResponseTo = data.getAttribute("InResponseTo") || null;
  if ((response.getAttribute("InResponseTo") || null) !== inResponseTo) throw new SamlResponseRefused("in-response-to", "The response and its assertion answer different requests.");

  const nameIdElement = only(subject, assertionNs, "NameID");
  const nameId = plainText(nameIdElement, "name-id");
  // The signed bytes are canonical (comments dropped); the posted NameID must say the same with
  // nothing inside it, or a reader of the raw document could see a truncated address.
  const postedSubject = only(assertion, assertionNs, "Subject");
  if (plainText(postedSubject && only(postedSubject, assertionNs, "NameID"), "name-id") !== nameId) throw new SamlResponseRefused("name-id", "The posted NameID differs from the signed one.");
  if (!nameId) throw new SamlResponseRefused("name-id", "The assertion's NameID is empty.");

  const attributes: Record<string, string[]> = {};
  for (const statement of children(verified, assertionNs, "AttributeStatement")) {
    for (const attribute of children(statement, assertionNs, "Attribute")) {
      const name = attribute.getAttribute("Name") ?? "";
      attributes[name] = children(attribute, assertionNs, "AttributeValue").map((value) => plainText(value, "malformed"));
    }
  }
  const authn = only(verified, assertionNs, "AuthnStatement");
  const context = authn && only(authn, assertionNs, "AuthnContext");
  const classRef = context && only(context, assertionNs, "AuthnContextClassRef");
  return {
    assertionId,
    nameId,
    nameIdFormat: nameIdElement!.getAttribute("Format") || null,
    nameQualifier: nameIdElement!.getAttribute("NameQualifier") || null,
    spNameQualifier: nameIdElement!.getAttribute("SPNameQualifier") || null,
    sessionIndex: authn?.getAttribute("SessionIndex") || null,
    inResponseTo,
    notOnOrAfter: new Date(Math.max(notOnOrAfter.getTime(), confirmUntil.getTime()) + skew),
    attributes,
    authnContext: classRef ? plainText(classRef, "malformed") : null,
  };
}
