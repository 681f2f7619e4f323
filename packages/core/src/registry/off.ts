/**
 * The answer of an opt-in feature's path that none of its rows serves: while the feature is off,
 * `UnknownAction` saying how to turn it on; while it is on, `UnknownAction` naming the request, as
 * for any path Latch does not serve. Loaded when such a path is first asked for.
 */
import { UnknownAction } from "../errors.js";
import type { ActionHandler } from "../http/request.js";

const howToTurnOn: Readonly<Record<string, string>> = {
  sessions: "sessions endpoints are off: pass session.control = SessionControl() of @latch/core/sessions",
  link: "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts",
  unlink: "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts",
  "second-factor": "second-factor endpoints are off: pass secondFactor = SecondFactors() of @latch/core/second-factors",
  token: "access-token endpoints are off: pass accessTokens = AccessTokens() of @latch/core/access-tokens",
  jwks: "access-token endpoints are off: pass accessTokens = AccessTokens() of @latch/core/access-tokens",
  bearer: "bearer endpoints are off: pass session.bearer = BearerSessions({ redirectUris }) of @latch/core/bearer",
  "api-keys": "API-key endpoints are off: pass apiKeys = ApiKeys() of @latch/core/api-keys",
};

/** Throws `UnknownAction`: how to turn the request's feature on, or, when it is on, which request is not served. */
export const featureOff: ActionHandler = (ctx, req) => {
  const { action } = req;
  const on = action === "sessions" ? ctx.session.control : action === "second-factor" ? ctx.secondFactor : action === "token" || action === "jwks" ? ctx.accessTokens : action === "bearer" ? ctx.session.bearer : action === "api-keys" ? ctx.apiKeys : ctx.account.links;
  if (!on) throw new UnknownAction(`The ${howToTurnOn[req.action]}.`);
  throw new UnknownAction(`${req.method} ${req.action}${req.providerId === undefined ? "" : `/${req.providerId}`} is not an action Latch serves.`);
};
