/**
 * The rows of Auth.js's actions (PROTOCOL §1). An opt-in feature carries its own rows on its
 * option or provider (`SessionControl()`, `ApiKeys()`, `Password()`…, in its record under
 * `featureCode`), so an app that does not configure it bundles neither its rows nor its code, nor
 * a line naming it; while it is off, its paths are not served (`UnknownAction`, as any path), and
 * its first segments stay reserved for `isAuthAction` and plugin ids ({@link featureSegments}).
 */
import type { AuthContext } from "../config/context.js";
import { csrfAction } from "../actions/csrf.js";
import { providersAction } from "../actions/providers.js";
import { updateSessionAction } from "../actions/session.js";
import { getSessionHandler } from "../session/read.js";
import type { AnsweringRow } from "../http/request.js";
import type { AuthAction } from "../types/actions.js";
import { actionsOf } from "../rows/match.js";
import type { LimitClass } from "../rows/row.js";
import { lazy, now, row } from "./spec.js";

const signin = () => import("../actions/signin.js");
const signout = () => import("../actions/signout.js");
const pages = () => import("../actions/pages.js");
const callback = () => import("../actions/callback.js");
const webAuthnOptions = lazy(callback, (m) => m.webAuthnOptionsAction);

const credentials: LimitClass = { route: "credentials", account: { in: "body", fields: ["email", "username"] }, lockout: "password" };
const emailLink: LimitClass = { route: "email", account: { in: "body", fields: ["email"] }, lockout: "link" };
const callbackClass: LimitClass = { route: "callback", account: { in: "query", fields: ["email"] }, lockout: "link" };
const passkey: LimitClass = { route: "passkey" };

const byProviderType = (type: string | undefined): LimitClass | undefined =>
  type === "credentials" ? credentials : type === "webauthn" ? passkey : type ? callbackClass : undefined;

const provider = { tail: "provider" } as const;

/** The rows of Auth.js's actions. */
export const builtinRows: readonly AnsweringRow[] = [
  row("GET json none providers", now(providersAction)),
  row("GET json none csrf", now(csrfAction), { readsOnlyCookie: "csrfToken" }),
  row("GET json none session", getSessionHandler, { readsOnlyCookie: "sessionToken" }),
  // A failed check answers `400 null`, as the session's other failures.
  row("POST json handler session", now(updateSessionAction), { limit: { route: "sessionUpdate" } }),
  row("GET page none signin", lazy(signin, (m) => m.signInPageAction)),
  row("POST page token signin", lazy(signin, (m) => m.signInAction)),
  row("POST page token signin", lazy(signin, (m) => m.signInAction), { ...provider, sendsMail: true, limit: (type) => (type === "email" ? emailLink : undefined) }),
  // Credentials and WebAuthn callbacks need the CSRF token; an OAuth form_post comes from the provider's site.
  row("GET,POST page handler callback", lazy(callback, (m) => m.callbackAction), {
    ...provider,
    startsSession: true,
    // A passkey's registration adds a passkey to the signed-in user: not for an impersonated session.
    refusesImpersonation: (req) => req.body?.action === "register",
    limit: (type, req) => (req.method === "GET" && (type === "credentials" || type === "webauthn") ? undefined : byProviderType(type)),
  }),
  row("GET page none signout", lazy(signout, (m) => m.signOutPageAction)),
  row("POST page token signout", lazy(signout, (m) => m.signOutAction)),
  row("GET page none verify-request", lazy(pages, (m) => m.verifyRequestAction)),
  row("GET page none error", lazy(pages, (m) => m.errorPageAction)),
  row("GET json none webauthn-options", webAuthnOptions, { limit: passkey }),
  row("GET json none webauthn-options", webAuthnOptions, { ...provider, limit: passkey }),
];

/**
 * The first path segments of every opt-in feature, configured or not: Latch's, so that
 * `isAuthAction` answers for them and no plugin takes one. Only `isAuthAction` and the check of
 * plugins (loaded with `definePlugin`) read this list; `Auth()` never does, so it adds nothing to
 * an app's bundle. A new feature adds its segments here (registry.test.ts checks every feature's rows).
 */
export const featureSegments: readonly string[] = [
  "sessions", "link", "unlink", "second-factor", "signup", "verify-email", "password", "email",
  "token", "jwks", "bearer", "api-keys", "admin", "organizations", "audit", "scim",
];

/**
 * The rows of a config, in the order the parser tries them: Auth.js's, those the configured
 * features carry (in the order they were found), then the plugins'.
 */
export function configuredRows(ctx: Pick<AuthContext, "features">, pluginRows: readonly AnsweringRow[] = []): readonly AnsweringRow[] {
  return [...builtinRows, ...ctx.features.flatMap((feature) => (feature.rows ?? []) as AnsweringRow[]), ...pluginRows];
}

let reserved: ReadonlySet<string> | undefined;

/** The actions Latch serves or reserves: Auth.js's and every feature's, configured or not. */
export const reservedActions = (): ReadonlySet<string> => (reserved ??= new Set([...actionsOf(builtinRows), ...featureSegments]));

/** True when `action` is one of the actions Latch serves (the first path segment of a row of Latch or of one of its features). */
export function isAuthAction(action: string): action is AuthAction {
  return reservedActions().has(action);
}
