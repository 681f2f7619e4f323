/**
 * Every endpoint Latch serves under its base path, one row each (PROTOCOL §1). The rows of an
 * opt-in feature are declared here, but their handlers come from the feature's option or provider:
 * an app that does not configure the feature does not bundle its code, and its paths answer
 * `UnknownAction` saying how to turn it on.
 */
import type { AuthContext } from "../config/context.js";
import { UnknownAction } from "../errors.js";
import { csrfAction } from "../actions/csrf.js";
import { providersAction } from "../actions/providers.js";
import { getSessionAction, updateSessionAction } from "../actions/session.js";
import { accountLinksCode, providerEndpoints, secondFactorsCode, sessionControlCode } from "../symbols.js";
import type { AuthAction } from "../types/actions.js";
import type { AccountField, ActionHandler, ActionRow, HandlerLoader, LimitClass, RowLimit } from "./row.js";

const now = (handler: ActionHandler): HandlerLoader => () => handler;

/** A handler whose module is loaded when it is first asked for. */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => ActionHandler): HandlerLoader {
  return async () => pick(await load());
}

const signin = () => import("../actions/signin.js");
const signout = () => import("../actions/signout.js");
const pages = () => import("../actions/pages.js");
const callback = () => import("../actions/callback.js");
const webAuthnOptions = lazy(() => import("../actions/webauthn-options.js"), (m) => m.webAuthnOptionsAction);

/** A handler an option carries when the app turned its feature on; `off` says how to turn it on. */
function carried(code: (ctx: AuthContext) => object | undefined, pick: string, off: string): HandlerLoader {
  return (ctx) => {
    const handlers = code(ctx) as Record<string, ActionHandler> | undefined;
    if (!handlers) throw new UnknownAction(`The ${off}.`);
    return handlers[pick]!;
  };
}

const sessionControl = (pick: string) =>
  carried((ctx) => ctx.session.control?.[sessionControlCode], pick, "sessions endpoints are off: pass session.control = SessionControl() of @latch/core/sessions");
const accountLinks = (pick: string) =>
  carried((ctx) => ctx.account.links?.[accountLinksCode], pick, "link endpoints are off: pass account.links = AccountLinks() of @latch/core/accounts");
const secondFactor = (pick: string) =>
  carried((ctx) => ctx.secondFactor?.[secondFactorsCode].routes, pick, "second-factor endpoints are off: pass secondFactor = SecondFactors() of @latch/core/second-factors");

/** A handler a configured provider carries (`Password()`'s pages), by `"METHOD path"`. */
function fromProvider(key: string): HandlerLoader {
  return async (ctx) => {
    for (const provider of ctx.providers) {
      const handler = ((await provider[providerEndpoints]?.()) as Record<string, ActionHandler | undefined> | undefined)?.[key];
      if (handler) return handler;
    }
    throw new UnknownAction(`${key} is not an action Latch serves.`);
  };
}

const body = (...fields: string[]): AccountField => ({ in: "body", fields });

const credentials: LimitClass = { route: "credentials", account: body("email", "username"), lockout: "password" };
const emailLink: LimitClass = { route: "email", account: body("email"), lockout: "link" };
const callbackClass: LimitClass = { route: "callback", account: { in: "query", fields: ["email"] }, lockout: "link" };
const passkey: LimitClass = { route: "passkey" };
const secondFactorClass: LimitClass = { route: "secondFactor" };
const emailCode: LimitClass = { route: "emailCode", account: body("email") };

const byProviderType = (type: string | undefined): LimitClass | undefined =>
  type === "credentials" ? credentials : type === "webauthn" ? passkey : type ? callbackClass : undefined;

// Asking for an emailed code sends mail; answering one is a guess.
const challengeLimit: RowLimit = (_type, req) => (req.body?.send === undefined ? secondFactorClass : emailCode);
const emailSignInLimit: RowLimit = (_type, req) => (req.body?.code === undefined ? emailCode : secondFactorClass);

type Row = ActionRow & { readonly path: AuthAction | `${AuthAction}/${string}` };

const get = ["GET"] as const;
const post = ["POST"] as const;
const either = ["GET", "POST"] as const;

