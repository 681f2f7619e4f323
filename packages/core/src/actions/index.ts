import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import { flows } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import type { ResponseInternal } from "../types/response.js";
import { callbackAction } from "./callback.js";
import { csrfAction } from "./csrf.js";
import { errorPageAction, verifyRequestAction } from "./pages.js";
import { providersAction } from "./providers.js";
import { getSessionAction, updateSessionAction } from "./session.js";
import { signInAction, signInPageAction, providerOf } from "./signin.js";
import { signOutAction, signOutPageAction } from "./signout.js";

async function webAuthnOptions(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const provider = providerOf(ctx, req);
  const flow = flows[provider.type];
  if (!flow?.options) throw new UnknownAction(`Provider "${provider.id}" has no WebAuthn options.`);
  return flow.options({ ctx, req, provider, callbackUrl: ctx.origin });
}

type Handler = (ctx: AuthContext, req: AuthRequest) => ResponseInternal | Promise<ResponseInternal>;

/** Which function answers each action and method (the table of the wire protocol). */
const routes: Record<string, Handler> = {
  "GET providers": providersAction,
  "GET csrf": csrfAction,
  "GET session": getSessionAction,
  "POST session": updateSessionAction,
  "GET signin": signInPageAction,
  "POST signin": signInAction,
  "GET callback": callbackAction,
  "POST callback": callbackAction,
  "GET signout": signOutPageAction,
  "POST signout": signOutAction,
  "GET verify-request": verifyRequestAction,
  "GET error": errorPageAction,
  "GET webauthn-options": webAuthnOptions,
};

/** Routes a parsed request to its action. A pair outside the table is `UnknownAction`. */
export function runAction(ctx: AuthContext, req: AuthRequest): ResponseInternal | Promise<ResponseInternal> {
  const handler = routes[`${req.method} ${req.action}`];
  if (!handler) throw new UnknownAction(`${req.method} ${req.action} is not an action Latch serves.`);
  if (req.action === "signin" && req.method === "GET" && req.providerId) throw new UnknownAction("GET /signin/<provider> is not an action; POST it.");
  return handler(ctx, req);
}
