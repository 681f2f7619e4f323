/**
 * The SCIM representations of what `Scim()` stores (RFC 7643): a provisioned user, a group, the
 * list response, and the discovery documents (`ServiceProviderConfig`, `ResourceTypes`, `Schemas`).
 */
import type { AdapterScimGroup, AdapterScimUser } from "../../adapter.js";
import { ScimInvalidValue } from "./errors.js";
import type { PatchSchema } from "./patch.js";

export const userSchema = "urn:ietf:params:scim:schemas:core:2.0:User";
export const groupSchema = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const enterpriseSchema = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const listSchema = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const patchSchema = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const errorSchema = "urn:ietf:params:scim:api:messages:2.0:Error";

/** The core attributes of a user a request may set (lower-cased); `groups` is read-only and `password` is never kept. */
const userAttributes = [
  "username", "externalid", "active", "name", "displayname", "nickname", "profileurl", "title", "usertype", "preferredlanguage", "locale",
  "timezone", "emails", "phonenumbers", "addresses", "photos", "ims", "entitlements", "roles", "x509certificates", "password",
];

/** What a user's PATCH may name. */
export const userPatch: PatchSchema = { core: userSchema, extensions: [enterpriseSchema], attributes: new Set(userAttributes) };

/** What a group's PATCH may name. */
export const groupPatch: PatchSchema = { core: groupSchema, extensions: [], attributes: new Set(["displayname", "externalid", "members"]) };

/** The attributes a filter on users may name (lower-cased). */
export const userFilterAttributes: ReadonlySet<string> = new Set([
  "id", "username", "externalid", "active", "displayname", "nickname", "title", "usertype", "locale",
  "emails", "emails.value", "emails.type", "emails.primary", "name.givenname", "name.familyname", "name.formatted",
  "meta.created", "meta.lastmodified",
]);

/** The attributes a filter on groups may name (lower-cased). */
export const groupFilterAttributes: ReadonlySet<string> = new Set(["id", "displayname", "externalid", "members", "members.value", "meta.created", "meta.lastmodified"]);

/** Keys never kept among a user's attributes: the record's own columns, the server's, and a password. */
const notKept = new Set(["schemas", "id", "meta", "username", "externalid", "active", "groups", "password"]);

const largest = 16 * 1024;

/** Whether `value` is a SCIM boolean: `true`/`false`, or (older Entra ID builds) `"True"`/`"False"` as text. */
export function booleanOf(value: unknown, name: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new ScimInvalidValue(`${name} is true or false.`);
}

/** The value of `name` in `body`, compared without case. */
export function fieldOf(body: Readonly<Record<string, unknown>>, name: string): unknown {
  const lower = name.toLowerCase();
  const key = Object.keys(body).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : body[key];
}

/** A user resource as given (POST, PUT, or a patched representation): its record's fields. */
export interface GivenUser {
  readonly userName: string;
  readonly externalId: string | null;
  readonly active: boolean;
  readonly attributes: Record<string, unknown>;
}

/** Reads a user resource; throws `ScimInvalidValue` for a missing `userName` or a value of the wrong type. */
export function givenUser(body: Readonly<Record<string, unknown>>): GivenUser {
  const userName = fieldOf(body, "userName");
  if (typeof userName !== "string" || !userName.trim() || userName.length > 256) throw new ScimInvalidValue("userName is required: text of 1 to 256 characters.");
  const externalId = fieldOf(body, "externalId") ?? null;
  if (externalId !== null && (typeof externalId !== "string" || !externalId || externalId.length > 256)) throw new ScimInvalidValue("externalId is text of 1 to 256 characters.");
  const activeValue = fieldOf(body, "active");
  const active = activeValue === undefined || activeValue === null ? true : booleanOf(activeValue, "active");
  const attributes: Record<string, unknown> = {};
  // `__proto__` (an own key of parsed JSON) is never copied: it would set the object's prototype.
  for (const [key, value] of Object.entries(body)) if (!notKept.has(key.toLowerCase()) && key !== "__proto__" && value !== null && value !== undefined) attributes[key] = value;
  for (const key of ["emails", "phoneNumbers", "addresses"]) {
    const value = fieldOf(attributes, key);
    if (value !== undefined && !Array.isArray(value)) throw new ScimInvalidValue(`${key} is a list.`);
  }
  if (JSON.stringify(attributes).length > largest) throw new ScimInvalidValue(`The user's attributes are larger than ${largest} characters.`, "tooMany");
  return { userName: userName.trim(), externalId, active, attributes };
}

/** The address a user resource gives: its primary email, else its first, else `userName` when it is an address. */
export function addressOf(user: GivenUser): string | undefined {
  const emails = (fieldOf(user.attributes, "emails") as unknown[] | undefined) ?? [];
  const values = emails.filter((e): e is { value: string; primary?: unknown } => !!e && typeof e === "object" && typeof (e as { value?: unknown }).value === "string");
  const chosen = values.find((e) => e.primary === true || e.primary === "true" || e.primary === "True") ?? values[0];
  if (chosen) return chosen.value;
  return user.userName.includes("@") ? user.userName : undefined;
}

