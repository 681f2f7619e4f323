import type { AuthContext } from "../config/context.js";
import { normalizeEmail } from "../security/email-address.js";
import { canonicalEmail } from "../security/email-spelling.js";
import type { ActionRow, LimitClass } from "../rows/row.js";
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
  /** The registry's row of the request, as the parser found it. */
  readonly row?: ActionRow;
}

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

/**
 * The limit class of a request and its account identifier, or `undefined` for a request no limit
 * covers. Read from the request's row in the registry (never the raw path, so `//auth/…`, `%2F`,
 * case and trailing-slash variants cannot find a fresh bucket).
 */
export function classify(ctx: Pick<AuthContext, "providers">, req: LimitedRequest): { limit: LimitClass; account?: string } | undefined {
  const rowLimit = req.row?.limit;
  if (!rowLimit) return undefined;
  const type = req.providerId === undefined ? undefined : ctx.providers.find((p) => p.id === req.providerId)?.type;
  const limit = typeof rowLimit === "function" ? rowLimit(type, req) : rowLimit;
  if (!limit) return undefined;
  const field = limit.account;
  const source = field && (field.in === "body" ? req.body : req.query);
  const named = field?.fields.map((name) => source?.[name]).find((value) => value !== undefined && value !== null);
  return { limit, account: accountKey(named) };
}

/** The route of a request and its account identifier, or `undefined` for a request no limit covers. */
export function routeOf(ctx: Pick<AuthContext, "providers">, req: LimitedRequest): { route: RateLimitRoute; account?: string } | undefined {
  const matched = classify(ctx, req);
  return matched && { route: matched.limit.route, account: matched.account };
}
