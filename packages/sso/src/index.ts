/**
 * Enterprise single sign-on per organization for Latch: an organization's admins connect its
 * SAML 2.0 identity provider (Okta, Entra ID, Google Workspace, ADFS, Keycloak) and verify its
 * domains; people at those domains are sent to that identity provider (home-realm discovery),
 * and their first sign-in makes them members with the role their groups map to. A plugin:
 * endpoints under `<base>/sso/…`. Node only (samlify, `node:dns`).
 *
 * @example
 * ```ts
 * import { Organizations } from "@latch/core/organizations"
 * import { PostgresAdapter } from "@latch/pg"
 * import { Sso, postgresSsoStore } from "@latch/sso"
 * import pg from "pg"
 * const pool = new pg.Pool()
 * export const config = {
 *   adapter: PostgresAdapter(pool),
 *   providers: [],
 *   organizations: Organizations(),
 *   plugins: [Sso({ store: postgresSsoStore(pool) })],
 * }
 * ```
 * @module @latch/sso
 */
import { definePlugin, type Plugin, type PluginEndpointContext, type PluginResponse } from "@latch/core/plugins";
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import { domainOf, hasRecord, normalizeDomain, recordName, recordValue, systemResolver, type TxtResolver } from "./domains.js";
import { SamlLogoutRefused, SamlResponseRefused, SsoRequestRefused } from "./errors.js";
import { authnRequest, describeIdpMetadata, serviceProvider, spUrls, verifyResponse, type ServiceProviderSettings } from "./saml.js";
import type { SsoStore } from "./store.js";
import { defaultMfaContexts, type AttributeMapping, type SamlConnectionSettings, type SsoConnection } from "./types.js";
import { discoveryPage } from "./page.js";
import { logoutEndpoints, logoutHooks, rememberAssertion, type LogoutDeps } from "./slo.js";

export { postgresSsoStore, type Queryable, type SsoStore } from "./store.js";
export { SamlResponseRefused, SsoRequestRefused, type SamlRefusal } from "./errors.js";
export { SamlLogoutRefused, type SamlLogoutRefusal } from "./errors.js";
export type { SsoLogoutRequest, SsoLogoutStore, SsoSession } from "./logout-store.js";
export { recordName, recordValue, systemResolver, type TxtResolver } from "./domains.js";
export { defaultMfaContexts, type AttributeMapping, type SamlConnectionSettings, type SsoConnection, type SsoDomain, type SsoRequest } from "./types.js";

/** What `Sso()` is told. */
export interface SsoOptions {
  /** Where connections, domains, used assertion ids and pending sign-ins are kept: {@link postgresSsoStore}. */
  readonly store: SsoStore;
  /** Reads TXT records for domain verification. Default: `resolveTxt` of `node:dns/promises`. */
  readonly resolveTxt?: TxtResolver;
  /** The app's key pair (PEM) identity providers encrypt assertions to; published in the SP metadata. */
  readonly encryption?: { readonly privateKey: string; readonly certificate: string };
  /**
   * The app's signing key pair (PEM) for SAML single logout: published in the SP metadata with
   * its SingleLogoutService, it signs the LogoutRequests and LogoutResponses sent to identity
   * providers. Without it, signing out ends the session here only.
   */
  readonly signing?: { readonly privateKey: string; readonly certificate: string };
  /** Clock skew allowed on an assertion's times, seconds. Default 120. */
  readonly clockSkew?: number;
  /** How long a sign-in sent to an identity provider may take, seconds. Default 600. */
  readonly requestMaxAge?: number;
}

type Ctx = PluginEndpointContext;
type Store = Required<Adapter> & OrganizationAdapter;

const adminRoles = new Set(["owner", "admin"]);
const xml = { "Content-Type": "application/samlmetadata+xml; charset=utf-8" };

const refuse = (status: 400 | 401 | 403 | 404 | 409, code: string, message: string): never => {
  throw new SsoRequestRefused(status, code, message);
};

/** `<base>/sso`, absolute, from the request and the path under the plugin. */
function ssoBase(ctx: Ctx): string {
  const url = new URL(ctx.request.url);
  const tail = ctx.path ? `/${ctx.path}` : "";
  return `${url.origin}${url.pathname.replace(/\/+$/, "").slice(0, url.pathname.replace(/\/+$/, "").length - tail.length)}`;
}

function adapterOf(ctx: Ctx): Store {
  if (!ctx.adapter) refuse(400, "MissingAdapter", "Enterprise sign-in needs an adapter.");
  return ctx.adapter as Store;
}

