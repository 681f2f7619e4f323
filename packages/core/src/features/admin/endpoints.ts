/**
 * `GET <base>/admin/users`, `GET <base>/admin/user`, `POST <base>/admin/ban|unban|role|remove`
 * (PROTOCOL §13): site administration, for site administrators only. A caller who is not signed
 * in gets 401, a signed-in user who is not an administrator 403, before anything is read or
 * written. An administrator cannot ban, demote or remove themselves, so the site always keeps the
 * administrator acting.
 */
import type { Adapter, AdapterAdminUser, AdapterUserStanding, OrganizationAdapter } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { guardExtraMethods } from "../../config/adapter-guard.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import { adminCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import { isBanned } from "./ban.js";
import { AdminActionRefused, Forbidden, NotSignedIn } from "./errors.js";
import { adminStore } from "./store.js";
import { record } from "../../config/audit-record.js";

/** What the endpoints read: the request's session under either strategy, and the option. */
type AdminContext = SessionReadContext & Pick<AuthContext, "admin" | "organizations" | "audit">;

type Ctx = AdminContext & { readonly admin: NonNullable<AuthContext["admin"]>; readonly adapter: Required<Adapter> };

/** The signed-in caller, who must be a site administrator: by a configured id, or by the stored role `"admin"` while not banned. */
async function administrator(ctx: AdminContext, req: AuthRequest): Promise<{ ctx: Ctx; id: string }> {
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  if (!current) throw new NotSignedIn("Sign in as a site administrator.");
  const admin = ctx as Ctx;
  if (admin.admin[adminCode].settings.adminUserIds.includes(current.id)) return { ctx: admin, id: current.id };
  const standing = await adminStore(admin.adapter).getUserStanding(current.id);
  if (standing?.role !== "admin" || isBanned(standing)) throw new Forbidden("Only a site administrator may do this.");
  return { ctx: admin, id: current.id };
}

/** A user as the endpoints show them: the stored fields, and `banned` as it stands now (a lapsed ban is over). */
function shown({ user, standing }: AdapterAdminUser) {
  return { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null, emailVerified: user.emailVerified, ...standingOf(standing) };
}

function standingOf(standing: AdapterUserStanding) {
  const banned = isBanned(standing);
  return { role: standing.role, banned, banReason: banned ? standing.banReason : null, banExpires: banned ? standing.banExpires : null };
}

const fieldOf = (req: AuthRequest, name: string): unknown => (req.method === "GET" ? req.query[name] : req.body?.[name]);

/** The `userId` a request names: 1 to 255 characters. */
function userIdOf(req: AuthRequest): string {
  const value = fieldOf(req, req.method === "GET" ? "id" : "userId");
  if (typeof value !== "string" || !value || value.length > 255) throw new InvalidRequest(req.method === "GET" ? "Name the user: ?id=<user id>." : "Name the user: userId.");
  return value;
}

/** A whole number from the query, within bounds, or the default. */
function wholeOf(req: AuthRequest, name: string, fallback: number, max: number): number {
  const value = req.query[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!/^\d{1,9}$/.test(value) || number < 1 || number > max) throw new InvalidRequest(`${name} is a whole number from 1 to ${max}.`);
  return number;
}

const answer = (body: unknown, status = 200): ResponseInternal => ({ status, body, headers: { ...noStore } });

/** A user that is not there: 404. */
const noSuchUser = (): ResponseInternal => answer({ error: "UserNotFound", message: "There is no such user." }, 404);

/** `GET admin/users?search=&page=&perPage=`: one page of users, ordered by address. */
export async function usersAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx } = await administrator(context, req);
  const search = req.query.search ?? "";
  if (search.length > 200) throw new InvalidRequest("search is at most 200 characters.");
  const { maxPerPage } = ctx.admin[adminCode].settings;
  const page = wholeOf(req, "page", 1, 1e6);
  const perPage = wholeOf(req, "perPage", Math.min(20, maxPerPage), maxPerPage);
  const { users, total } = await adminStore(ctx.adapter).listUsers({ ...(search ? { search } : {}), offset: (page - 1) * perPage, limit: perPage });
  return answer({ users: users.map(shown), total, page, perPage });
}

/** `GET admin/user?id=`: the user, their standing, their live sessions (never a token) and their accounts (never a token). */
export async function userAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx } = await administrator(context, req);
  const userId = userIdOf(req);
  const user = await ctx.adapter.getUser(userId);
  const standing = user && (await adminStore(ctx.adapter).getUserStanding(userId));
  if (!user || !standing) return noSuchUser();
  const now = Date.now();
  const sessions = (await ctx.adapter.listSessions(userId))
    .filter((session) => session.userId === userId && new Date(session.expires).valueOf() > now)
    .map(({ id, expires, createdAt, lastSeenAt, userAgent, ip }) => ({ id: id ?? null, expires, createdAt: createdAt ?? null, lastSeenAt: lastSeenAt ?? null, userAgent: userAgent ?? null, ip: ip ?? null }));
  const accounts = (await ctx.adapter.listAccountsByUserId(userId)).map(({ provider, type, providerAccountId }) => ({ provider, type, providerAccountId }));
  return answer({ user: shown({ user, standing }), sessions, accounts });
}

/** Refuses an action of an administrator on themselves. */
function notOneself(callerId: string, userId: string, what: string): void {
  if (callerId === userId) throw new AdminActionRefused(`An administrator cannot ${what} themselves.`);
}

