/**
 * What a sign-in through any connection ends with, the same for SAML and OpenID Connect: the
 * session (through Latch's own sign-in path), then membership of the connection's organization
 * with the role the person's groups map to (just-in-time provisioning).
 */
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import type { PluginEndpointContext, PluginResponse } from "@latch/core/plugins";
import type { SsoStore } from "./store.js";
import type { AnySsoConnection, ClaimMapping } from "./types.js";
import { domainOf } from "./domains.js";
import { SsoRequestRefused } from "./errors.js";

/** The adapter with the organization methods the plugin declares. */
export type ProvisioningAdapter = Required<Adapter> & OrganizationAdapter;

/**
 * The names an admin gives a connection for the address, the name and the groups (SAML attributes
 * or OpenID claims), and the group → role mapping; 400 `InvalidRole` where a group or the default
 * would make an owner.
 */
export function mappingOf(body: Readonly<Record<string, unknown>> | undefined): { attributeMapping: ClaimMapping; groupRoles: Readonly<Record<string, string>> } {
  const mapping = (body?.attributeMapping ?? {}) as Record<string, unknown>;
  const attributeMapping: ClaimMapping = {
    ...(typeof mapping.email === "string" && { email: mapping.email }),
    ...(typeof mapping.name === "string" && { name: mapping.name }),
    ...(typeof mapping.groups === "string" && { groups: mapping.groups }),
  };
  const groupRoles = Object.fromEntries(Object.entries((body?.groupRoles ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (Object.values(groupRoles).includes("owner") || body?.defaultRole === "owner") throw new SsoRequestRefused(400, "InvalidRole", "Single sign-on never makes an owner.");
  return { attributeMapping, groupRoles };
}

/** The role a person gets from their groups: the first mapped group (in the mapping's order), else the default. */
export function roleFrom(settings: { readonly groupRoles: Readonly<Record<string, string>>; readonly defaultRole: string }, groups: readonly string[]): string {
  for (const [group, role] of Object.entries(settings.groupRoles)) if (groups.includes(group)) return role;
  return settings.defaultRole;
}

/** Makes the user a member with `role` (or updates the role a previous sign-in gave); an owner stays owner. */
export async function provision(adapter: ProvisioningAdapter, connection: AnySsoConnection, userId: string, email: string, role: string): Promise<void> {
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

/** Who verified the address's domain: this connection's organization, another one, or none (PROTOCOL §6). */
export async function domainOwner(store: SsoStore, connection: AnySsoConnection, email: string): Promise<"this" | "other" | "none"> {
  const domain = domainOf(email);
  const verified = domain ? await store.verifiedDomain(domain) : null;
  if (!verified) return "none";
  return verified.organizationId === connection.organizationId ? "this" : "other";
}

/** A person an identity provider vouched for, as every connection kind hands them on. */
export interface VouchedPerson {
  /** Their stable id at the identity provider (NameID, `sub`). */
  readonly accountId: string;
  readonly email: string;
  readonly name: string | null;
  readonly groups: readonly string[];
  /** The address is under a domain the connection's organization verified. */
  readonly emailProven: boolean;
  /** The identity provider verified a second factor, and the connection trusts it to say so. */
  readonly secondFactor: boolean;
  readonly profile: Record<string, unknown>;
  readonly callbackUrl: string;
}

/** Signs the person in (the account `sso-<connection id>`) and makes them a member with their mapped role. */
export async function signInMember(ctx: PluginEndpointContext, adapter: ProvisioningAdapter, connection: AnySsoConnection, person: VouchedPerson): Promise<PluginResponse> {
  const provider = `sso-${connection.id}`;
  const response = await ctx.signIn({
    provider,
    providerAccountId: person.accountId,
    user: { email: person.email, name: person.name },
    profile: person.profile,
    emailProven: person.emailProven,
    callbackUrl: person.callbackUrl,
    secondFactor: person.secondFactor,
  });
  const user = await adapter.getUserByAccount({ provider, providerAccountId: person.accountId });
  if (user) await provision(adapter, connection, user.id, person.email, roleFrom(connection.settings, person.groups));
  return response;
}
