/**
 * The answer of an opt-in feature's path while the feature is off: `UnknownAction` saying how to
 * turn it on. Loaded when such a path is first asked for.
 */
import { UnknownAction } from "../errors.js";
import type { ActionHandler } from "../http/request.js";

const howToTurnOn: Readonly<Record<string, string>> = {
  sessions: "sessions endpoints are off: pass session.control = SessionControl() of @latch/core/sessions",
  link: "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts",
  unlink: "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts",
  "second-factor": "second-factor endpoints are off: pass secondFactor = SecondFactors() of @latch/core/second-factors",
};

/** Throws `UnknownAction` naming the option that turns the request's feature on. */
export const featureOff: ActionHandler = (_ctx, req) => {
  throw new UnknownAction(`The ${howToTurnOn[req.action]}.`);
};
