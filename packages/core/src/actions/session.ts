// `POST /session`. `GET /session` is answered by session/read.ts, where the read itself is.
import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import { sessionStrategy } from "../session/index.js";
import type { ResponseInternal } from "../types/response.js";
import { sessionAnswer } from "../session/read.js";
import { requireCsrf } from "../security/request-checks.js";

/** `POST /session` with `{ csrfToken, data }`: runs the callbacks with `trigger: "update"`. Failure: 400 `null`. */
export function updateSessionAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  return sessionAnswer(
    ctx,
    async () => {
      await requireCsrf(ctx, req);
      return sessionStrategy(ctx).update(ctx, req, req.body?.data);
    },
    400,
  );
}
