/**
 * Enterprise single sign-on per organization for Latch: an organization's admins connect its
 * SAML 2.0 identity provider (Okta, Entra ID, Google Workspace, ADFS, Keycloak) or its OpenID
 * Provider and verify its domains; people at those domains are sent to that identity provider
 * (home-realm discovery), and their first sign-in makes them members with the role their groups
 * map to. A plugin: endpoints under `<base>/sso/…`. Node only (samlify, `node:dns`, `node:crypto`).
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
import { domainOf, systemResolver, type TxtResolver } from "./domains.js";
import { MetadataUrlRefused, OidcResponseRefused, SamlLogoutRefused, SamlResponseRefused, SsoRequestRefused } from "./errors.js";
import { authnRequest, serviceProvider, verifyResponse, type ServiceProviderSettings } from "./saml.js";
import { adapterOf, administration, organizationAdmin, refuse, shownConnection, text } from "./admin.js";
import type { SsoStore } from "./store.js";
import { defaultMfaContexts, type AnySsoConnection, type SsoConnection } from "./types.js";
import { discoveryPage } from "./page.js";
import { managePage } from "./manage-page.js";
import { noConnection, signInSentences } from "./sign-in-sentences.js";
import { completeOidcSignIn, startOidcSignIn, type OidcEndpointsSettings } from "./oidc.js";
import { currentIdpMetadata, refreshIdpMetadata } from "./metadata-url.js";
import type { OutboundPolicy } from "./outbound.js";
import { domainOwner, signInMember } from "./provisioning.js";
import { sealer } from "./sealing.js";
import { cookieOf, sameText } from "./cookies.js";
import { logoutEndpoints, logoutHooks, rememberAssertion, type LogoutDeps } from "./slo.js";

export { postgresSsoStore, type Queryable, type SsoStore } from "./store.js";
export { OidcResponseRefused, SamlResponseRefused, SsoRequestRefused, type OidcRefusal, type SamlRefusal } from "./errors.js";
export { SamlLogoutRefused, type SamlLogoutRefusal } from "./errors.js";
export { MetadataUrlRefused, OutboundRefused } from "./errors.js";
export type { SsoLogoutRequest, SsoLogoutStore, SsoSession } from "./logout-store.js";
export { recordName, recordValue, systemResolver, type TxtResolver } from "./domains.js";
export type { OutboundPolicy } from "./outbound.js";
export {
  defaultMfaContexts,
  defaultMfaMethods,
  type AnySsoConnection,
  type AttributeMapping,
  type ClaimMapping,
  type OidcConnection,
  type OidcConnectionSettings,
  type SamlConnectionSettings,
  type SsoConnection,
  type SsoDomain,
  type SsoRequest,
} from "./types.js";

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
  /**
   * The key OpenID connections' client secrets and pending sign-ins are sealed under (at least 32
   * characters; the app's Latch secret will do). Default `AUTH_SECRET`. Without one, OpenID
   * connections are refused.
   */
  readonly secret?: string;
  /**
   * Which addresses the URLs an admin gives (a metadata URL, an OpenID issuer) may lead to: by
   * default public addresses over `https:` only.
   */
  readonly outbound?: OutboundPolicy;
  /** How old metadata read from a URL may get before a sign-in fetches it again, seconds. Default 86400 (a day). */
  readonly metadataMaxAge?: number;
}

type Ctx = PluginEndpointContext;

const xml = { "Content-Type": "application/samlmetadata+xml; charset=utf-8" };

