/**
 * `GET <base>/audit?userId=&organizationId=&cursor=&limit=` (PROTOCOL §13): one page of the trail,
 * newest first. A caller who is not signed in gets 401. Without a filter a user reads their own
 * events (those they did or underwent); a site administrator (`Admin()`) reads every event and
 * may name any user or organization; an organization's owners and admins (the role's permission
 * `audit:read` when the app's access control declares an `audit` statement) read their
 * organization's. Anything else is 403, before anything is read.
 */
import type { AdapterAuditEvent, AdapterAuditQuery } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import { adminCode, auditCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import { isBanned } from "../admin/ban.js";
import { adminStore } from "../admin/store.js";
import { permissionsOf } from "../organizations/caller.js";
import { settingsOf, type OrganizationContext } from "../organizations/settings.js";
import { organizationStore } from "../organizations/store.js";
import { Forbidden, NotSignedIn } from "./errors.js";
import { beforeOf, pageOf } from "./query.js";

type AuditContext = SessionReadContext & Pick<AuthContext, "admin" | "organizations" | "audit">;

/** True when `userId` is a site administrator: by a configured id, or by the stored role `"admin"` while not banned. */
async function siteAdministrator(ctx: AuditContext, userId: string): Promise<boolean> {
  if (!ctx.admin) return false;
  if (ctx.admin[adminCode].settings.adminUserIds.includes(userId)) return true;
  const standing = await adminStore(ctx.adapter!).getUserStanding(userId);
  return standing?.role === "admin" && !isBanned(standing);
}

/**
 * True when `userId` may read the organization's trail: a member whose role holds `audit:read`
 * when the access control declares it, else an owner or admin. A non-member may not.
 */
async function organizationReader(ctx: AuditContext, userId: string, organizationId: string): Promise<boolean> {
  if (!ctx.organizations) return false;
  const member = await organizationStore(ctx).getMember(organizationId, userId);
  if (!member) return false;
  const declared = settingsOf(ctx).access.statements.audit?.includes("read");
  if (!declared && (member.role === "owner" || member.role === "admin")) return true;
  return (await permissionsOf(ctx as unknown as OrganizationContext, organizationId, member.role)).includes("audit:read");
}

const idShape = /^[^\s\u0000-\u001f]{1,255}$/;

/** An id of the query, or `undefined`; throws `InvalidRequest`. */
function idOf(req: AuthRequest, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === "") return undefined;
  if (!idShape.test(value)) throw new InvalidRequest(`${name} is an id of 1 to 255 characters.`);
  return value;
}

/** An event as the endpoint answers it: the time as ISO text. */
const shown = (event: AdapterAuditEvent) => ({ ...event, at: new Date(event.at).toISOString() });

/** `GET audit`: one page of the events the caller may read. */
export async function auditAction(ctx: AuditContext, req: AuthRequest): Promise<ResponseInternal> {
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  if (!current) throw new NotSignedIn("Sign in to read the audit trail.");
  const { maxPerPage } = ctx.audit![auditCode].settings;
  const limitText = req.query.limit;
  const limit = limitText === undefined || limitText === "" ? Math.min(50, maxPerPage) : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? "1") || !Number.isInteger(limit) || limit < 1 || limit > maxPerPage) throw new InvalidRequest(`limit is a whole number from 1 to ${maxPerPage}.`);
  const userId = idOf(req, "userId");
  const organizationId = idOf(req, "organizationId");
  const before = req.query.cursor ? beforeOf(req.query.cursor) : undefined;
  const query: AdapterAuditQuery = { limit, ...(userId ? { userId } : {}), ...(organizationId ? { organizationId } : {}), ...(before ? { before } : {}) };
  if (!(await siteAdministrator(ctx, current.id))) {
    if (organizationId) {
      if (!(await organizationReader(ctx, current.id, organizationId))) throw new Forbidden("Only the organization's owners and admins may read its audit trail.");
    } else if (userId && userId !== current.id) {
      throw new Forbidden("A user reads their own audit trail only.");
    } else {
      query.userId = current.id;
    }
  }
  const page = await pageOf(ctx.adapter!, query);
  return { status: 200, body: { events: page.events.map(shown), cursor: page.cursor }, headers: { ...noStore } };
}
