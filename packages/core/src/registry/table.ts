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
import { actionsOf } from "../rows/match.js";
import type { ActionHandler, AnsweringRow } from "../http/request.js";
import type { AccountField, HandlerLoader, LimitClass } from "../rows/row.js";

const now = (handler: ActionHandler): HandlerLoader<ActionHandler> => () => handler;

/** A handler whose module is loaded when it is first asked for. */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => ActionHandler): HandlerLoader<ActionHandler> {
  return async () => pick(await load());
}

const signin = () => import("../actions/signin.js");
const signout = () => import("../actions/signout.js");
const pages = () => import("../actions/pages.js");
const callback = () => import("../actions/callback.js");
const webAuthnOptions = lazy(() => import("../actions/webauthn-options.js"), (m) => m.webAuthnOptionsAction);

/** A handler an option carries when the app turned its feature on; `off` says how to turn it on. */
function carried(code: (ctx: AuthContext) => object | undefined, pick: string, off: string): HandlerLoader<ActionHandler> {
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
function fromProvider(key: string): HandlerLoader<ActionHandler> {
  return async (ctx) => {
    for (const provider of ctx.providers) {
      const handler = ((await provider[providerEndpoints]?.()) as Record<string, ActionHandler | undefined> | undefined)?.[key];
      if (handler) return handler;
    }
    throw new UnknownAction(`${key} is not an action Latch serves.`);
  };
}

const email: AccountField = { in: "body", fields: ["email"] };

const credentials: LimitClass = { route: "credentials", account: { in: "body", fields: ["email", "username"] }, lockout: "password" };
const emailLink: LimitClass = { route: "email", account: email, lockout: "link" };
const callbackClass: LimitClass = { route: "callback", account: { in: "query", fields: ["email"] }, lockout: "link" };
const passkey: LimitClass = { route: "passkey" };
const secondFactorClass: LimitClass = { route: "secondFactor" };
const emailCode: LimitClass = { route: "emailCode", account: email };

const byProviderType = (type: string | undefined): LimitClass | undefined =>
  type === "credentials" ? credentials : type === "webauthn" ? passkey : type ? callbackClass : undefined;

type Path = AuthAction | `${AuthAction}/${string}`;
/** `"METHODS ANSWER CSRF path"`: `GET,POST page handler callback`. */
type Spec = `${string} ${AnsweringRow["answer"]} ${AnsweringRow["csrf"]} ${Path}`;
type Extra = Partial<Pick<AnsweringRow, "tail" | "limit" | "startsSession" | "sendsMail">>;

/** A row from its spec, its handler and what it declares beyond them. */
function row(spec: Spec, handler: HandlerLoader<ActionHandler>, extra?: Extra): AnsweringRow {
  const [methods, answer, csrf, path] = spec.split(" ") as [string, AnsweringRow["answer"], AnsweringRow["csrf"], string];
  return { path, tail: "none", methods: methods.split(","), answer, csrf, handler, ...extra };
}

/** A row whose handler `Password()` carries, under `"METHOD path"`. */
const carry = (spec: Spec, extra?: Extra): AnsweringRow => {
  const [method, , , path] = spec.split(" ");
  return row(spec, fromProvider(`${method} ${path}`), extra);
};

/** A row of `SecondFactors()`: its GET and POST handlers each serve every second-factor path. */
const factor = (spec: Spec, extra?: Extra): AnsweringRow => row(spec, secondFactor(spec.startsWith("GET") ? "get" : "post"), extra);

const provider = { tail: "provider" } as const;

/** The built-in rows. */
export const builtinRows: readonly AnsweringRow[] = [
  row("GET json none providers", now(providersAction)),
  row("GET json none csrf", now(csrfAction)),
  row("GET json none session", now(getSessionAction)),
  // A failed check answers `400 null`, as the session's other failures.
  row("POST json handler session", now(updateSessionAction), { limit: { route: "sessionUpdate" } }),
  row("GET page none signin", lazy(signin, (m) => m.signInPageAction)),
  row("POST page token signin", lazy(signin, (m) => m.signInAction)),
  row("POST page token signin", lazy(signin, (m) => m.signInAction), { ...provider, sendsMail: true, limit: (type) => (type === "email" ? emailLink : undefined) }),
  // Credentials and WebAuthn callbacks need the CSRF token; an OAuth form_post comes from the provider's site.
  row("GET,POST page handler callback", lazy(callback, (m) => m.callbackAction), {
    ...provider,
    startsSession: true,
    limit: (type, req) => (req.method === "GET" && (type === "credentials" || type === "webauthn") ? undefined : byProviderType(type)),
  }),
  row("GET page none signout", lazy(signout, (m) => m.signOutPageAction)),
  row("POST page token signout", lazy(signout, (m) => m.signOutAction)),
  row("GET page none verify-request", lazy(pages, (m) => m.verifyRequestAction)),
  row("GET page none error", lazy(pages, (m) => m.errorPageAction)),
  row("GET json none webauthn-options", webAuthnOptions, { limit: passkey }),
  row("GET json none webauthn-options", webAuthnOptions, { ...provider, limit: passkey }),

  // SessionControl().
  row("GET json none sessions", sessionControl("list")),
  row("POST json token sessions/revoke", sessionControl("revoke"), { limit: { route: "sessionRevoke" } }),

  // AccountLinks().
  row("POST json token link", accountLinks("link"), { ...provider, limit: { route: "accountLink" } }),
  row("POST json token unlink", accountLinks("unlink"), { ...provider, limit: { route: "accountLink" } }),

  // SecondFactors(). The challenge and the emailed-code sign-in check the CSRF token after finding what they answer.
  // Asking for an emailed code sends mail; answering one is a guess.
  factor("GET page none second-factor"),
  factor("POST page handler second-factor", { startsSession: true, sendsMail: true, limit: (_type, req) => (req.body?.send === undefined ? secondFactorClass : emailCode) }),
  factor("GET page none second-factor/enrol"),
  factor("GET page none second-factor/email-sign-in"),
  factor("POST page handler second-factor/email-sign-in", { startsSession: true, sendsMail: true, limit: (_type, req) => (req.body?.code === undefined ? emailCode : secondFactorClass) }),
  ...["enrol", "confirm", "remove", "backup-codes", "cancel"].map((step) => factor(`POST page token second-factor/${step}`, { limit: secondFactorClass })),

  // Password().
  carry("GET page none signup"),
  carry("POST page token signup", { sendsMail: true, limit: { route: "signUp", account: email } }),
  carry("GET page none verify-email", { startsSession: true }),
  carry("GET page none password/forgot"),
  carry("POST page token password/forgot", { sendsMail: true, limit: { route: "passwordForgot", account: email } }),
  carry("GET page none password/reset"),
  carry("POST page token password/reset", { limit: { route: "passwordReset", account: email } }),
  carry("GET page none password/change"),
  carry("POST page token password/change", { limit: { route: "passwordChange" } }),
  carry("GET page none email/change"),
  // Mail to the new address is limited whoever asks, and per signed-in user, so that one user cannot mail many addresses.
  carry("POST page token email/change", { sendsMail: true, limit: { route: "emailChange", account: email, perUser: true } }),
  carry("GET page none email/change/confirm"),
  carry("GET page none email/change/cancel"),
];

let builtinActions: ReadonlySet<string> | undefined;

/** True when `action` is one of the actions Latch serves (the first path segment of a built-in row). */
export function isAuthAction(action: string): action is AuthAction {
  return (builtinActions ??= actionsOf(builtinRows)).has(action);
}
