/**
 * What an organization's owners and admins do with its sign-in: list, add and delete connections,
 * claim, verify and remove domains. The JSON endpoints and the management page both call these,
 * so a check made here holds for both.
 */
import type { PluginEndpointContext } from "@latch/core/plugins";
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import { hasRecord, normalizeDomain, recordName, recordValue, type TxtResolver } from "./domains.js";
import { SsoRequestRefused } from "./errors.js";
import { describeIdpMetadata, spUrls, type ServiceProviderSettings } from "./saml.js";
import type { SsoStore } from "./store.js";
import { defaultMfaContexts, type AnySsoConnection, type SamlConnectionSettings, type SsoConnection, type SsoDomain } from "./types.js";
import { fetchIdpMetadata } from "./metadata-url.js";
import { oidcConnectionSettings, shownOidc } from "./oidc.js";
import { mappingOf } from "./provisioning.js";
import type { OutboundPolicy } from "./outbound.js";
import type { Sealer } from "./sealing.js";

type Ctx = PluginEndpointContext;
type Body = Readonly<Record<string, unknown>> | undefined;
/** The adapter with the organization methods the plugin declares. */
export type SsoAdapter = Required<Adapter> & OrganizationAdapter;

const adminRoles = new Set(["owner", "admin"]);

/** Throws the refusal answered with `status` and `code`. */
export const refuse = (status: 400 | 401 | 403 | 404 | 409, code: string, message: string): never => {
  throw new SsoRequestRefused(status, code, message);
};

/** A string field, or `fallback`. */
export const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