/**
 * Ends every session of the user at once: database sessions are deleted; JWT sessions are revoked
 * through `JwtRevocation()` (which `Admin()` requires with JWT sessions). Returns how many
 * database sessions ended.
 */
async function endSessions(ctx: Ctx, userId: string): Promise<number> {
  if (ctx.session.strategy === "jwt") {
    await ctx.session.revocation?.revokeUser(userId, null, ctx.jwt.maxAge);
    return 0;
  }
  return ctx.adapter.deleteSessions(userId);
}

/** The ban's end from the body: absent or `null`, none; else a date (ISO text or epoch milliseconds) in the future. */
function banEndOf(req: AuthRequest): Date | null {
  const value = req.body?.expires;
  if (value === undefined || value === null || value === "") return null;
  const date = typeof value === "number" || (typeof value === "string" && value.length <= 40) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.valueOf())) throw new InvalidRequest("expires is a date (ISO 8601 text or epoch milliseconds), or null.");
  if (date.valueOf() <= Date.now()) throw new InvalidRequest("expires is in the future.");
  return date;
}

/** `POST admin/ban { userId, reason?, expires? }`: bans the user and ends their sessions at once. */
export async function banAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx, id } = await administrator(context, req);
  const userId = userIdOf(req);
  notOneself(id, userId, "ban");
  const reason = req.body?.reason ?? null;
  if (reason !== null && (typeof reason !== "string" || reason.length > 500)) throw new InvalidRequest("reason is text of at most 500 characters.");
  const banExpires = banEndOf(req);
  const standing = await adminStore(ctx.adapter).updateUserStanding(userId, { banned: true, banReason: reason || null, banExpires });
  if (!standing) return noSuchUser();
  const sessionsEnded = await endSessions(ctx, userId);
  await record(ctx, { action: "admin.ban", actorUserId: id, subjectUserId: userId, details: { expires: banExpires?.toISOString() ?? null, sessionsEnded } });
  return answer({ userId, ...standingOf(standing), sessionsEnded });
}

/** `POST admin/unban { userId }`: lifts the ban. */
export async function unbanAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx, id } = await administrator(context, req);
  const userId = userIdOf(req);
  const standing = await adminStore(ctx.adapter).updateUserStanding(userId, { banned: false, banReason: null, banExpires: null });
  if (!standing) return noSuchUser();
  await record(ctx, { action: "admin.unban", actorUserId: id, subjectUserId: userId });
  return answer({ userId, ...standingOf(standing) });
}

const roleShape = /^[a-z][a-z0-9_-]{0,31}$/;

/** `POST admin/role { userId, role }`: sets the user's site role (`"admin"`, another name, or `null` for none). */
export async function roleAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx, id } = await administrator(context, req);
  const userId = userIdOf(req);
  notOneself(id, userId, "change the site role of");
  const role = req.body?.role ?? null;
  if (role !== null && (typeof role !== "string" || !roleShape.test(role))) throw new InvalidRequest("role is null, or 1 to 32 lowercase letters, digits, - and _, starting with a letter.");
  const standing = await adminStore(ctx.adapter).updateUserStanding(userId, { role });
  if (!standing) return noSuchUser();
  await record(ctx, { action: "admin.role", actorUserId: id, subjectUserId: userId, details: { role } });
  return answer({ userId, ...standingOf(standing) });
}

const onlyOwner = (slug: string) => new AdminActionRefused(`The user is the only owner of the organization "${slug}": move its ownership or delete it first.`);

/**
 * With `Organizations()`, a user who is the only owner of an organization stays until the
 * ownership moves or the organization is deleted: removing them would leave it without an owner.
 * The owned memberships are checked first (nothing changes when one is the only owner's), then
 * ended through the adapter's `deleteMember`, which never ends the only owner's membership in the
 * same atomic write: another owner leaving at the same moment cannot leave the organization
 * without one (the removal is then refused, the user kept).
 */
async function endOwnedMemberships(adapter: Adapter, userId: string): Promise<void> {
  const store = guardExtraMethods<Pick<OrganizationAdapter, "listOrganizations" | "listMembers" | "deleteMember">>(adapter, ["listOrganizations", "listMembers", "deleteMember"]);
  const owned = (await store.listOrganizations(userId)).filter((organization) => organization.role === "owner");
  for (const organization of owned) {
    const owners = (await store.listMembers(organization.id)).filter((member) => member.role === "owner");
    if (owners.length <= 1) throw onlyOwner(organization.slug);
  }
  for (const organization of owned) {
    if (!(await store.deleteMember(organization.id, userId))) throw onlyOwner(organization.slug);
  }
}

/** `POST admin/remove { userId }`: ends the user's sessions and deletes the user through `deleteUser` (the adapter removes everything of theirs). */
export async function removeAction(context: AdminContext, req: AuthRequest): Promise<ResponseInternal> {
  const { ctx, id } = await administrator(context, req);
  const userId = userIdOf(req);
  notOneself(id, userId, "remove");
  if (!(await ctx.adapter.getUser(userId))) return noSuchUser();
  if (ctx.organizations) await endOwnedMemberships(ctx.adapter, userId);
  if (ctx.session.strategy === "jwt") await endSessions(ctx, userId);
  await ctx.adapter.deleteUser(userId);
  await record(ctx, { action: "admin.remove", actorUserId: id, subjectUserId: userId });
  return answer({ userId, removed: true });
}
