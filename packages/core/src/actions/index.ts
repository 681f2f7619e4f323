import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import { flowOf } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import { accountLinksCode, providerEndpoints, secondFactorsCode, sessionControlCode } from "../symbols.js";
import type { ResponseInternal } from "../types/response.js";
import { csrfAction } from "./csrf.js";
import { providersAction } from "./providers.js";
import { getSessionAction, updateSessionAction } from "./session.js";

async function webAuthnOptions(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { providerOf } = await import("./signin.js");
  const provider = providerOf(ctx, req);
  const flow = await flowOf(provider);
  if (!flow?.options) throw new UnknownAction(`Provider "${provider.id}" has no WebAuthn options.`);
  return flow.options({ ctx, req, provider, callbackUrl: ctx.origin });
}

type Handler = (ctx: AuthContext, req: AuthRequest) => ResponseInternal | Promise<ResponseInternal>;

/**
 * An action whose module is loaded when it is first asked for: a process (or a cold serverless
 * function) that only reads sessions never evaluates the sign-in, callback and page code.
 */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => Handler): Handler {
  return async (ctx, req) => pick(await load())(ctx, req);
}

const signin = () => import("./signin.js");
const signout = () => import("./signout.js");
const pages = () => import("./pages.js");
const callback = () => import("./callback.js");

/**
 * Endpoints whose code an option carries when the app turned them on: the sessions endpoints
 * (`SessionControl()`), the link endpoints (`AccountLinks()`) and the second-factor ones (`SecondFactors()`). `off` says how to turn them on.
 */
function carried(pick: string, code: (ctx: AuthContext) => object | undefined, off: string): Handler {
  return (ctx, req) => {
    const handlers = code(ctx) as Record<string, Handler> | undefined;
    if (!handlers) throw new UnknownAction(`The ${off}.`);
    return handlers[pick]!(ctx, req);
  };
}

const sessionsOff = "sessions endpoints are off: pass session.control = SessionControl() of @latch/core/sessions";
const linksOff = "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts";
const sessionControl = (pick: string) => carried(pick, (ctx) => ctx.session.control?.[sessionControlCode], sessionsOff);
const accountLinks = (pick: string) => carried(pick, (ctx) => ctx.account.links?.[accountLinksCode], linksOff);

const secondFactorsOff = "second-factor endpoints are off: pass secondFactor = SecondFactors() of @latch/core/second-factors";
const secondFactor = (pick: string) => carried(pick, (ctx) => ctx.secondFactor?.[secondFactorsCode].routes, secondFactorsOff);

/** Which function answers each action and method (the table of the wire protocol). */
const routes: Record<string, Handler> = {
  "GET providers": providersAction,
  "GET csrf": csrfAction,
  "GET session": getSessionAction,
  "POST session": updateSessionAction,
  "GET signin": lazy(signin, (m) => m.signInPageAction),
  "POST signin": lazy(signin, (m) => m.signInAction),
  "GET callback": lazy(callback, (m) => m.callbackAction),
  "POST callback": lazy(callback, (m) => m.callbackAction),
  "GET signout": lazy(signout, (m) => m.signOutPageAction),
  "POST signout": lazy(signout, (m) => m.signOutAction),
  "GET verify-request": lazy(pages, (m) => m.verifyRequestAction),
  "GET error": lazy(pages, (m) => m.errorPageAction),
  "GET webauthn-options": webAuthnOptions,
  "GET sessions": sessionControl("list"),
  "POST sessions": sessionControl("revoke"),
  "POST link": accountLinks("link"),
  "POST unlink": accountLinks("unlink"),
  "GET second-factor": secondFactor("get"),
  "POST second-factor": secondFactor("post"),
};

type Endpoints = () => Promise<Record<string, Handler | undefined>>;

/** An endpoint a configured provider carries (`Password()`'s sign-up and password pages), or `UnknownAction`. */
const providerRoute: Handler = async (ctx, req) => {
  const key = `${req.method} ${req.action}${req.providerId === undefined ? "" : `/${req.providerId}`}`;
  for (const provider of ctx.providers) {
    const handler = (await (provider[providerEndpoints] as Endpoints | undefined)?.())?.[key];
    if (handler) return handler(ctx, req);
  }
  throw new UnknownAction(`${key} is not an action Latch serves.`);
};

/**
 * Routes a parsed request to its action; a pair outside the table goes to the endpoints the
 * providers carry, and is `UnknownAction` when none serves it.
 */
export function runAction(ctx: AuthContext, req: AuthRequest): ResponseInternal | Promise<ResponseInternal> {
  // A path under `<base>/<plugin id>`: the plugins' code loads only for apps that configure plugins.
  if (req.plugin) return import("./plugin.js").then((m) => m.runPluginEndpoint(ctx, req));
  const handler = routes[`${req.method} ${req.action}`] ?? providerRoute;
  if (req.action === "signin" && req.method === "GET" && req.providerId) throw new UnknownAction("GET /signin/<provider> is not an action; POST it.");
  return handler(ctx, req);
}
