/**
 * A real SAML identity provider for the suites: samlify's IdP side, signing with a key pair made
 * for the run (openssl, test-only), serving its metadata and a sign-in URL (Redirect binding) on
 * 127.0.0.1 that answers with the page a browser posts to the app's ACS (HTTP-POST binding).
 * `respond` makes a signed response directly, with any field changed before signing, for the
 * attack suites; `decode`/`encode` let them edit the signed XML afterwards.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import * as validator from "@authenio/samlify-node-xmllint";
import { freePort } from "@latch/testing";
import * as samlify from "samlify";

samlify.setSchemaValidator(validator);

/** A self-signed certificate and its key, made for this run only (never a real identity's). */
export interface TestKeyPair {
  readonly privateKey: string;
  readonly certificate: string;
}

/** Makes a throwaway RSA key pair and self-signed certificate with openssl. */
export function testKeyPair(commonName: string): TestKeyPair {
  const dir = mkdtempSync(join(tmpdir(), "latch-sso-keys-"));
  try {
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "2", "-subj", `/CN=${commonName}`], { stdio: "ignore" });
    return { privateKey: readFileSync(join(dir, "key.pem"), "utf8"), certificate: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The person the identity provider signs in. */
export interface IdpUser {
  nameId: string;
  email?: string;
  name?: string;
  groups?: string[];
  /** The AuthnContextClassRef the IdP reports. Default PasswordProtectedTransport. */
  authnContext?: string;
}

/** Fields of the response to change before the IdP signs it. */
export interface ResponseOverrides {
  inResponseTo?: string | null;
  destination?: string;
  recipient?: string;
  audience?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  confirmationNotOnOrAfter?: Date;
  issuer?: string;
  /** Sign the Response and not the assertion (as an IdP configured so does). */
  signResponseOnly?: boolean;
}

/** The page that posts a response to the app's ACS as soon as it loads (HTTP-POST binding). */
function postingPage(acs: string, SAMLResponse: string, relay: string | null): string {
  return (
    `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(acs)}">` +
    `<input type="hidden" name="SAMLResponse" value="${escapeXml(SAMLResponse)}">` +
    (relay ? `<input type="hidden" name="RelayState" value="${escapeXml(relay)}">` : "") +
    `<noscript><button type="submit">Continue</button></noscript></form></body></html>`
  );
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
const { binding } = samlify.Constants.namespace;

/** The SP's ACS URL for the HTTP-POST binding (samlify names bindings by their short names). */
function acsOf(sp: ReturnType<typeof samlify.ServiceProvider>): string {
  return (sp.entityMeta.getAssertionConsumerService("post") as string | undefined) ?? "";
}

function responseXml(values: Record<string, string>, user: IdpUser, inResponseTo: string | null): string {
  const irt = inResponseTo ? ` InResponseTo="${escapeXml(inResponseTo)}"` : "";
  const attribute = (name: string, list: readonly string[]) =>
    `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${list.map((value) => `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue>`).join("")}</saml:Attribute>`;
  const attributes = [user.email && attribute("email", [user.email]), user.name && attribute("name", [user.name]), user.groups?.length && attribute("groups", user.groups)].filter(Boolean).join("");
  const v = (name: string) => escapeXml(values[name]!);
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${v("ID")}" Version="2.0" IssueInstant="${v("IssueInstant")}" Destination="${v("Destination")}"${irt}>` +
    `<saml:Issuer>${v("Issuer")}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${v("AssertionID")}" Version="2.0" IssueInstant="${v("IssueInstant")}"><saml:Issuer>${v("Issuer")}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(user.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${v("SubjectConfirmationDataNotOnOrAfter")}" Recipient="${v("SubjectRecipient")}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${v("ConditionsNotBefore")}" NotOnOrAfter="${v("ConditionsNotOnOrAfter")}"><saml:AudienceRestriction><saml:Audience>${v("Audience")}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${v("IssueInstant")}" SessionIndex="${v("AssertionID")}"><saml:AuthnContext><saml:AuthnContextClassRef>${escapeXml(user.authnContext ?? "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport")}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : "") +
    `</saml:Assertion></samlp:Response>`
  );
}

/** A sign-in the identity provider made: whom, and the session it named (its SessionIndex). */
export interface IdpSignIn {
  readonly nameId: string;
  readonly sessionIndex: string;
}

/** A LogoutRequest the identity provider received and verified (SP-initiated single logout). */
export interface IdpLogout {
  readonly id: string;
  readonly nameId: string;
  readonly sessionIndex: string | null;
  readonly binding: "redirect" | "post";
}

/** Fields of a LogoutRequest the identity provider sends (IdP-initiated), to change before signing. */
export interface LogoutRequestOptions {
  nameId: string;
  sessionIndex?: string;
  issuer?: string;
  destination?: string;
  notOnOrAfter?: Date;
  /** Leave it unsigned. */
  unsigned?: boolean;
  /** Sign with these keys instead of the identity provider's. */
  keys?: TestKeyPair;
  relayState?: string;
}

/** The identity provider, listening. */
export interface TestIdp {
  readonly origin: string;
  readonly metadata: string;
  /** Every sign-in it made, oldest first. */
  readonly signIns: IdpSignIn[];
  /** Every LogoutRequest it received from the app and verified, oldest first. */
  readonly logouts: IdpLogout[];
  /** Every LogoutResponse it received from the app and verified: the InResponseTo of each, and whether it said success. */
  readonly logoutResponses: { inResponseTo: string; status: string }[];
  /** A LogoutRequest (IdP-initiated) to the app whose SP metadata is `spMetadata`: the URL (Redirect binding) a browser is sent to. */
  logoutRequest(spMetadata: string, options: LogoutRequestOptions): { id: string; url: string };
  /** A signed LogoutResponse to the app (Redirect binding), answering `inResponseTo`: the URL. */
  logoutResponse(spMetadata: string, options: { inResponseTo: string; relayState?: string }): string;
  /** Who signs in at the next visit of the sign-in URL. */
  user: IdpUser;
  /**
   * A page of the identity provider's origin that posts `SAMLResponse` (and `relayState`) to `acs`
   * by itself, as its portal does for an IdP-initiated sign-in: its URL.
   */
  portal(acs: string, SAMLResponse: string, relayState?: string): string;
  /** A signed response (base64) for the app whose SP metadata is `spMetadata`. */
  respond(spMetadata: string, options?: { user?: IdpUser } & ResponseOverrides): Promise<string>;
  close(): Promise<void>;
}

/** Starts the identity provider; `encrypt` makes it encrypt assertions to the SP's certificate. */
export async function startIdp(options: { keys: TestKeyPair; user: IdpUser; encrypt?: boolean; slo?: "redirect" | "post" }): Promise<TestIdp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const entity = (keys: TestKeyPair) =>
    samlify.IdentityProvider({
      entityID: `${origin}/metadata`,
      privateKey: keys.privateKey,
      signingCert: keys.certificate,
      singleSignOnService: [{ Binding: binding.redirect, Location: `${origin}/sso` }],
      ...(options.slo && { singleLogoutService: [{ Binding: binding[options.slo], Location: `${origin}/slo` }] }),
      nameIDFormat: ["urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"],
      isAssertionEncrypted: options.encrypt === true,
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
    });
  const idp = entity(options.keys);
  const signIns: IdpSignIn[] = [];
  const logouts: IdpLogout[] = [];
  const logoutResponses: { inResponseTo: string; status: string }[] = [];
  const metadata = idp.getMetadata();

  const respond: TestIdp["respond"] = async (spMetadata, o = {}) => {
    const sp = samlify.ServiceProvider({ metadata: o.signResponseOnly ? spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"') : spMetadata });
    const acs = acsOf(sp);
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const values: Record<string, string> = {
      ID: `_r${crypto.randomUUID()}`,
      AssertionID: `_a${crypto.randomUUID()}`,
      Destination: o.destination ?? acs,
      Audience: o.audience ?? sp.entityMeta.getEntityID(),
      SubjectRecipient: o.recipient ?? acs,
      Issuer: o.issuer ?? `${origin}/metadata`,
      IssueInstant: now.toISOString(),
      ConditionsNotBefore: (o.notBefore ?? new Date(now.getTime() - 1000)).toISOString(),
      ConditionsNotOnOrAfter: (o.notOnOrAfter ?? later).toISOString(),
      SubjectConfirmationDataNotOnOrAfter: (o.confirmationNotOnOrAfter ?? o.notOnOrAfter ?? later).toISOString(),
    };
    const user = o.user ?? options.user;
    signIns.push({ nameId: user.nameId, sessionIndex: values.AssertionID! });
    const made = await idp.createLoginResponse(sp, {} as never, "post", { email: user.email }, (template: string) => ({ id: values.ID!, context: template && responseXml(values, user, o.inResponseTo ?? null) }));
    return (made as { context: string }).context;
  };

  /** The app as a samlify SP from its metadata; `signed`: it wants the messages it receives signed. */
  const spOf = (spMetadata: string, signed = true) => samlify.ServiceProvider({ metadata: spMetadata, wantLogoutRequestSigned: signed, wantLogoutResponseSigned: signed });
  const sloOf = (sp: ReturnType<typeof samlify.ServiceProvider>) => sp.entityMeta.getSingleLogoutService("redirect") as string;

  const logoutRequest: TestIdp["logoutRequest"] = (spMetadata, o) => {
    const sp = spOf(spMetadata, !o.unsigned);
    const id = `_l${crypto.randomUUID()}`;
    const now = new Date();
    const xml =
      `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}" ` +
      `NotOnOrAfter="${(o.notOnOrAfter ?? new Date(now.getTime() + 300_000)).toISOString()}" Destination="${escapeXml(o.destination ?? sloOf(sp))}">` +
      `<saml:Issuer>${escapeXml(o.issuer ?? `${origin}/metadata`)}</saml:Issuer>` +
      `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(o.nameId)}</saml:NameID>` +
      (o.sessionIndex ? `<samlp:SessionIndex>${escapeXml(o.sessionIndex)}</samlp:SessionIndex>` : "") +
      `</samlp:LogoutRequest>`;
    const signer = o.keys ? entity(o.keys) : idp;
    const made = signer.createLogoutRequest(sp, "redirect", {}, { relayState: o.relayState ?? "", customTagReplacement: () => ({ id, context: xml }) }) as { context: string };
    return { id, url: made.context };
  };

  const logoutResponse: TestIdp["logoutResponse"] = (spMetadata, o) => {
    const sp = spOf(spMetadata);
    const made = idp.createLogoutResponse(sp, { extract: { request: { id: o.inResponseTo } } } as never, "redirect", { relayState: o.relayState ?? "" }) as { context: string };
    return made.context;
  };

  const portalPages = new Map<string, string>();
  const portal: TestIdp["portal"] = (acs, SAMLResponse, relayState) => {
    const id = crypto.randomUUID();
    portalPages.set(id, postingPage(acs, SAMLResponse, relayState ?? null));
    return `${origin}/portal/${id}`;
  };

  const served: TestIdp = {
    origin,
    portal,
    metadata,
    user: options.user,
    signIns,
    logouts,
    logoutResponses,
    logoutRequest,
    logoutResponse,
    respond,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  /** The service provider's metadata by its entity id, fetched once: the app publishes it at its entity id. */
  const spMetadata = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", origin);
      if (url.pathname === "/metadata") return void res.writeHead(200, { "content-type": "application/xml" }).end(metadata);
      if (url.pathname === "/slo") return void (await singleLogout(req, res, url));
      const page = url.pathname.startsWith("/portal/") && portalPages.get(url.pathname.slice("/portal/".length));
      if (page) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
      if (url.pathname !== "/sso") return void res.writeHead(404).end();
      // The AuthnRequest (deflated, Redirect binding) names the SP by its issuer, the URL of its metadata, which the IdP reads.
      const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64"));
      const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(String(xml))?.[1] ?? "";
      const requestId = / ID="([^"]+)"/.exec(String(xml))?.[1] ?? null;
      if (!spMetadata.has(issuer)) spMetadata.set(issuer, await (await fetch(issuer)).text());
      const SAMLResponse = await respond(spMetadata.get(issuer)!, { user: served.user, inResponseTo: requestId });
      const acs = acsOf(samlify.ServiceProvider({ metadata: spMetadata.get(issuer)! }));
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(postingPage(acs, SAMLResponse, url.searchParams.get("RelayState")));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  /**
   * The identity provider's SingleLogoutService: a LogoutRequest of the app (signature checked
   * by the app's metadata, fetched by its issuer) is recorded and answered with a signed
   * LogoutResponse to the app's SLO URL; a LogoutResponse of the app is checked and recorded.
   */
  async function singleLogout(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, url: URL): Promise<void> {
    const post = req.method === "POST";
    const fields: Record<string, string> = post ? Object.fromEntries(new URLSearchParams(await new Promise<string>((resolve) => { let body = ""; req.on("data", (chunk) => (body += chunk)); req.on("end", () => resolve(body)); }))) : Object.fromEntries(url.searchParams);
    const binding = post ? "post" : "redirect";
    const field = fields.SAMLRequest ? "SAMLRequest" : "SAMLResponse";
    const xml = post ? decode(fields[field] ?? "") : String(inflateRawSync(Buffer.from(fields[field] ?? "", "base64")));
    const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)?.[1] ?? "";
    if (!spMetadata.has(issuer)) spMetadata.set(issuer, await (await fetch(issuer)).text());
    const sp = spOf(spMetadata.get(issuer)!);
    const raw = url.search.slice(1).split("&");
    const octetString = [field, "RelayState", "SigAlg"].map((name) => raw.find((pair) => pair.startsWith(`${name}=`))).filter(Boolean).join("&");
    const request = post ? { body: fields } : { query: fields, octetString };
    if (field === "SAMLResponse") {
      const parsed = (await idp.parseLogoutResponse(sp, binding, request)) as unknown as { extract: { response: { inResponseTo: string } } };
      logoutResponses.push({ inResponseTo: parsed.extract.response.inResponseTo, status: /StatusCode Value="([^"]+)"/.exec(xml)?.[1] ?? "" });
      return void res.writeHead(200, { "content-type": "text/plain" }).end("signed out at the identity provider");
    }
    const parsed = (await idp.parseLogoutRequest(sp, binding, request)) as unknown as { extract: { request: { id: string }; nameID: string; sessionIndex: string | null } };
    logouts.push({ id: parsed.extract.request.id, nameId: parsed.extract.nameID, sessionIndex: parsed.extract.sessionIndex ?? null, binding });
    const answer = idp.createLogoutResponse(sp, parsed as never, "redirect", { relayState: fields.RelayState ?? "" }) as { context: string };
    res.writeHead(302, { location: answer.context }).end();
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return served;
}

/** The page the identity provider answered with: where it posts, and what. */
export function autoPostForm(html: string): { action: string; SAMLResponse: string; RelayState?: string } {
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
  if (!action || !field("SAMLResponse")) throw new Error(`not an auto-post form: ${html.slice(0, 200)}`);
  return { action, SAMLResponse: field("SAMLResponse")!, ...(field("RelayState") && { RelayState: field("RelayState")! }) };
}

/** A response's XML. */
export const decode = (base64: string): string => Buffer.from(base64, "base64").toString("utf8");
/** Back to what the binding carries. */
export const encode = (xml: string): string => Buffer.from(xml, "utf8").toString("base64");
