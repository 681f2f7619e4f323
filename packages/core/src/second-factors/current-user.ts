import type { AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import { requestSession } from "../session/control.js";
import { storeOf } from "./storage.js";

/** The signed-in user, or `null`. */
export async function signedInUser(ctx: AuthContext, req: AuthRequest): Promise<{ user: AdapterUser; sessionToken?: string } | null> {
  const current = await requestSession(ctx, req);
  if (!current) return null;
  const user = await storeOf(ctx).getUser(current.userId);
  return user ? { user, sessionToken: current.sessionToken } : null;
}
