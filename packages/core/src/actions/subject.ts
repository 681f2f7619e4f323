/**
 * Who a request is, for limits that cannot key it by the client's network: the signed-in user,
 * else the user of the sign-in waiting in this browser for its second factor.
 */
import type { AuthContext } from "../config/context.js";
import type { CookieContext } from "../config/slices.js";
import type { AuthRequest } from "../http/request.js";
import { sessionStrategy } from "../session/index.js";

/** What the second factors' step-up module offers here (loaded through the option, never imported). */
interface PendingSignIns {
  readPending(ctx: CookieContext, req: AuthRequest): Promise<{ user: { id: string } } | null>;
}

/** `user:<id>` of the signed-in or waiting user, or `undefined` for a request that is neither. */
export async function requestSubject(ctx: AuthContext, req: AuthRequest): Promise<string | undefined> {
  const current = await sessionStrategy(ctx).current(ctx, req);
  if (current) return `user:${current.id}`;
  // The waiting state's code comes with the feature that steps a sign-in up (`SecondFactors()`).
  const stepUp = (await ctx.features.find((feature) => feature.stepUp)?.stepUp!()) as PendingSignIns | undefined;
  const pending = await stepUp?.readPending(ctx, req);
  return pending ? `user:${pending.user.id}` : undefined;
}
