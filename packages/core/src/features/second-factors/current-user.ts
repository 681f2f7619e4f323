import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import type { AuthRequest } from "../../http/request.js";
import { requestSession } from "../session-control/control.js";
import { pendingEnrolmentUser } from "./step-up-state.js";
import { storeOf } from "./storage.js";

/**
 * The signed-in user, or, without a session, the user of a sign-in that waits for them to set up
 * a required factor (see `step-up-state.ts`); else `null`.
 */
export async function signedInUser(ctx: SessionReadContext & Pick<AuthContext, "useSecureCookies">, req: AuthRequest): Promise<{ user: AdapterUser; sessionToken?: string } | null> {
  const current = await requestSession(ctx, req);
  if (!current) {
    const enrolling = await pendingEnrolmentUser(ctx, req);
    return enrolling ? { user: enrolling } : null;
  }
  const user = await storeOf(ctx).getUser(current.userId);
  return user ? { user, sessionToken: current.sessionToken } : null;
}