/** The adapter, or 400 without one. */
export function adapterOf(ctx: Ctx): SsoAdapter {
  if (!ctx.adapter) refuse(400, "MissingAdapter", "Enterprise sign-in needs an adapter.");
  return ctx.adapter as SsoAdapter;
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
export async function organizationAdmin(ctx: Ctx, organizationId: string): Promise<string> {
  const userId = await callerId(ctx);
  const member = await adapterOf(ctx).getMember(organizationId, userId);
  if (!member) refuse(404, "OrganizationNotFound", "No such organization among yours.");
  if (!adminRoles.has(member!.role)) refuse(403, "OrganizationPermissionDenied", "Only an owner or admin of the organization manages its sign-in.");
  return userId;
}

function connectionSettings(body: Readonly<Record<string, unknown>> | undefined, canDecrypt: boolean): SamlConnectionSettings {
  const idpMetadata = text(body?.idpMetadata);
  try {
    describeIdpMetadata(idpMetadata);
  } catch (error) {
    refuse(400, "InvalidMetadata", (error as Error).message);
  }
  const { attributeMapping, groupRoles } = mappingOf(body);
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
export function shownConnection(settings: Pick<ServiceProviderSettings, "base">, connection: SsoConnection) {
  const { entityId, signOnUrl } = describeIdpMetadata(connection.settings.idpMetadata);
  const { idpMetadata: _, ...rest } = connection.settings;
  return { id: connection.id, organizationId: connection.organizationId, kind: connection.kind, ...rest, idp: { entityId, signOnUrl }, sp: spUrls(settings, connection.id), createdAt: connection.createdAt };
}

/** A connection as {@link shownConnection} shows it. */
export type ShownConnection = ReturnType<typeof shownConnection>;

/** A connection of either kind as an admin sees it (an OpenID client secret never shown). */
export type ShownAnyConnection = ShownConnection | ReturnType<typeof shownOidc>;

/** A connection of either kind as an admin sees it. */
export function shownAnyConnection(settings: Pick<ServiceProviderSettings, "base">, connection: AnySsoConnection): ShownAnyConnection {
  return connection.kind === "oidc" ? shownOidc(settings.base, connection) : shownConnection(settings, connection);
}

/** A domain as an admin sees it: its state and the TXT record that proves it. */
export const shownDomain = (claim: Pick<SsoDomain, "domain" | "token" | "verifiedAt">) => ({
  domain: claim.domain,
  verified: !!claim.verifiedAt,
  verifiedAt: claim.verifiedAt,
  record: { type: "TXT" as const, name: recordName(claim.domain), value: recordValue(claim.token) },
});

/** A domain as {@link shownDomain} shows it. */
export type ShownDomain = ReturnType<typeof shownDomain>;

/** What the operations need of `Sso()`'s options. */
export interface AdministrationOptions {
  readonly store: SsoStore;
  readonly resolver: TxtResolver;
  /** `Sso({ encryption })` was given: a connection may ask for encrypted assertions. */
  readonly canDecrypt: boolean;
  /** The service provider's settings for the request (its base URL). */
  readonly settingsOf: (ctx: Ctx) => ServiceProviderSettings;
  /** Seals OpenID connections' client secrets; `null` refuses OpenID connections. */
  readonly sealer: Sealer | null;
  /** Where a metadata URL or an OpenID issuer may lead. */
  readonly policy: OutboundPolicy;
}

/** The operations on one organization's sign-in; each checks that the caller is an owner or admin of it first. */
export function administration(options: AdministrationOptions) {
  const { store, resolver } = options;
  const claimedDomain = async (organizationId: string, input: unknown): Promise<SsoDomain> => {
    const domain = normalizeDomain(input) ?? refuse(400, "InvalidDomain", "Not a domain name.");
    return (await store.getDomain(organizationId, domain)) ?? refuse(404, "DomainNotFound", "Claim the domain first.");
  };
  /** SAML settings from an admin's body: the metadata as given, or fetched from `idpMetadataUrl`. */
  const samlSettings = async (body: Body): Promise<SamlConnectionSettings> => {
    const url = text(body?.idpMetadataUrl);
    if (!url) return connectionSettings(body, options.canDecrypt);
    const fetched = await fetchIdpMetadata(url, options.policy);
    return { ...connectionSettings({ ...body, idpMetadata: fetched.idpMetadata }, options.canDecrypt), ...fetched };
  };
  const organizationConnection = async (organizationId: string, connectionId: string | undefined): Promise<AnySsoConnection> => {
    const connection = (connectionId && (await store.getConnection(connectionId))) || null;
    return connection && connection.organizationId === organizationId ? connection : refuse(404, "ConnectionNotFound", "No such connection.");
  };
  return {
    async listConnections(ctx: Ctx, organizationId: string): Promise<ShownAnyConnection[]> {
      await organizationAdmin(ctx, organizationId);
      const settings = options.settingsOf(ctx);
      return (await store.listConnections(organizationId)).map((connection) => shownAnyConnection(settings, connection));
    },
    /** A new connection: `kind` `saml` (the default) or `oidc`, its settings as the body gives them. */
    async createConnection(ctx: Ctx, organizationId: string, body: Body): Promise<ShownAnyConnection> {
      const userId = await organizationAdmin(ctx, organizationId);
      const kind = body?.kind === "oidc" ? "oidc" : body?.kind === undefined || body?.kind === "saml" ? "saml" : refuse(400, "InvalidKind", "A connection is of kind saml or oidc.");
      const made = { id: crypto.randomUUID(), organizationId, createdBy: userId, createdAt: new Date() };
      const connection: AnySsoConnection =
        kind === "oidc"
          ? await store.createConnection({ ...made, kind, settings: await oidcConnectionSettings(body, options.sealer, options.policy) })
          : await store.createConnection({ ...made, kind, settings: await samlSettings(body) });
      return shownAnyConnection(options.settingsOf(ctx), connection);
    },
    /** The connection's settings given again whole, as at creation (an OpenID client secret left out is kept). */
    async updateConnection(ctx: Ctx, organizationId: string, connectionId: string | undefined, body: Body): Promise<ShownAnyConnection> {
      await organizationAdmin(ctx, organizationId);
      const connection = await organizationConnection(organizationId, connectionId);
      const settings = connection.kind === "oidc" ? await oidcConnectionSettings(body, options.sealer, options.policy, connection.settings) : await samlSettings(body);
      await store.updateConnectionSettings(connection.id, settings);
      return shownAnyConnection(options.settingsOf(ctx), { ...connection, settings } as AnySsoConnection);
    },
    async deleteConnection(ctx: Ctx, organizationId: string, connectionId: string | undefined): Promise<string> {
      await organizationAdmin(ctx, organizationId);
      const connection = await organizationConnection(organizationId, connectionId);
      await store.deleteConnection(connection.id);
      return connection.id;
    },
    async listDomains(ctx: Ctx, organizationId: string): Promise<ShownDomain[]> {
      await organizationAdmin(ctx, organizationId);
      return (await store.listDomains(organizationId)).map(shownDomain);
    },
    async claimDomain(ctx: Ctx, organizationId: string, input: unknown): Promise<ShownDomain> {
      await organizationAdmin(ctx, organizationId);
      const domain = normalizeDomain(input) ?? refuse(400, "InvalidDomain", "Give a domain name (example.com).");
      const taken = await store.verifiedDomain(domain);
      if (taken && taken.organizationId !== organizationId) refuse(409, "DomainTaken", "Another organization verified this domain.");
      const token = [...crypto.getRandomValues(new Uint8Array(20))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
      return shownDomain(await store.claimDomain({ domain, organizationId, token, verifiedAt: null, createdAt: new Date() }));
    },
    /** Looks the TXT record up; the domain, verified. */
    async verifyDomain(ctx: Ctx, organizationId: string, input: unknown): Promise<string> {
      await organizationAdmin(ctx, organizationId);
      const claim = await claimedDomain(organizationId, input);
      const { domain } = claim;
      if (claim.verifiedAt) return domain;
      const taken = await store.verifiedDomain(domain);
      if (taken && taken.organizationId !== organizationId) refuse(409, "DomainTaken", "Another organization verified this domain.");
      if (!(await hasRecord(resolver, domain, claim.token))) refuse(400, "DomainNotVerified", `No TXT record ${recordName(domain)} with ${recordValue(claim.token)} was found.`);
      if (!(await store.markVerified(organizationId, domain, new Date()))) refuse(409, "DomainTaken", "Another organization verified this domain.");
      return domain;
    },
    /** Removes the claim (verified or not): addresses at the domain no longer go to the organization's connection. */
    async removeDomain(ctx: Ctx, organizationId: string, input: unknown): Promise<string> {
      await organizationAdmin(ctx, organizationId);
      const { domain } = await claimedDomain(organizationId, input);
      await store.deleteDomain(organizationId, domain);
      return domain;
    },
  };
}

/** The operations of {@link administration}. */
export type Administration = ReturnType<typeof administration>;
