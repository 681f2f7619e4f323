/**
 * Which of the provider's requests count toward which class of the config's `rateLimit`, and the
 * answer past a limit. oidc-provider's router matches a path in any case of its ASCII letters and
 * with one trailing slash (`/TOKEN`, `/token/` are the token endpoint), so the endpoint is found
 * here by the same rules, on the path the router reads: no spelling reaches an endpoint uncounted.
 */
import type { KoaContextWithOIDC } from "oidc-provider";
import { rateLimited, type ProviderLimitRoute } from "./session-bridge.js";
import type { ServerState } from "./state.js";

/** A limited endpoint: its class, and whether a refusal is JSON (an API) or a page (a browser's). */
export interface LimitedEndpoint {
  /** oidc-provider's name of the endpoint's route. */
  readonly name: string;
  /** The limit class it counts under. */
  readonly route: ProviderLimitRoute;
  /** `json` for an API, `page` for an endpoint a browser opens. */
  readonly answer: "json" | "page";
}

/** The provider's class of each limited endpoint, by `METHOD PATH` with the path's letters upper-cased. */
const endpoints: ReadonlyMap<string, LimitedEndpoint> = new Map(
  (
    [
      // The start of a sign-in at the provider: the relying party's own leg of it is Latch's `callback`.
      ["GET", "/auth", "authorization", "callback", "page"],
      ["POST", "/auth", "authorization", "callback", "page"],
      // Client calls with a grant or a token: each mints, reads or checks one.
      ["POST", "/token", "token", "accessToken", "json"],
      ["GET", "/me", "userinfo", "accessToken", "json"],
      ["POST", "/me", "userinfo", "accessToken", "json"],
      ["POST", "/token/introspection", "introspection", "accessToken", "json"],
      ["POST", "/device/auth", "device_authorization", "accessToken", "json"],
      ["POST", "/token/revocation", "revocation", "sessionRevoke", "json"],
      // The user-code entry: short codes a person types, guessed here (RFC 8628 §5.1), so the
      // class of typed codes, which fails closed.
      ["GET", "/device", "code_verification", "secondFactor", "page"],
      ["POST", "/device", "code_verification", "secondFactor", "page"],
    ] as const
  ).map(([method, path, name, route, answer]) => [`${method} ${path.toUpperCase()}`, { name, route, answer }]),
);

/** What of `table` (keyed `METHOD PATH`, the path upper-cased) a request reaches, matched as oidc-provider's router matches it. */
export function routedTo<T>(table: ReadonlyMap<string, T>, method: string, path: string): T | undefined {
  const verb = method === "HEAD" ? "GET" : method;
  // The router folds only what stays one character; a non-ASCII letter never becomes an ASCII one.
  const folded = path.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  const exact = table.get(`${verb} ${folded}`);
  if (exact !== undefined) return exact;
  return folded.length > 1 && folded.endsWith("/") ? table.get(`${verb} ${folded.slice(0, -1)}`) : undefined;
}

/** The limited endpoint a request reaches, or `undefined`. */
export function limitedEndpoint(method: string, path: string): LimitedEndpoint | undefined {
  return routedTo(endpoints, method, path);
}

/** Latch's refusal (429 or, a store down for a class that fails closed, 503) as the endpoint answers. */
export function refusal(endpoint: Pick<LimitedEndpoint, "answer">, refused: { status: number; retryAfter: string | null }): { status: number; headers: Record<string, string>; body: string } {
  const limited = refused.status === 429;
  const error = limited ? "rate_limited" : "temporarily_unavailable";
  const title = limited ? "Too many requests" : "Temporarily unavailable";
  const description = limited ? "Too many requests; try again later." : "This cannot be answered right now; try again later.";
  const headers: Record<string, string> = { "Cache-Control": "no-store", ...(refused.retryAfter && { "Retry-After": refused.retryAfter }) };
  if (endpoint.answer === "json") return { status: refused.status, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ error, error_description: description }) };
  const page = `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${description}</p></html>`;
  return { status: refused.status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" }, body: page };
}

/** The provider's middleware that counts each limited request before the router answers it. */
export function limitRequests(state: Pick<ServerState, "bridge" | "issuer" | "basePath">) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const endpoint = limitedEndpoint(ctx.method, ctx.path);
    const refused = endpoint && (await rateLimited(ctx.req, endpoint.route, state.bridge, state.issuer, state.basePath));
    if (!refused) return next();
    const answer = refusal(endpoint, refused);
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  };
}
