/**
 * The router: runs the row of a parsed request. The row's CSRF rule is applied here, after its
 * handler is found (a feature that is off answers `UnknownAction` first) and before it runs.
 */
import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { ResponseInternal } from "../types/response.js";
import { requireCsrf } from "../actions/request-state.js";

/** Runs the request's row; `UnknownAction` when no row answers its method at its path. */
export async function runAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { row } = req;
  if (!row) throw new UnknownAction(`${req.method} ${req.action}${req.providerId === undefined ? "" : `/${req.providerId}`} is not an action Latch serves.`);
  const handler = await row.handler(ctx);
  if (row.csrf === "token") await requireCsrf(ctx, req);
  return handler(ctx, req);
}
