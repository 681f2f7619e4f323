/**
 * Access control: the statements an app declares (`{ project: ["create", "delete"] }`), roles
 * built from them, and the check of a `resource:action` permission against the role a session
 * carries. Pure: no adapter, no request; a check reads the session it is given and the roles
 * held here.
 */

/** What an app may do to what: each resource with its actions. */
export type Statements = { readonly [resource: string]: readonly string[] };

/** The statements every organization has: what the organization endpoints check. */
export const defaultStatements = {
  organization: ["update", "delete"],
  member: ["update", "delete"],
  invitation: ["create", "cancel"],
  apiKey: ["create", "revoke"],
  team: ["create", "update", "delete", "member"],
} as const;

/** The statements whose every permission the owner keeps, whatever roles the app gives. */
const ownerStatements = ["organization", "member", "invitation"] as const;

/** The default statements. */
export type DefaultStatements = typeof defaultStatements;

/** Every `resource:action` of `S`, as a union of strings: a misspelt one does not compile. */
export type Permission<S extends Statements> = { [R in keyof S & string]: `${R}:${S[R][number]}` }[keyof S & string];

/** What a role may do: for each resource, a list of its actions. */
export type Role<S extends Statements> = { readonly [R in keyof S]?: readonly S[R][number][] };

/** The session's active membership as `hasPermission` reads it (`Session.organization`). */
export interface SessionWithOrganization {
  readonly organization?: { readonly role: string; readonly permissions?: readonly string[] } | null;
}

/** The access control of an app: its statements and roles, and the checks made with them. */
export interface AccessControl<S extends Statements = DefaultStatements, R extends string = string> {
  /** The statements: the app's, with the default ones. */
  readonly statements: S;
  /** Each role by name. */
  readonly roles: { readonly [name in R]: Role<S> };
  /**
   * Whether `role` may do `permission`. An unknown role may do nothing.
   *
   * @example
   * ```ts
   * ac.can("admin", "member:delete") // true
   * ```
   */
  can(role: string, permission: Permission<S>): boolean;
  /**
   * Whether the session's active membership allows `permission`: the role the session carries
   * (`session.organization.role`), checked against the roles held here, or the permissions of a
   * role the organization made (`session.organization.permissions`, read with the session), without
   * any read. No session, no active organization, or an unknown role: `false`.
   *
   * @example
   * ```ts
   * if (!ac.hasPermission(await auth(), "project:delete")) return new Response(null, { status: 403 })
   * ```
   */
  hasPermission(session: SessionWithOrganization | null | undefined, permission: Permission<S>): boolean;
}

const everything = <S extends Statements>(statements: S): Role<S> => Object.fromEntries(Object.entries(statements).map(([resource, actions]) => [resource, [...actions]])) as unknown as Role<S>;

/** The default roles of `statements`: the owner may do everything, an admin everything but delete the organization, a member none of the defaults' and everything of the app's own. */
function defaultRoles<S extends Statements>(statements: S): Record<"owner" | "admin" | "member", Role<S>> {
  const all = everything(statements) as Record<string, readonly string[]>;
  const own = Object.fromEntries(Object.entries(all).filter(([resource]) => !(resource in defaultStatements)));
  return {
    owner: all as Role<S>,
    admin: { ...all, organization: ["update"] } as Role<S>,
    member: own as Role<S>,
  };
}

/** A role name: 1 to 32 lowercase letters, digits, `_` and `-`. */
export const roleName = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * Builds the access control of an app from its statements and roles. The default statements
 * (`organization`, `member`, `invitation`, `apiKey`, `team`) are always there; without `roles`, the default roles
 * `owner` (everything), `admin` (everything but deleting the organization) and `member` (the
 * app's own statements, none of the defaults'). Given roles replace the defaults and must include
 * `owner`, which keeps every permission of `organization`, `member` and `invitation`.
 *
 * @example
 * ```ts
 * import { accessControl } from "@latch/core/organizations"
 * const ac = accessControl({ project: ["create", "delete"] } as const, {
 *   owner: { project: ["create", "delete"] },
 *   admin: { project: ["create", "delete"], member: ["update", "delete"], invitation: ["create", "cancel"] },
 *   member: { project: ["create"] },
 * })
 * ```
 */
export function accessControl<const A extends Statements = {}, R extends string = "owner" | "admin" | "member">(
  statements?: A,
  roles?: { readonly [name in R]: Role<A & DefaultStatements> } & { readonly owner: Role<A & DefaultStatements> },
): AccessControl<A & DefaultStatements, R | "owner"> {
  const all = { ...(statements ?? {}), ...defaultStatements } as unknown as A & DefaultStatements;
  for (const [resource, actions] of Object.entries(statements ?? {})) {
    if (resource in defaultStatements) throw new TypeError(`accessControl: "${resource}" is a statement of its own; name the app's resource otherwise.`);
    if (!/^[a-z][a-zA-Z0-9_-]{0,47}$/.test(resource) || !Array.isArray(actions) || !actions.every((action) => typeof action === "string" && /^[a-z][a-zA-Z0-9_-]{0,47}$/.test(action))) {
      throw new TypeError(`accessControl: each statement is a resource name with a list of action names (letters, digits, _ and -), not ${JSON.stringify(resource)}.`);
    }
  }
  const given = (roles ?? defaultRoles(all)) as Record<string, Role<A & DefaultStatements>>;
  const table = new Map<string, ReadonlySet<string>>();
  for (const [name, role] of Object.entries(given)) {
    if (!roleName.test(name)) throw new TypeError(`accessControl: a role name is 1 to 32 lowercase letters, digits, _ and -, starting with a letter; not ${JSON.stringify(name)}.`);
    const granted = new Set<string>();
    for (const [resource, actions] of Object.entries(role as Record<string, readonly string[]>)) {
      for (const action of actions ?? []) {
        if (!(all as Statements)[resource]?.includes(action)) throw new TypeError(`accessControl: role "${name}" is given "${resource}:${action}", which no statement declares.`);
        granted.add(`${resource}:${action}`);
      }
    }
    table.set(name, granted);
  }
  const owner = table.get("owner");
  if (!owner) throw new TypeError('accessControl: the roles include "owner", the role of whoever creates an organization.');
  const missing = ownerStatements.flatMap((resource) => defaultStatements[resource].map((action) => `${resource}:${action}`)).filter((permission) => !owner.has(permission));
  if (missing.length) throw new TypeError(`accessControl: the owner keeps every permission of the organization (${missing.join(", ")} missing).`);
  const can = (role: string, permission: string): boolean => table.get(role)?.has(permission) ?? false;
  return Object.freeze({
    statements: all,
    roles: Object.freeze({ ...given }) as { readonly [name in R | "owner"]: Role<A & DefaultStatements> },
    can,
    hasPermission: (session: SessionWithOrganization | null | undefined, permission: string) => {
      const organization = session?.organization;
      if (typeof organization?.role !== "string") return false;
      // The app's roles decide alone for their names: an organization's role never takes one.
      if (table.has(organization.role)) return can(organization.role, permission);
      return Array.isArray(organization.permissions) && organization.permissions.includes(permission);
    },
  });
}