/** `<base>/sso`, absolute, from the request and the path under the plugin. */
function ssoBase(ctx: Ctx): string {
  const url = new URL(ctx.request.url);
  const tail = ctx.path ? `/${ctx.path}` : "";
  return `${url.origin}${url.pathname.replace(/\/+$/, "").slice(0, url.pathname.replace(/\/+$/, "").length - tail.length)}`;
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

async function answer(ctx: Ctx, run: () => Promise<PluginResponse>): Promise<PluginResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SamlResponseRefused || error instanceof OidcResponseRefused || error instanceof SamlLogoutRefused) return ctx.json({ error: error.type, reason: error.reason, message: error.message }, { status: 400 });
    if (error instanceof MetadataUrlRefused) return ctx.json({ error: "InvalidMetadata", message: error.message }, { status: 400 });
    if (error instanceof SsoRequestRefused) return ctx.json({ error: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Enterprise single sign-on per organization (SAML 2.0 and OpenID Connect), verified domains and
 * home-realm discovery, as a plugin: put it in the config's `plugins`, next to `Organizations()`.
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
  const anyConnectionOf = async (id: string | undefined): Promise<AnySsoConnection> => (id && (await store.getConnection(id))) || refuse(404, "ConnectionNotFound", "No such connection.");
  const connectionOf = async (id: string | undefined): Promise<SsoConnection> => {
    const connection = await anyConnectionOf(id);
    return connection.kind === "saml" ? connection : refuse(404, "ConnectionNotFound", "No such SAML connection.");
  };
  const secret = options.secret ?? process.env.AUTH_SECRET;
  const policy: OutboundPolicy = options.outbound ?? {};
  const oidc: OidcEndpointsSettings = { store, sealer: secret ? sealer(secret) : null, policy, requestMaxAge: options.requestMaxAge ?? 600 };
  const metadataMaxAge = options.metadataMaxAge ?? 86_400;
  const admin = administration({ store, resolver, canDecrypt: !!options.encryption, settingsOf, sealer: oidc.sealer, policy });
  const logout: LogoutDeps = { store, settingsFor, connectionOf, maxAge: options.requestMaxAge ?? 600, answer };

  return definePlugin({
    id: "sso",
    // The address-first form on Latch's sign-in page, posting to `discover`.
    signInForm: { path: "discover", field: { name: "email", type: "email", autocomplete: "username" }, sentences: signInSentences },
    adapterMethods: ["getUserByEmail", "getUserByAccount", "getMember", "createInvitation", "acceptInvitation", "updateMemberRole", "getOrganization", "getOrganizationBySlug"],
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
          const connection = await currentIdpMetadata(store, await connectionOf(ctx.params.connectionId), policy, metadataMaxAge, () => {});
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
          const emailProven = (await domainOwner(store, connection, email)) === "this";

          // The identity provider's second factor counts only where the connection trusts it to say so.
          const { trustIdpMfa, mfaContexts = defaultMfaContexts } = connection.settings;
          const contexts = [assertion.authnContext ?? "", ...(assertion.attributes["http://schemas.microsoft.com/claims/authnmethodsreferences"] ?? [])];
          const secondFactor = trustIdpMfa === true && contexts.some((context) => mfaContexts.includes(context));
          await rememberAssertion(logout, settingsOf(ctx), connection, assertion);
          return signInMember(ctx, adapterOf(ctx), connection, {
            accountId: assertion.nameId,
            email,
            name,
            groups,
            emailProven,
            secondFactor,
            profile: { sub: assertion.nameId, email, name, groups, authnContext: assertion.authnContext },
            callbackUrl,
          });
        }),
      },
      // GET <base>/sso/oidc/:connectionId/start?callbackUrl=…: the authorization request, sent to the OpenID Provider.
      oidcStart: {
        method: "GET",
        path: "oidc/:connectionId/start",
        handler: (ctx) => answer(ctx, async () => {
          const connection = await anyConnectionOf(ctx.params.connectionId);
          if (connection.kind !== "oidc") return refuse(404, "ConnectionNotFound", "No such OpenID connection.");
          const origin = new URL(ctx.request.url).origin;
          const callbackUrl = sameOrigin(text(ctx.query.callbackUrl), origin) ?? `${origin}/`;
          return startOidcSignIn(ctx, oidc, ssoBase(ctx), connection, callbackUrl, text(ctx.query.loginHint) || undefined);
        }),
      },
      // GET <base>/sso/oidc/callback: the OpenID Provider's answer (authorization code).
      oidcCallback: {
        method: "GET",
        path: "oidc/callback",
        rateLimit: "callback",
        startsSession: true,
        handler: (ctx) => answer(ctx, () => completeOidcSignIn(ctx, oidc, ssoBase(ctx), () => adapterOf(ctx))),
      },
      // GET <base>/sso/signin: the address-first page of home-realm discovery.
      page: {
        method: "GET",
        path: "signin",
        handler: (ctx) => ctx.text(discoveryPage(ssoBase(ctx), text(ctx.query.callbackUrl), text(ctx.query.error)), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      },
      // GET <base>/sso/discover?email=…&callbackUrl=…: to the connection of the address's verified domain (JSON with Accept: application/json).
      // POST: the same from the form on Latch's sign-in page; an address without a connection goes back there, with a sentence.
      discover: {
        method: ["GET", "POST"],
        path: "discover",
        handler: (ctx) => answer(ctx, async () => {
          const fields = ctx.method === "POST" ? (ctx.body ?? {}) : ctx.query;
          const email = text(fields.email).trim();
          const callbackUrl = text(fields.callbackUrl);
          const domain = domainOf(email);
          const claim = domain ? await store.verifiedDomain(domain) : null;
          const [connection] = claim ? await store.listConnections(claim.organizationId) : [];
          const wantsJson = (ctx.request.headers.get("accept") ?? "").includes("application/json");
          const base = ssoBase(ctx);
          if (!connection) {
            if (wantsJson) return ctx.json({ connection: null }, { status: 404 });
            const back: Record<string, string> = ctx.method === "POST" ? { error: noConnection, email } : {};
            return ctx.redirect(`${base.slice(0, -"/sso".length)}/signin?${new URLSearchParams({ ...back, ...(callbackUrl && { callbackUrl }) })}`);
          }
          const url = `${base}/${connection.kind}/${encodeURIComponent(connection.id)}/start?${new URLSearchParams({ ...(callbackUrl && { callbackUrl }), ...(connection.kind === "oidc" && email && { loginHint: email }) })}`;
          return wantsJson ? ctx.json({ connection: connection.id, organizationId: connection.organizationId, url }) : ctx.redirect(url);
        }),
      },
      // GET, POST <base>/sso/organizations/:organizationId/connections (owner/admin).
      connections: {
        method: ["GET", "POST"],
        path: "organizations/:organizationId/connections",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          if (ctx.method === "GET") return ctx.json({ connections: await admin.listConnections(ctx, organizationId) });
          return ctx.json(await admin.createConnection(ctx, organizationId, ctx.body), { status: 201 });
        }),
      },
      // PATCH, DELETE <base>/sso/organizations/:organizationId/connections/:connectionId (owner/admin).
      connection: {
        method: ["PATCH", "DELETE"],
        path: "organizations/:organizationId/connections/:connectionId",
        handler: (ctx) => answer(ctx, async () => {
          const { organizationId, connectionId } = ctx.params;
          // PATCH gives the whole settings again, as at creation (an OpenID client secret left out is kept).
          if (ctx.method === "PATCH") return ctx.json(await admin.updateConnection(ctx, organizationId!, connectionId, ctx.body));
          return ctx.json({ deleted: await admin.deleteConnection(ctx, organizationId!, connectionId) });
        }),
      },
      // POST <base>/sso/organizations/:organizationId/connections/:connectionId/refresh-metadata (owner/admin): fetches the IdP metadata from its URL again.
      refreshMetadata: {
        method: "POST",
        path: "organizations/:organizationId/connections/:connectionId/refresh-metadata",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          await organizationAdmin(ctx, organizationId);
          const connection = await anyConnectionOf(ctx.params.connectionId);
          if (connection.organizationId !== organizationId || connection.kind !== "saml") return refuse(404, "ConnectionNotFound", "No such SAML connection.");
          return ctx.json(shownConnection(settingsOf(ctx), await refreshIdpMetadata(store, connection, policy)));
        }),
      },
      // GET, POST <base>/sso/organizations/:organizationId/domains (owner/admin): a claim and the TXT record that proves it.
      domains: {
        method: ["GET", "POST"],
        path: "organizations/:organizationId/domains",
        handler: (ctx) => answer(ctx, async () => {
          const organizationId = ctx.params.organizationId!;
          if (ctx.method === "GET") return ctx.json({ domains: await admin.listDomains(ctx, organizationId) });
          return ctx.json(await admin.claimDomain(ctx, organizationId, ctx.body?.domain), { status: 201 });
        }),
      },
      // DELETE <base>/sso/organizations/:organizationId/domains/:domain (owner/admin): the claim is removed.
      domain: {
        method: "DELETE",
        path: "organizations/:organizationId/domains/:domain",
        handler: (ctx) => answer(ctx, async () => ctx.json({ deleted: await admin.removeDomain(ctx, ctx.params.organizationId!, ctx.params.domain) })),
      },
      // POST <base>/sso/organizations/:organizationId/domains/:domain/verify (owner/admin): looks the TXT record up.
      verify: {
        method: "POST",
        path: "organizations/:organizationId/domains/:domain/verify",
        handler: (ctx) => answer(ctx, async () => ctx.json({ domain: await admin.verifyDomain(ctx, ctx.params.organizationId!, ctx.params.domain), verified: true })),
      },
      // GET, POST <base>/sso/manage?organization=<slug or id>: the page where an owner or admin does all of the above.
      manage: {
        method: ["GET", "POST"],
        path: "manage",
        handler: (ctx) => managePage(ctx, admin),
      },
    },
  });
}
