/**
 * SAML single logout's messages (saml-core §3.7, saml-bindings §3.4–3.5), through samlify: the
 * signed LogoutRequest the app sends when a person signs out here, the LogoutResponse it checks
 * when the identity provider answers, the LogoutRequest of a logout the identity provider starts
 * (its signature, issuer, destination and time checked here) and the signed LogoutResponse sent
 * back. HTTP-Redirect and HTTP-POST bindings.
 */
import * as samlify from "samlify";
import { SamlLogoutRefused } from "./errors.js";
import { children, parseXml } from "./xml.js";
import { identityProvider, serviceProvider, spUrls, type ServiceProviderSettings } from "./saml.js";
import type { SsoConnection } from "./types.js";

const protocol = "urn:oasis:names:tc:SAML:2.0:protocol";
const assertionNs = "urn:oasis:names:tc:SAML:2.0:assertion";
const dsig = "http://www.w3.org/2000/09/xmldsig#";
const success = "urn:oasis:names:tc:SAML:2.0:status:Success";
const partial = "urn:oasis:names:tc:SAML:2.0:status:PartialLogout";

/** A binding of single logout, by samlify's short name. */
export type LogoutBinding = "redirect" | "post";

/** A message as the binding carried it: the query of a GET (with the raw query string, which the signature covers) or the fields of a POST. */
export interface LogoutMessage {
  readonly binding: LogoutBinding;
  readonly fields: Readonly<Record<string, string>>;
  /** The request's raw query string (after `?`), for the Redirect binding. */
  readonly rawQuery: string;
}

/** A message to send to the identity provider: a URL to redirect to, or a page that posts it. */
export type OutgoingMessage =
  | { readonly binding: "redirect"; readonly id: string; readonly url: string }
  | { readonly binding: "post"; readonly id: string; readonly url: string; readonly field: "SAMLRequest" | "SAMLResponse"; readonly message: string; readonly relayState: string };

/** What a LogoutRequest names: whose sessions, which of them. */
export interface LogoutSubject {
  readonly nameId: string;
  readonly nameIdFormat: string | null;
  readonly nameQualifier: string | null;
  readonly spNameQualifier: string | null;
  readonly sessionIndex: string | null;
}

