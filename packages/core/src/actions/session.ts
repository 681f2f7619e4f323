// `POST /session`. `GET /session` is answered by session/read.ts, where the read itself is.
import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import { logError } from "../http/error-response.js";
import { noStore } from "../http/respond.js";
import { sessionStrategy } from "../session/index.js";
import type { ResponseInternal } from "../types/response.js";
import { withFields } from "../session/read.js";
import { requireCsrf } from "./request-state.js";

/** `POST /session` with `{ csrfToken, data }`: runs the callbacks with `trigger: "update"`. Failure: 400 `null`. */
export async function updateSessionAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  try {
    await requireCsrf(ctx, req);
    const read = await sessionStrategy(ctx).update(ctx, req, req.body?.data);
    return { body: await withFields(ctx, read), headers: { ...noStore }, cookies: read.cookies };
  } catch (error) {
    logError(ctx.logger, error);
    return { status: 400, body: null, headers: { ...noStore } };
  }
}
