/**
 * Site administration: site administrators list and search users, see their sessions and
 * accounts, ban and unban them, set their site role, remove them and act as them for a while
 * (impersonation); a banned user's sessions end at once and no session starts for them until the
 * ban is lifted or ends, their sign-in ending on the page that says so.
 *
 * @module @latch/core/admin
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import { adminCode, featureCode } from "../../symbols.js";
import type { AuthRequest } from "../../http/request.js";
import type { AdminCode, AdminOption, AdminOptions, AdminSettings } from "../../types/admin-options.js";
import type { FeatureCode } from "../../types/feature.js";
import { adminMethods, contractMethods } from "./adapter-methods.js";
import { InvalidAdmin } from "./errors.js";
import { adminRows } from "./rows.js";

export type { AdminEvents, AdminOption, AdminOptions } from "../../types/admin-options.js";
export { AdminActionRefused, ImpersonationRefused, InvalidAdmin, RecentSignInRequired, UserBanned, type AdminError, type BanFields } from "./errors.js";

/** The first problem of the settings with this adapter and these sessions, or `null`. */
function problemOf(settings: AdminSettings, adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: object }): AuthError | null {
  const { adminUserIds, maxPerPage, impersonationMaxAge } = settings;
  if (!adminUserIds.every((id) => typeof id === "string" && id.length > 0)) return new InvalidAdmin("Admin: adminUserIds is a list of user ids (non-empty strings).");
  if (!Number.isInteger(maxPerPage) || maxPerPage < 1 || maxPerPage > 500) return new InvalidAdmin("Admin: maxPerPage is a whole number from 1 to 500.");
  if (!Number.isInteger(impersonationMaxAge) || impersonationMaxAge < 60 || impersonationMaxAge > 86400) return new InvalidAdmin("Admin: impersonationMaxAge is a whole number of seconds from 60 to 86400.");
  if (session.strategy === "jwt" && !session.revocation) {
    return new InvalidAdmin("Admin: with JWT sessions a ban or a removal ends the user's sessions only through session.revocation (JwtRevocation of @latch/core/revocation); configure it, or use database sessions.");
  }
  if (!adapter) return new MissingAdapter("Admin stores site roles and bans through the adapter; set `adapter`.");
  const missing = [...adminMethods, ...contractMethods].filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `Admin stores site roles and bans through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg).`);
  return null;
}

/**
 * Turns on site administration. Site administrators (the users of `adminUserIds`, and those whose
 * stored site role is `"admin"`) call `GET <base>/admin/users`, `GET <base>/admin/user` and
 * `POST <base>/admin/ban|unban|role|remove|impersonate` (PROTOCOL §13); anyone else is refused
 * (401 or 403). Every session start of a banned user is refused with `UserBanned`. An
 * impersonated session (`session.impersonatedBy`) ends after `impersonationMaxAge` and is refused
 * by every row that declares `refusesImpersonation` (`ImpersonationRefused`). Needs an adapter with
 * `listUsers`, `getUserStanding` and `updateUserStanding` (`AdminAdapter`), and with JWT sessions
 * `session.revocation`. Pass it as `admin`.
 *
 * @example
 * ```ts
 * import { Admin } from "@latch/core/admin"
 * const config = { adapter, providers, session: { strategy: "database" as const }, admin: Admin({ adminUserIds: ["user-1"] }) }
 * ```
 */
export function Admin(options: AdminOptions = {}): AdminOption {
  const settings: AdminSettings = Object.freeze({
    adminUserIds: Object.freeze([...(options.adminUserIds ?? [])]),
    maxPerPage: options.maxPerPage ?? 100,
    impersonationMaxAge: options.impersonationMaxAge ?? 3600,
    impersonateAdministrators: options.impersonateAdministrators ?? false,
    events: Object.freeze({ ...options.events }),
  });
  const check: AdminCode["check"] = (adapter, session) => problemOf(settings, adapter, session);
  const admit: AdminCode["admit"] = async (ctx, userId, req) => {
    if (userId === undefined) return;
    const { refuseBanned } = await import("./ban.js");
    await refuseBanned(ctx, userId, req as AuthRequest | undefined);
  };
  const feature: FeatureCode = {
    rows: adminRows,
    check,
    beforeSessionStart: admit,
    // A row that refuses impersonated sessions: the session is read before its handler runs.
    async beforeHandler(ctx, req) {
      const refuses = (req as AuthRequest).row?.refusesImpersonation;
      if (!(typeof refuses === "function" ? refuses(req as AuthRequest) : refuses)) return;
      const { refuseImpersonated } = await import("./impersonation.js");
      await refuseImpersonated(ctx as Parameters<typeof refuseImpersonated>[0], req as AuthRequest);
    },
    // Who started an impersonated session: a claim of the JWT, or the stored session's field.
    sessionFields(session, from) {
      if (typeof from.impersonatedBy === "string") session.impersonatedBy = from.impersonatedBy;
    },
    english: () => import("./english.js").then((m) => m.adminEnglish),
  };
  return { [adminCode]: { settings, check, admit }, [featureCode]: feature };
}
