/**
 * The ban's one rule, read by the sign-in gate (through the option) and by the endpoints: a user
 * is banned while `banned` is set and the ban's end, when it has one, has not passed.
 */
import type { Adapter, AdapterUserStanding } from "../../adapter.js";
import type { AuthRequest } from "../../http/request.js";
import { answersJson } from "../../rows/row.js";
import { UserBanned } from "./errors.js";
import type { RefusalPageContext } from "./pages.js";
import { adminStore } from "./store.js";

/** True while `standing` bars its user, at `now` (epoch ms). */
export function isBanned(standing: Pick<AdapterUserStanding, "banned" | "banExpires"> | null, now = Date.now()): boolean {
  if (!standing?.banned) return false;
  return standing.banExpires === null || new Date(standing.banExpires).valueOf() > now;
}

/**
 * Throws `UserBanned` while `userId` is banned; one adapter read per session start. The refusal
 * carries the administrator's reason and the ban's end; with the request, a browser gets the ban
 * page in its language, and a JSON client `{ error: "UserBanned", reason?, expires? }`.
 */
export async function refuseBanned(ctx: { readonly adapter?: Adapter } & Partial<RefusalPageContext>, userId: string, req?: AuthRequest): Promise<void> {
  const standing = await adminStore(ctx.adapter!).getUserStanding(userId);
  if (!standing || !isBanned(standing)) return;
  const reason = standing.banReason || null;
  const expires = standing.banExpires === null ? null : new Date(standing.banExpires);
  const fields = { ...(reason && { reason }), ...(expires && { expires: expires.toISOString() }) };
  // The page only for a browser: a JSON client, or a check without a request (an API key's owner), gets the fields.
  const page = req && !answersJson(req) ? await (await import("./pages.js")).bannedPage(ctx as RefusalPageContext, req, reason, expires) : undefined;
  throw new UserBanned("A site administrator banned this account.", { fields, ...(page && { page }) });
}