/** The signed-in user's id, or 401. */
async function callerId(ctx: Ctx): Promise<string> {
  const session = await ctx.getSession();
  const email = session?.user?.email;
  const user = email ? await adapterOf(ctx).getUserByEmail(email) : null;
  if (!user) return refuse(401, "Unauthenticated", "Sign in first.");
  return user.id;
}

/** The caller, when an owner or admin of the organization; 403 otherwise (404 for an organization they are not in). */
async function organizationAdmin(ctx: Ctx, organizationId: string): Promise<string> {
  const userId = await callerId(ctx);
  const member = await adapterOf(ctx).getMember(organizationId, userId);
  if (!member) refuse(404, "OrganizationNotFound", "No such organization among yours.");
  if (!adminRoles.has(member!.role)) refuse(403, "OrganizationPermissionDenied", "Only an owner or admin of the organization manages its sign-in.");
  return userId;
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

function connectionSettings(body: Readonly<Record<string, unknown>> | undefined, canDecrypt: boolean): SamlConnectionSettings {
  const idpMetadata = text(body?.idpMetadata);
  try {
    describeIdpMetadata(idpMetadata);
  } catch (error) {
    refuse(400, "InvalidMetadata", (error as Error).message);
  }
  const mapping = (body?.attributeMapping ?? {}) as Record<string, unknown>;
  const attributeMapping: AttributeMapping = {
    ...(typeof mapping.email === "string" && { email: mapping.email }),
    ...(typeof mapping.name === "string" && { name: mapping.name }),
    ...(typeof mapping.groups === "string" && { groups: mapping.groups }),
  };
  const groupRoles = Object.fromEntries(Object.entries((body?.groupRoles ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (Object.values(groupRoles).includes("owner") || body?.defaultRole === "owner") refuse(400, "InvalidRole", "Single sign-on never makes an owner.");
  const encryptedAssertions = body?.encryptedAssertions === true;
  if (encryptedAssertions && !canDecrypt) refuse(400, "MissingEncryptionKey", "Encrypted assertions need Sso({ encryption }).");
  return {
    idpMetadata,
    defaultRole: text(body?.defaultRole, "member") || "member",
    attributeMapping,
    groupRoles,
    allowIdpInitiated: body?.allowIdpInitiated === true,
    encryptedAssertions,
    trustIdpMfa: body?.trustIdpMfa === true,
    mfaContexts: Array.isArray(body?.mfaContexts) ? body.mfaContexts.filter((value): value is string => typeof value === "string") : [...defaultMfaContexts],
  };
}

/** A connection as an admin sees it: its settings and the service provider's URLs to give the identity provider. */
function shown(settings: Pick<ServiceProviderSettings, "base">, connection: SsoConnection) {
  const { entityId, signOnUrl } = describeIdpMetadata(connection.settings.idpMetadata);
  const { idpMetadata: _, ...rest } = connection.settings;
  return { id: connection.id, organizationId: connection.organizationId, kind: connection.kind, ...rest, idp: { entityId, signOnUrl }, sp: spUrls(settings, connection.id), createdAt: connection.createdAt };
}

/** The callback URL when it is on the app's origin (a relative path or an absolute URL there); `null` otherwise. */
function sameOrigin(value: string, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The role a person gets from their groups: the first mapped group (in the mapping's order), else the default. */
function roleFrom(settings: SamlConnectionSettings, groups: readonly string[]): string {
  for (const [group, role] of Object.entries(settings.groupRoles)) if (groups.includes(group)) return role;
  return settings.defaultRole;
}

/** Makes the user a member with `role` (or updates the role a previous sign-in gave); an owner stays owner. */
async function provision(adapter: Store, connection: SsoConnection, userId: string, email: string, role: string): Promise<void> {
  const member = await adapter.getMember(connection.organizationId, userId);
  if (member) {
    if (member.role !== role && member.role !== "owner") await adapter.updateMemberRole(connection.organizationId, userId, role);
    return;
  }
  const now = new Date();
  const invitation = await adapter.createInvitation({
    id: crypto.randomUUID(),
    organizationId: connection.organizationId,
    email,
    role,
    inviterId: connection.createdBy,
    hash: `sso:${crypto.randomUUID()}`,
    status: "pending",
    expires: new Date(now.getTime() + 60_000),
    createdAt: now,
  });
  await adapter.acceptInvitation(invitation.id, { organizationId: connection.organizationId, userId, role, createdAt: now });
}

/** The cookie that ties a started sign-in to the browser that started it. */
const requestCookieName = "latch-sso-request";

/**
 * The request cookie: `SameSite=None; Secure` over https, since the identity provider posts from
 * another site; `SameSite=Lax` over http (a local app, whose identity provider is then on the same host).
 */
function requestCookie(ctx: Ctx, relayState: string): string {
  const url = new URL(ctx.request.url);
  const path = `${url.pathname.slice(0, url.pathname.length - ctx.path.length)}saml`;
  const site = url.protocol === "https:" ? "SameSite=None; Secure" : "SameSite=Lax";
  return `${requestCookieName}=${relayState}; Path=${path}; Max-Age=${600}; HttpOnly; ${site}`;
}

function cookieOf(request: Request, name: string): string {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return "";
}

/** Compares two strings in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0 && a.length > 0;
}

async function answer(ctx: Ctx, run: () => Promise<PluginResponse>): Promise<PluginResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SamlResponseRefused) return ctx.json({ error: error.type, reason: error.reason, message: error.message }, { status: 400 });
    if (error instanceof SamlLogoutRefused) return ctx.json({ error: error.type, reason: error.reason, message: error.message }, { status: 400 });
    if (error instanceof SsoRequestRefused) return ctx.json({ error: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Enterprise single sign-on per organization (SAML 2.0), verified domains and home-realm
 * discovery, as a plugin: put it in the config's `plugins`, next to `Organizations()`.
 *
 * @example
 * ```ts
 * import { Sso, postgresSsoStore } from "@latch/sso"
 * import { PGlite } from "@electric-sql/pglite"
 * const plugin = Sso({ store: postgresSsoStore(new PGlite()) })
 * ```
 */
export function Sso(options: SsoOptions): Plugin<"sso"> {
  const { store } = options;
  const resolver = options.resolveTxt ?? systemResolver;
  const settingsFor = (base: string): ServiceProviderSettings => ({ base, encryption: options.encryption, signing: options.signing, clockSkew: options.clockSkew ?? 120 });
  const settingsOf = (ctx: Ctx): ServiceProviderSettings => settingsFor(ssoBase(ctx));
  const connectionOf = async (id: string | undefined): Promise<SsoConnection> => (id && (await store.getConnection(id))) || refuse(404, "ConnectionNotFound", "No such connection.");
  const logout: LogoutDeps = { store, settingsFor, connectionOf, maxAge: options.requestMaxAge ?? 600, answer };

  return definePlugin({
    id: "sso",
    adapterMethods: ["getUserByEmail", "getUserByAccount", "getMember", "createInvitation", "acceptInvitation", "updateMemberRole"],
    hooks: logoutHooks(logout),
    endpoints: {
      ...logoutEndpoints(logout, ssoBase),
      // GET <base>/sso/saml/:connectionId/metadata: the service provider's metadata, for the identity provider.
      metadata: {
        method: "GET",
        path: "saml/:connectionId/metadata",
        handler: (ctx) => answer(ctx, async () => {
          const connection = await connectionOf(ctx.params.connectionId);
          return ctx.text(serviceProvider(settingsOf(ctx), connection).getMetadata(), { headers: xml });
        }),
      },
      // GET <base>/sso/saml/:connectionId/start?callbackUrl=…: the AuthnRequest, sent to the identity provider (Redirect binding).
      start: {
        method: "GET",
        path: "saml/:connectionId/start",
        handler: (ctx) => answer(ctx, async () => {
          const connection = await connectionOf(ctx.params.connectionId);
          const origin = new URL(ctx.request.url).origin;
          const callbackUrl = sameOrigin(text(ctx.query.callbackUrl), origin) ?? `${origin}/`;
          const relayState = crypto.randomUUID();
          const request = authnRequest(settingsOf(ctx), connection, relayState);
          await store.saveRequest({ id: relayState, requestId: request.id, connectionId: connection.id, callbackUrl, expires: new Date(Date.now() + (options.requestMaxAge ?? 600) * 1000) });
          // The identity provider's URL comes from the metadata an admin of the organization uploaded.
          // The cookie binds the sign-in to this browser: the ACS takes the response only with it.
          return ctx.text("", { status: 303, headers: { Location: request.url, "Cache-Control": "no-store", "Set-Cookie": requestCookie(ctx, relayState) } });
        }),
      },
      // POST <base>/sso/saml/:connectionId/acs: the identity provider's response (HTTP-POST binding).
      acs: {
        method: "POST",
        path: "saml/:connectionId/acs",
        // Posted by the identity provider's page: no CSRF token; the signature and the RelayState vouch for it.
        csrf: false,
        rateLimit: "callback",
        startsSession: true,
        handler: (ctx) => answer(ctx, async () => {
          const connection = await connectionOf(ctx.params.connectionId);
          const SAMLResponse = text(ctx.body?.SAMLResponse);
          const RelayState = text(ctx.body?.RelayState);
          if (!SAMLResponse) throw new SamlResponseRefused("malformed", "No SAMLResponse was posted.");
          const assertion = await verifyResponse(settingsOf(ctx), connection, { SAMLResponse, ...(RelayState && { RelayState }) });
          const origin = new URL(ctx.request.url).origin;

          let callbackUrl: string;
          const pending = RelayState ? await store.takeRequest(RelayState) : null;
          if (pending && pending.connectionId === connection.id) {
            if (pending.expires.getTime() <= Date.now()) throw new SamlResponseRefused("expired", "The sign-in took too long; start again.");
            if (!sameText(cookieOf(ctx.request, requestCookieName), RelayState)) throw new SamlResponseRefused("browser", "The sign-in was started in another browser.");
            if (assertion.inResponseTo !== pending.requestId) throw new SamlResponseRefused("in-response-to", "The response does not answer the sign-in this browser started.");
            callbackUrl = pending.callbackUrl;
          } else {
            if (assertion.inResponseTo !== null) throw new SamlResponseRefused("in-response-to", "The response answers a sign-in that is not pending.");
            if (!connection.settings.allowIdpInitiated) throw new SamlResponseRefused("unsolicited", "This connection accepts only sign-ins started here.");
            const target = RelayState ? sameOrigin(RelayState, origin) : `${origin}/`;
            if (!target) throw new SamlResponseRefused("relay-state", "The RelayState leads away from this site.");
            callbackUrl = target;
          }
          if (!(await store.useAssertion(`${connection.id}:${assertion.assertionId}`, assertion.notOnOrAfter))) {
            throw new SamlResponseRefused("replay", "This assertion was used already.");
          }

          const mapping = connection.settings.attributeMapping;
          const first = (name: string | undefined) => (name ? assertion.attributes[name]?.[0] : undefined);
          const nameIdIsEmail = assertion.nameIdFormat === "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress" || /^[^@\s]+@[^@\s]+$/.test(assertion.nameId);
          const email = (first(mapping.email ?? "email") ?? (nameIdIsEmail ? assertion.nameId : undefined))?.trim().toLowerCase();
          if (!email || !domainOf(email)) throw new SamlResponseRefused("no-email", "The assertion carries no address.");
          const name = first(mapping.name ?? "name") ?? null;
          const groups = assertion.attributes[mapping.groups ?? "groups"] ?? [];
          // An address under a domain this organization verified is proven by its identity provider (PROTOCOL §6).
          const verified = await store.verifiedDomain(domainOf(email)!);
          const emailProven = verified?.organizationId === connection.organizationId;

          // The identity provider's second factor counts only where the connection trusts it to say so.
          const { trustIdpMfa, mfaContexts = defaultMfaContexts } = connection.settings;
          const contexts = [assertion.authnContext ?? "", ...(assertion.attributes["http://schemas.microsoft.com/claims/authnmethodsreferences"] ?? [])];
          const secondFactor = trustIdpMfa === true && contexts.some((context) => mfaContexts.includes(context));
          const provider = `sso-${connection.id}`;
          await rememberAssertion(logout, settingsOf(ctx), connection, assertion);
          const response = await ctx.signIn({
            provider,
            providerAccountId: assertion.nameId,
            user: { email, name },
            profile: { sub: assertion.nameId, email, name, groups, authnContext: assertion.authnContext },
            emailProven,
            callbackUrl,
            secondFactor,
          });
          const adapter = adapterOf(ctx);
          const user = await adapter.getUserByAccount({ provider, providerAccountId: assertion.nameId });
          if (user) await provision(adapter, connection, user.id, email, roleFrom(connection.settings, groups));
          return response;
        }),
      },
      // GET <base>/sso/signin: the address-first page of home-realm discovery.
      page: {
        method: "GET",
        path: "signin",
        handler: (ctx) => ctx.text(discoveryPage(ssoBase(ctx), text(ctx.query.callbackUrl), text(ctx.query.error)), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      },
      // GET <base>/sso/discover?email=…&callbackUrl=…: to the connection of the address's verified domain (JSON with Accept: application/json).
      discover: {
        method: "GET",
        path: "discover",
        handler: (ctx) => answer(ctx, async () => {
          const domain = domainOf(text(ctx.query.email));
          const claim = domain ? await store.verifiedDomain(domain) : null;
          const [connection] = claim ? await store.listConnections(claim.organizationId) : [];
          const wantsJson = (ctx.request.headers.get("accept") ?? "").includes("application/json");
          const base = ssoBase(ctx);
          if (!connection) {
            if (wantsJson) return ctx.json({ connection: null }, { status: 404 });
            return ctx.redirect(`${base.slice(0, -"/sso".length)}/signin?${new URLSearchParams({ ...(ctx.query.callbackUrl && { callbackUrl: text(ctx.query.callbackUrl) }) })}`);
          }
          const url = `${base}/saml/${encodeURIComponent(connection.id)}/start?${new URLSearchParams({ ...(ctx.query.callbackUrl && { callbackUrl: text(ctx.query.callbackUrl) }) })}`;
          return wantsJson ? ctx.json({ connection: connection.id, organizationId: connection.organizationId, url }) : ctx.redirect(url);
        }),
      },
      // GET, POST <base>/sso/organizations/:organizationId/connections (owner/admin).
      connections: {
        method: ["GET", "POST"],
        path: "organizations/:organizationId/connections",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          const userId = await organizationAdmin(ctx, organizationId);
          const settings = settingsOf(ctx);
          if (ctx.method === "GET") return ctx.json({ connections: (await store.listConnections(organizationId)).map((connection) => shown(settings, connection)) });
          const connection = await store.createConnection({
            id: crypto.randomUUID(),
            organizationId,
            kind: "saml",
            settings: connectionSettings(ctx.body, !!options.encryption),
            createdBy: userId,
            createdAt: new Date(),
          });
          return ctx.json(shown(settings, connection), { status: 201 });
        }),
      },
      // DELETE <base>/sso/organizations/:organizationId/connections/:connectionId (owner/admin).
      connection: {
        method: "DELETE",
        path: "organizations/:organizationId/connections/:connectionId",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          await organizationAdmin(ctx, organizationId);
          const connection = await connectionOf(ctx.params.connectionId);
          if (connection.organizationId !== organizationId) refuse(404, "ConnectionNotFound", "No such connection.");
          await store.deleteConnection(connection.id);
          return ctx.json({ deleted: connection.id });
        }),
      },
      // GET, POST <base>/sso/organizations/:organizationId/domains (owner/admin): a claim and the TXT record that proves it.
      domains: {
        method: ["GET", "POST"],
        path: "organizations/:organizationId/domains",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          await organizationAdmin(ctx, organizationId);
          const record = (claim: { domain: string; token: string; verifiedAt: Date | null }) => ({ domain: claim.domain, verified: !!claim.verifiedAt, verifiedAt: claim.verifiedAt, record: { type: "TXT", name: recordName(claim.domain), value: recordValue(claim.token) } });
          if (ctx.method === "GET") return ctx.json({ domains: (await store.listDomains(organizationId)).map(record) });
          const domain = normalizeDomain(ctx.body?.domain) ?? refuse(400, "InvalidDomain", "Give a domain name (example.com).");
          const taken = await store.verifiedDomain(domain);
          if (taken && taken.organizationId !== organizationId) refuse(409, "DomainTaken", "Another organization verified this domain.");
          const token = [...crypto.getRandomValues(new Uint8Array(20))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
          return ctx.json(record(await store.claimDomain({ domain, organizationId, token, verifiedAt: null, createdAt: new Date() })), { status: 201 });
        }),
      },
      // POST <base>/sso/organizations/:organizationId/domains/:domain/verify (owner/admin): looks the TXT record up.
      verify: {
        method: "POST",
        path: "organizations/:organizationId/domains/:domain/verify",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          await organizationAdmin(ctx, organizationId);
          const domain = normalizeDomain(ctx.params.domain) ?? refuse(400, "InvalidDomain", "Not a domain name.");
          const claim = (await store.getDomain(organizationId, domain)) ?? refuse(404, "DomainNotFound", "Claim the domain first.");
          if (claim.verifiedAt) return ctx.json({ domain, verified: true });
          const taken = await store.verifiedDomain(domain);
          if (taken && taken.organizationId !== organizationId) refuse(409, "DomainTaken", "Another organization verified this domain.");
          if (!(await hasRecord(resolver, domain, claim.token))) refuse(400, "DomainNotVerified", `No TXT record ${recordName(domain)} with ${recordValue(claim.token)} was found.`);
          if (!(await store.markVerified(organizationId, domain, new Date()))) refuse(409, "DomainTaken", "Another organization verified this domain.");
          return ctx.json({ domain, verified: true });
        }),
      },
    },
  });
}
