import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import { noStore } from "../http/respond.js";
import { expireCookie } from "../security/cookies.js";
import type { ResponseInternal } from "../types/response.js";
import { csrfOf } from "../security/request-checks.js";

/** `GET /csrf`: the token, setting its cookie when the request had no valid one. 404 with the check off. */
export async function csrfAction(ctx: AuthContext, req: Pick<AuthRequest, "cookies">): Promise<ResponseInternal> {
  if (ctx.skipCSRFCheck) {
    return { status: 404, cookies: [expireCookie(ctx.cookies.csrfToken.name, ctx.cookies.csrfToken.options)] };
  }
  const state = await csrfOf(ctx, req);
  return { body: { csrfToken: state.token }, headers: { ...noStore }, cookies: state.cookie ? [state.cookie] : [] };
}
