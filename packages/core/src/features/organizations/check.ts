/**
 * The check of a configuration with organizations: the settings, the adapter's methods, and
 * revocation with JWT sessions. Made at the first request of an organization endpoint (the
 * feature carries it, so an app without organizations carries none of it), once per resolved
 * configuration; a problem answers every organization endpoint as a configuration error.
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import { organizationMethods, teamMethods } from "./adapter-methods.js";
import { InvalidOrganizations } from "./errors.js";
import { settingsOf, type OrganizationContext, type OrganizationSettings } from "./settings.js";

/** The first problem of `settings` with `adapter` and the session options, or `null`. */
export function problemOf(settings: OrganizationSettings, adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: unknown }): AuthError | null {
  const { invitationMaxAge, formerOwnerRole, access } = settings;
  if (!Number.isInteger(invitationMaxAge) || invitationMaxAge < 3600 || invitationMaxAge > 30 * 24 * 3600) return new InvalidOrganizations("Organizations: invitationMaxAge is a whole number of seconds from 3600 to 2592000.");
  if (!Object.hasOwn(access.roles, formerOwnerRole) || formerOwnerRole === "owner") return new InvalidOrganizations(`Organizations: formerOwnerRole names a role of the access control other than "owner"; "${formerOwnerRole}" is not one.`);
  if (!adapter) return new MissingAdapter("Organizations stores organizations, members and invitations through the adapter; set `adapter`.");
  const missing = [...organizationMethods, ...(settings.teams ? teamMethods : [])].filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `Organizations stores its data through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg).`);
  // A JWT carries its role until it ends: only revocation ends it when the membership changes.
  if (session.strategy === "jwt" && !session.revocation) {
    return new InvalidOrganizations('Organizations with JWT sessions needs session.revocation = JwtRevocation() of @latch/core/revocation, so that a removal or a change of role takes effect at once; or use session: { strategy: "database" }.');
  }
  return null;
}

const checked = new WeakMap<object, AuthError | null>();

/** Throws the configuration's problem, if it has one (checked once per resolved configuration). */
export function assertConfigured(ctx: OrganizationContext): void {
  let problem = checked.get(ctx);
  if (problem === undefined) checked.set(ctx, (problem = problemOf(settingsOf(ctx), ctx.adapter, ctx.session)));
  if (problem) throw problem;
}
