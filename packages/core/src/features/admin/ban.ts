/**
 * The ban's one rule, read by the sign-in gate (through the option) and by the endpoints: a user
 * is banned while `banned` is set and the ban's end, when it has one, has not passed.
 */
import type { Adapter, AdapterUserStanding } from "../../adapter.js";
import { UserBanned } from "./errors.js";
import { adminStore } from "./store.js";

/** True while `standing` bars its user, at `now` (epoch ms). */
export function isBanned(standing: Pick<AdapterUserStanding, "banned" | "banExpires"> | null, now = Date.now()): boolean {
  if (!standing?.banned) return false;
  return standing.banExpires === null || new Date(standing.banExpires).valueOf() > now;
}

/** Throws `UserBanned` while `userId` is banned; one adapter read per session start. */
export async function refuseBanned(adapter: Adapter, userId: string): Promise<void> {
  const standing = await adminStore(adapter).getUserStanding(userId);
  if (isBanned(standing)) throw new UserBanned("A site administrator banned this account.");
}