/** The display name a user resource gives: `displayName`, else `name.formatted`, else given and family names. */
export function nameOf(user: GivenUser): string | null {
  const display = fieldOf(user.attributes, "displayName");
  if (typeof display === "string" && display.trim()) return display.trim().slice(0, 256);
  const name = fieldOf(user.attributes, "name") as Record<string, unknown> | undefined;
  if (!name || typeof name !== "object") return null;
  const formatted = fieldOf(name, "formatted");
  if (typeof formatted === "string" && formatted.trim()) return formatted.trim().slice(0, 256);
  const parts = [fieldOf(name, "givenName"), fieldOf(name, "familyName")].filter((part): part is string => typeof part === "string" && !!part.trim());
  return parts.length ? parts.join(" ").slice(0, 256) : null;
}

/** The SCIM representation of a provisioned user, with its groups. */
export function userResource(record: AdapterScimUser, base: string, groups: readonly AdapterScimGroup[] = []): Record<string, unknown> {
  const extension = Object.keys(record.attributes).some((key) => key.toLowerCase() === enterpriseSchema.toLowerCase());
  return {
    schemas: extension ? [userSchema, enterpriseSchema] : [userSchema],
    ...record.attributes,
    id: record.userId,
    ...(record.externalId === null ? {} : { externalId: record.externalId }),
    userName: record.userName,
    active: record.active,
    ...(groups.length ? { groups: groups.map((group) => ({ value: group.id, display: group.displayName, $ref: `${base}/Groups/${group.id}` })) } : {}),
    meta: { resourceType: "User", created: record.createdAt.toISOString(), lastModified: record.updatedAt.toISOString(), location: `${base}/Users/${record.userId}` },
  };
}

/** The SCIM representation of a group. */
export function groupResource(group: AdapterScimGroup, base: string, users: ReadonlyMap<string, AdapterScimUser> = new Map()): Record<string, unknown> {
  return {
    schemas: [groupSchema],
    id: group.id,
    ...(group.externalId === null ? {} : { externalId: group.externalId }),
    displayName: group.displayName,
    members: group.members.map((userId) => ({ value: userId, ...(users.get(userId) ? { display: users.get(userId)!.userName } : {}), $ref: `${base}/Users/${userId}` })),
    meta: { resourceType: "Group", created: group.createdAt.toISOString(), lastModified: group.updatedAt.toISOString(), location: `${base}/Groups/${group.id}` },
  };
}

/** A list response (RFC 7644 §3.4.2). */
export function listResponse(resources: readonly Record<string, unknown>[], totalResults: number, startIndex: number): Record<string, unknown> {
  return { schemas: [listSchema], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** `GET ServiceProviderConfig` (RFC 7643 §5). */
export function serviceProviderConfig(base: string, maxResults: number): Record<string, unknown> {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: "oauthbearertoken", name: "OAuth Bearer Token", description: "An organization's API key with the SCIM scope, as Authorization: Bearer.", primary: true }],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}

/** `GET ResourceTypes` (RFC 7643 §6). */
export function resourceTypes(base: string): Record<string, unknown>[] {
  return [
    { schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"], id: "User", name: "User", endpoint: "/Users", schema: userSchema, schemaExtensions: [{ schema: enterpriseSchema, required: false }], meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` } },
    { schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"], id: "Group", name: "Group", endpoint: "/Groups", schema: groupSchema, meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` } },
  ];
}

const text = (name: string, more: Record<string, unknown> = {}) => ({ name, type: "string", multiValued: false, required: false, caseExact: false, mutability: "readWrite", returned: "default", uniqueness: "none", ...more });
const multi = (name: string, subs: Record<string, unknown>[]) => ({ name, type: "complex", multiValued: true, required: false, mutability: "readWrite", returned: "default", subAttributes: subs });

/** `GET Schemas` (RFC 7643 §7): the attributes Latch keeps and filters on. */
export function schemas(base: string): Record<string, unknown>[] {
  const schema = (id: string, name: string, attributes: Record<string, unknown>[]) => ({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"], id, name, attributes, meta: { resourceType: "Schema", location: `${base}/Schemas/${id}` } });
  return [
    schema(userSchema, "User", [
      text("userName", { required: true, uniqueness: "server" }),
      text("externalId", { caseExact: true }),
      { name: "active", type: "boolean", multiValued: false, required: false, mutability: "readWrite", returned: "default" },
      { name: "name", type: "complex", multiValued: false, required: false, mutability: "readWrite", returned: "default", subAttributes: [text("formatted"), text("givenName"), text("familyName")] },
      text("displayName"),
      multi("emails", [text("value"), text("type"), { name: "primary", type: "boolean", multiValued: false, required: false, mutability: "readWrite", returned: "default" }]),
      { ...multi("groups", [text("value", { mutability: "readOnly" }), text("display", { mutability: "readOnly" })]), mutability: "readOnly" },
    ]),
    schema(enterpriseSchema, "EnterpriseUser", [text("employeeNumber"), text("costCenter"), text("organization"), text("division"), text("department"), { name: "manager", type: "complex", multiValued: false, required: false, mutability: "readWrite", returned: "default", subAttributes: [text("value"), text("displayName", { mutability: "readOnly" })] }]),
    schema(groupSchema, "Group", [text("displayName", { required: true, uniqueness: "server" }), text("externalId", { caseExact: true }), multi("members", [text("value", { caseExact: true, mutability: "immutable" }), text("display", { mutability: "readOnly" })])]),
  ];
}
