import type { AuthContext } from "../config/context.js";
import { normalizeEmail } from "../security/email-address.js";
import { canonicalEmail } from "../security/email-spelling.js";
import type { RateLimitRoute } from "../types/rate-limit.js";

/** What the limiter reads of a parsed request (the router's `AuthRequest`). */
export interface LimitedRequest {
  readonly method: string;
  readonly action: string;
  readonly providerId?: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body?: Readonly<Record<string, unknown>>;
  readonly jsonMode: boolean;
  readonly request: Request;
  /** The request's cookies (the device cookie exempts a browser from others' lockouts). */
  readonly cookies?: Readonly<Record<string, string>>;
  /** A plugin endpoint's request: the rate-limit class its endpoint names. */
  readonly plugin?: { readonly endpoint: { readonly rateLimit?: RateLimitRoute } };
}

type Classify = RateLimitRoute | ((providerType: string | undefined, req: LimitedRequest) => RateLimitRoute | undefined);

const byProviderType = (type: string | undefined): RateLimitRoute | undefined =>
  type === "credentials" ? "credentials" : type === "webauthn" ? "passkey" : type ? "callback" : undefined;

/**
 * Which limit a request falls under, by the action Latch parsed (never the raw path, so
 * `//auth/…`, `%2F`, case and trailing-slash variants cannot find a fresh bucket). The key is
 * `METHOD action` or, for actions with a fixed second segment, `METHOD action/segment`. A new
 * endpoint joins with one line.
 */
const routeTable: Readonly<Record<string, Classify>> = {
  "POST callback": byProviderType,
  "GET callback": (type) => (type === "credentials" || type === "webauthn" ? undefined : byProviderType(type)),
  "POST signin": (type) => (type === "email" ? "email" : undefined),
  "GET webauthn-options": "passkey",
  "POST session": "sessionUpdate",
  "POST sessions/revoke": "sessionRevoke",
  "POST link": "accountLink",
  "POST unlink": "accountLink",
  "POST signup": "signUp",
  "POST password/forgot": "passwordForgot",
  "POST password/reset": "passwordReset",
  "POST password/change": "passwordChange",
  // Asking for an emailed code sends mail; answering one is a guess.
  "POST second-factor": (_type, req) => (req.body?.send === undefined ? "secondFactor" : "emailCode"),
  "POST second-factor/email-sign-in": (_type, req) => (req.body?.code === undefined ? "emailCode" : "secondFactor"),
  "POST email/change": "emailChange",
};

/** The account identifier a route carries, as typed (normalised by {@link accountKey}). */
const accountFields: Partial<Record<RateLimitRoute, (req: LimitedRequest) => unknown>> = {
  credentials: (req) => req.body?.email ?? req.body?.username,
  email: (req) => req.body?.email,
  callback: (req) => req.query.email,
  signUp: (req) => req.body?.email,
  passwordForgot: (req) => req.body?.email,
  passwordReset: (req) => req.body?.email,
  emailCode: (req) => req.body?.email,
  // The new address: mail to one address is limited whoever asks.
  emailChange: (req) => req.body?.email,
};

/**
 * Routes that send mail to an address a signed-in user names: counted per signed-in user too
 * (`account`'s number), so one user cannot mail many addresses.
 */
export const perUserRoutes: ReadonlySet<RateLimitRoute> = new Set(["emailChange"]);

/**
 * Routes whose failures count toward an account's backoff, and the backoff they share: wrong
 * passwords never hold back the email link, nor the link's failures a password.
 */
export const lockoutFamilies: Readonly<Partial<Record<RateLimitRoute, "password" | "link">>> = { credentials: "password", email: "link", callback: "link" };

/**
 * One spelling per account: an address normalised as Latch stores it (PROTOCOL §6 "Email
 * identifier"), anything else (a username) NFKC, trimmed and lower-cased.
 */
export function accountKey(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  try {
    return normalizeEmail(value);
  } catch {
    return canonicalEmail(value);
  }
}

/** The route of a request and its account identifier, or `undefined` for a request no limit covers. */
export function routeOf(ctx: Pick<AuthContext, "providers">, req: LimitedRequest): { route: RateLimitRoute; account?: string } | undefined {
  const classify = req.plugin ? req.plugin.endpoint.rateLimit : routeTable[`${req.method} ${req.action}/${req.providerId}`] ?? routeTable[`${req.method} ${req.action}`];
  if (!classify) return undefined;
  const type = req.providerId === undefined ? undefined : ctx.providers.find((p) => p.id === req.providerId)?.type;
  const route = typeof classify === "string" ? classify : classify(type, req);
  if (!route) return undefined;
  return { route, account: accountKey(accountFields[route]?.(req)) };
}
