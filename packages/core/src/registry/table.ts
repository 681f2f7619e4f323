/**
 * The rows of Auth.js's actions (PROTOCOL §1). An opt-in feature carries its own rows on its
 * option or provider (`SessionControl()`, `AccountLinks()`, `SecondFactors()`, `AccessTokens()`, `Password()`,
 * under `endpointRows`), so an app that does not configure it bundles neither its rows nor its
 * code; while it is off, its paths answer `UnknownAction` saying how to turn it on, and stay
 * reserved (`isAuthAction`, plugin ids).
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
import { endpointRows } from "../symbols.js";
import { lazy, now, row, type RowSpec } from "./spec.js";

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
  row("GET json none csrf", now(csrfAction)),
  row("GET json none session", getSessionHandler),
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
];

/** A path of an opt-in feature, answered while the feature is off (registry/off.ts, loaded when asked for). */
const off = (spec: RowSpec, tail: AnsweringRow["tail"] = "any"): AnsweringRow => row(spec, lazy(() => import("./off.js"), (m) => m.featureOff), { tail });

/**
 * The first path segments of the opt-in features, after every row they carry: what fits none of
 * them (all of them, while the feature is off) is answered here. `Password()`'s, `Admin()`'s and
 * `Organizations()`' answer no method, so the router names the request it does not serve, as for any other path.
 */
const featurePaths: readonly AnsweringRow[] = [
  off("GET,POST json none sessions"),
  off("POST json none link"),
  off("POST json none unlink"),
  off("GET,POST page none second-factor"),
  off(" page none signup", "none"),
  off(" page none verify-email", "none"),
  off(" page none password"),
  off(" page none email"),
  off("GET json none token"),
  off("GET json none jwks"),
  off("GET,POST json none bearer"),
  off("GET,POST json none api-keys"),
  off(" json none admin"),
  off(" json none organizations"),
];

/** What carries a feature's rows: its option, or its provider (`Password()`). */
type Carrier = { readonly [endpointRows]?: readonly object[] } | undefined;

/**
 * The rows of a config, in the order the parser tries them: Auth.js's, those the configured
 * features carry, the plugins', then the features' reserved paths.
 */
export function configuredRows(ctx: Pick<AuthContext, "session" | "account" | "secondFactor" | "accessTokens" | "apiKeys" | "admin" | "organizations" | "providers">, pluginRows: readonly AnsweringRow[] = []): readonly AnsweringRow[] {
  const carriers: Carrier[] = [ctx.session.control, ctx.session.bearer, ctx.account.links, ctx.secondFactor, ctx.accessTokens, ctx.apiKeys, ctx.admin, ctx.organizations, ...ctx.providers];
  return [...builtinRows, ...carriers.flatMap((carrier) => (carrier?.[endpointRows] ?? []) as AnsweringRow[]), ...pluginRows, ...featurePaths];
}

let reserved: ReadonlySet<string> | undefined;

/** The actions Latch serves or reserves: Auth.js's and every feature's, configured or not. */
export const reservedActions = (): ReadonlySet<string> => (reserved ??= actionsOf([...builtinRows, ...featurePaths]));

/** True when `action` is one of the actions Latch serves (the first path segment of a row of Latch or of one of its features). */
export function isAuthAction(action: string): action is AuthAction {
  return reservedActions().has(action);
}