/** The built-in rows. */
export const builtinRows: readonly Row[] = [
  { path: "providers", tail: "none", methods: get, answer: "json", csrf: "none", handler: now(providersAction) },
  { path: "csrf", tail: "none", methods: get, answer: "json", csrf: "none", handler: now(csrfAction) },
  { path: "session", tail: "none", methods: get, answer: "json", csrf: "none", handler: now(getSessionAction) },
  { path: "session", tail: "none", methods: post, answer: "json", csrf: "handler", limit: { route: "sessionUpdate" }, handler: now(updateSessionAction) },
  { path: "signin", tail: "none", methods: get, answer: "page", csrf: "none", handler: lazy(signin, (m) => m.signInPageAction) },
  { path: "signin", tail: "none", methods: post, answer: "page", csrf: "token", handler: lazy(signin, (m) => m.signInAction) },
  {
    path: "signin", tail: "provider", methods: post, answer: "page", csrf: "token", sendsMail: true,
    limit: (type) => (type === "email" ? emailLink : undefined), handler: lazy(signin, (m) => m.signInAction),
  },
  // Credentials and WebAuthn callbacks are POSTs with the CSRF token; an OAuth form_post comes from the provider's site.
  {
    path: "callback", tail: "provider", methods: either, answer: "page", csrf: "handler", startsSession: true,
    limit: (type, req) => (req.method === "GET" && (type === "credentials" || type === "webauthn") ? undefined : byProviderType(type)),
    handler: lazy(callback, (m) => m.callbackAction),
  },
  { path: "signout", tail: "none", methods: get, answer: "page", csrf: "none", handler: lazy(signout, (m) => m.signOutPageAction) },
  { path: "signout", tail: "none", methods: post, answer: "page", csrf: "token", handler: lazy(signout, (m) => m.signOutAction) },
  { path: "verify-request", tail: "none", methods: get, answer: "page", csrf: "none", handler: lazy(pages, (m) => m.verifyRequestAction) },
  { path: "error", tail: "none", methods: get, answer: "page", csrf: "none", handler: lazy(pages, (m) => m.errorPageAction) },
  { path: "webauthn-options", tail: "none", methods: get, answer: "json", csrf: "none", limit: passkey, handler: webAuthnOptions },
  { path: "webauthn-options", tail: "provider", methods: get, answer: "json", csrf: "none", limit: passkey, handler: webAuthnOptions },

  // Session control: SessionControl().
  { path: "sessions", tail: "none", methods: get, answer: "json", csrf: "none", handler: sessionControl("list") },
  { path: "sessions/revoke", tail: "none", methods: post, answer: "json", csrf: "token", limit: { route: "sessionRevoke" }, handler: sessionControl("revoke") },

  // Account links: AccountLinks().
  { path: "link", tail: "provider", methods: post, answer: "json", csrf: "token", limit: { route: "accountLink" }, handler: accountLinks("link") },
  { path: "unlink", tail: "provider", methods: post, answer: "json", csrf: "token", limit: { route: "accountLink" }, handler: accountLinks("unlink") },

  // Second factors: SecondFactors(). The challenge and the emailed-code sign-in check the CSRF token after finding their state.
  { path: "second-factor", tail: "none", methods: get, answer: "page", csrf: "none", handler: secondFactor("get") },
  { path: "second-factor", tail: "none", methods: post, answer: "page", csrf: "handler", startsSession: true, sendsMail: true, limit: challengeLimit, handler: secondFactor("post") },
  { path: "second-factor/enrol", tail: "none", methods: get, answer: "page", csrf: "none", handler: secondFactor("get") },
  { path: "second-factor/email-sign-in", tail: "none", methods: get, answer: "page", csrf: "none", handler: secondFactor("get") },
  {
    path: "second-factor/email-sign-in", tail: "none", methods: post, answer: "page", csrf: "handler", startsSession: true, sendsMail: true,
    limit: emailSignInLimit, handler: secondFactor("post"),
  },
  ...(["enrol", "confirm", "remove", "backup-codes", "cancel"] as const).map(
    (step): Row => ({ path: `second-factor/${step}`, tail: "none", methods: post, answer: "page", csrf: "token", limit: secondFactorClass, handler: secondFactor("post") }),
  ),

  // Passwords: Password() carries these.
  { path: "signup", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET signup") },
  { path: "signup", tail: "none", methods: post, answer: "page", csrf: "token", sendsMail: true, limit: { route: "signUp", account: body("email") }, handler: fromProvider("POST signup") },
  { path: "verify-email", tail: "none", methods: get, answer: "page", csrf: "none", startsSession: true, handler: fromProvider("GET verify-email") },
  { path: "password/forgot", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET password/forgot") },
  {
    path: "password/forgot", tail: "none", methods: post, answer: "page", csrf: "token", sendsMail: true,
    limit: { route: "passwordForgot", account: body("email") }, handler: fromProvider("POST password/forgot"),
  },
  { path: "password/reset", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET password/reset") },
  { path: "password/reset", tail: "none", methods: post, answer: "page", csrf: "token", limit: { route: "passwordReset", account: body("email") }, handler: fromProvider("POST password/reset") },
  { path: "password/change", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET password/change") },
  { path: "password/change", tail: "none", methods: post, answer: "page", csrf: "token", limit: { route: "passwordChange" }, handler: fromProvider("POST password/change") },
  { path: "email/change", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET email/change") },
  {
    // The new address: mail to one address is limited whoever asks, and per signed-in user, so one user cannot mail many addresses.
    path: "email/change", tail: "none", methods: post, answer: "page", csrf: "token", sendsMail: true,
    limit: { route: "emailChange", account: body("email"), perUser: true }, handler: fromProvider("POST email/change"),
  },
  { path: "email/change/confirm", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET email/change/confirm") },
  { path: "email/change/cancel", tail: "none", methods: get, answer: "page", csrf: "none", handler: fromProvider("GET email/change/cancel") },
];