/** A checked LogoutRequest of the identity provider. */
export interface VerifiedLogoutRequest {
  readonly id: string;
  readonly nameId: string;
  /** The sessions it names (none: every session of the NameID). */
  readonly sessionIndexes: readonly string[];
  /** When its id may be forgotten: its NotOnOrAfter, or its issue time plus the allowed age. */
  readonly keepUntil: Date;
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The identity provider's SingleLogoutService: the Redirect binding first, else HTTP-POST; `null` when it offers none. */
export function idpLogoutService(connection: Pick<SsoConnection, "settings">): { binding: LogoutBinding; url: string } | null {
  let idp: ReturnType<typeof identityProvider>;
  try {
    idp = identityProvider(connection);
  } catch {
    return null;
  }
  for (const binding of ["redirect", "post"] as const) {
    const url = idp.entityMeta.getSingleLogoutService(binding) as unknown;
    if (typeof url === "string" && /^https?:\/\//.test(url)) return { binding, url };
  }
  return null;
}

function parse(xml: string): Element {
  const root = parseXml(xml);
  if (!root) throw new SamlLogoutRefused("malformed", "The logout message is not well-formed XML.");
  return root;
}


/** The text of an element holding one text node only (a comment inside is refused). */
function plainText(element: Element | undefined): string {
  const nodes = element ? Array.from(element.childNodes) : [];
  if (nodes.length !== 1 || nodes[0]!.nodeType !== 3) throw new SamlLogoutRefused("malformed", "An element of the logout message is missing or holds more than one text.");
  return (nodes[0]!.nodeValue ?? "").trim();
}

/** The message's XML, from either binding (the Redirect binding deflates it). */
function xmlOf(message: LogoutMessage, field: "SAMLRequest" | "SAMLResponse"): string {
  const value = message.fields[field] ?? "";
  try {
    const bytes = Buffer.from(value, "base64");
    return message.binding === "redirect" ? String(samlify.Utility.inflateString(value)) : bytes.toString("utf8");
  } catch (error) {
    throw new SamlLogoutRefused("malformed", "The logout message does not decode.", { cause: error });
  }
}

/**
 * The raw query's parameters the Redirect binding signs, in the order it signs them
 * (saml-bindings §3.4.4.1), as the sender encoded them.
 */
function octetString(rawQuery: string, field: "SAMLRequest" | "SAMLResponse"): string {
  const raw = new Map<string, string>();
  for (const pair of rawQuery.split("&")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && !raw.has(pair.slice(0, eq))) raw.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [field, "RelayState", "SigAlg"].filter((name) => raw.has(name)).map((name) => `${name}=${raw.get(name)}`).join("&");
}

/**
 * Checks the message's signature with samlify, by the identity provider's certificate: the query's
 * signature (Redirect binding), or the enveloped signature of the root element (HTTP-POST binding:
 * one Signature under the root, referencing the root's ID, which no other element bears).
 */
async function verifySigned(settings: ServiceProviderSettings, connection: SsoConnection, message: LogoutMessage, type: "LogoutRequest" | "LogoutResponse"): Promise<Element> {
  const field = type === "LogoutRequest" ? "SAMLRequest" : "SAMLResponse";
  const xml = xmlOf(message, field);
  const root = parse(xml);
  if (root.namespaceURI !== protocol || root.localName !== type) throw new SamlLogoutRefused("malformed", `The message is not a SAML ${type}.`);
  const id = root.getAttribute("ID") ?? "";
  if (!id) throw new SamlLogoutRefused("malformed", "The logout message has no ID.");
  if (message.binding === "post") {
    const signatures = children(root, dsig, "Signature");
    const references = signatures.length === 1 ? Array.from(signatures[0]!.getElementsByTagNameNS(dsig, "Reference")) : [];
    const sameId = Array.from(root.getElementsByTagName("*")).filter((element) => element.getAttribute("ID") === id).length;
    if (signatures.length !== 1) throw new SamlLogoutRefused("signature", "The logout message is not signed.");
    if (references.length !== 1 || references[0]!.getAttribute("URI") !== `#${id}` || sameId !== 0) throw new SamlLogoutRefused("signature", "The logout message's signature does not cover the message itself.");
  }
  const sp = serviceProvider(settings, connection);
  const idp = identityProvider(connection);
  const request = message.binding === "redirect" ? { query: message.fields, octetString: octetString(message.rawQuery, field) } : { body: message.fields };
  try {
    await (type === "LogoutRequest" ? sp.parseLogoutRequest(idp, message.binding, request) : sp.parseLogoutResponse(idp, message.binding, request));
  } catch (error) {
    const code = String((error as Error)?.message ?? error);
    const reason = /ISSUER/.test(code) ? "issuer" : /STATUS/.test(code) ? "status" : /INVALID_XML|BAD_ARGS/.test(code) ? "malformed" : "signature";
    throw new SamlLogoutRefused(reason, `samlify refused the logout message (${code}).`, { cause: error });
  }
  return root;
}

/** The issuer and destination every logout message must carry. */
function checkAddressing(settings: ServiceProviderSettings, connection: SsoConnection, root: Element): void {
  const issuer = plainText(children(root, assertionNs, "Issuer")[0]);
  if (issuer !== identityProvider(connection).entityMeta.getEntityID()) throw new SamlLogoutRefused("issuer", "The logout message's issuer is not the connection's identity provider.");
  if (root.getAttribute("Destination") !== spUrls(settings, connection.id).slo) throw new SamlLogoutRefused("destination", "The logout message was sent to another address.");
}

function time(value: string | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new SamlLogoutRefused("malformed", "A time of the logout message is not a date.");
  return at;
}

/** Builds a message samlify signs and carries by `binding` to the identity provider. */
function outgoing(settings: ServiceProviderSettings, connection: SsoConnection, kind: "request" | "response", binding: LogoutBinding, id: string, xml: string, relayState: string): OutgoingMessage {
  const sp = serviceProvider(settings, connection);
  const idp = identityProvider(connection);
  const customTagReplacement = () => ({ id, context: xml });
  const made = (kind === "request"
    ? sp.createLogoutRequest(idp, binding, {}, { relayState, customTagReplacement })
    : sp.createLogoutResponse(idp, { extract: {} } as never, binding, { relayState, customTagReplacement })) as { id: string; context: string; entityEndpoint?: string };
  if (binding === "redirect") return { binding, id, url: made.context };
  return { binding, id, url: made.entityEndpoint!, field: kind === "request" ? "SAMLRequest" : "SAMLResponse", message: made.context, relayState };
}

/** The signed LogoutRequest for the identity provider's session of `subject`. */
export function logoutRequest(settings: ServiceProviderSettings, connection: SsoConnection, subject: LogoutSubject, relayState: string, maxAge: number): OutgoingMessage {
  const service = idpLogoutService(connection);
  if (!service || !settings.signing) throw new SamlLogoutRefused("unavailable", "The identity provider offers no single logout, or the app has no signing key.");
  const id = `_${crypto.randomUUID()}`;
  const now = new Date();
  const attribute = (name: string, value: string | null) => (value ? ` ${name}="${escapeXml(value)}"` : "");
  const xml =
    `<samlp:LogoutRequest xmlns:samlp="${protocol}" xmlns:saml="${assertionNs}" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}" ` +
    `NotOnOrAfter="${new Date(now.getTime() + maxAge * 1000).toISOString()}" Destination="${escapeXml(service.url)}">` +
    `<saml:Issuer>${escapeXml(spUrls(settings, connection.id).entityId)}</saml:Issuer>` +
    `<saml:NameID${attribute("Format", subject.nameIdFormat)}${attribute("NameQualifier", subject.nameQualifier)}${attribute("SPNameQualifier", subject.spNameQualifier)}>${escapeXml(subject.nameId)}</saml:NameID>` +
    (subject.sessionIndex ? `<samlp:SessionIndex>${escapeXml(subject.sessionIndex)}</samlp:SessionIndex>` : "") +
    `</samlp:LogoutRequest>`;
  return outgoing(settings, connection, "request", service.binding, id, xml, relayState);
}

/** Checks the identity provider's LogoutResponse (signature, issuer, destination, success); the request it answers (`InResponseTo`). */
export async function verifyLogoutResponse(settings: ServiceProviderSettings, connection: SsoConnection, message: LogoutMessage): Promise<{ inResponseTo: string }> {
  const root = await verifySigned(settings, connection, message, "LogoutResponse");
  checkAddressing(settings, connection, root);
  const status = children(root, protocol, "Status")[0];
  const code = status && children(status, protocol, "StatusCode")[0]?.getAttribute("Value");
  if (code !== success) throw new SamlLogoutRefused("status", "The identity provider did not sign the person out.");
  return { inResponseTo: root.getAttribute("InResponseTo") ?? "" };
}

/**
 * Checks a LogoutRequest the identity provider sent: its signature, issuer and destination, its
 * issue time within `maxAge` seconds and its NotOnOrAfter (each with `clockSkew`). The replay
 * check is the caller's (the request's id, kept until `keepUntil`).
 */
export async function verifyLogoutRequest(settings: ServiceProviderSettings, connection: SsoConnection, message: LogoutMessage, maxAge: number, now = new Date()): Promise<VerifiedLogoutRequest> {
  const root = await verifySigned(settings, connection, message, "LogoutRequest");
  checkAddressing(settings, connection, root);
  const skew = settings.clockSkew * 1000;
  const issued = time(root.getAttribute("IssueInstant"));
  const notOnOrAfter = time(root.getAttribute("NotOnOrAfter"));
  if (!issued) throw new SamlLogoutRefused("malformed", "The LogoutRequest has no IssueInstant.");
  if (issued.getTime() - skew > now.getTime() || now.getTime() - skew >= issued.getTime() + maxAge * 1000) throw new SamlLogoutRefused("expired", "The LogoutRequest was issued too long ago, or in the future.");
  if (notOnOrAfter && now.getTime() - skew >= notOnOrAfter.getTime()) throw new SamlLogoutRefused("expired", "The LogoutRequest has expired.");
  const nameIds = children(root, assertionNs, "NameID");
  if (nameIds.length !== 1) throw new SamlLogoutRefused("malformed", "The LogoutRequest must name one NameID (an encrypted one is not supported).");
  const nameId = plainText(nameIds[0]);
  if (!nameId) throw new SamlLogoutRefused("malformed", "The LogoutRequest's NameID is empty.");
  return {
    id: root.getAttribute("ID")!,
    nameId,
    sessionIndexes: children(root, protocol, "SessionIndex").map(plainText),
    keepUntil: new Date(Math.max(issued.getTime() + maxAge * 1000, notOnOrAfter?.getTime() ?? 0) + skew),
  };
}

/** The signed LogoutResponse to the identity provider's LogoutRequest `inResponseTo`: success, or partial logout when a session could not be ended. */
export function logoutResponse(settings: ServiceProviderSettings, connection: SsoConnection, inResponseTo: string, relayState: string, complete: boolean): OutgoingMessage {
  const service = idpLogoutService(connection);
  if (!service || !settings.signing) throw new SamlLogoutRefused("unavailable", "The identity provider offers no single logout, or the app has no signing key.");
  const id = `_${crypto.randomUUID()}`;
  const status = complete ? `<samlp:StatusCode Value="${success}"/>` : `<samlp:StatusCode Value="${success}"><samlp:StatusCode Value="${partial}"/></samlp:StatusCode>`;
  const xml =
    `<samlp:LogoutResponse xmlns:samlp="${protocol}" xmlns:saml="${assertionNs}" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" ` +
    `Destination="${escapeXml(service.url)}" InResponseTo="${escapeXml(inResponseTo)}">` +
    `<saml:Issuer>${escapeXml(spUrls(settings, connection.id).entityId)}</saml:Issuer><samlp:Status>${status}</samlp:Status></samlp:LogoutResponse>`;
  return outgoing(settings, connection, "response", service.binding, id, xml, relayState);
}

/** The page that posts a message to the identity provider (HTTP-POST binding). */
export function postPage(message: Extract<OutgoingMessage, { binding: "post" }>): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head><body onload="document.forms[0].submit()">` +
    `<form method="post" action="${escapeXml(message.url)}"><input type="hidden" name="${message.field}" value="${escapeXml(message.message)}">` +
    (message.relayState ? `<input type="hidden" name="RelayState" value="${escapeXml(message.relayState)}">` : "") +
    `<noscript><button type="submit">Continue</button></noscript></form></body></html>`
  );
}
