/**
 * Encode and decode Latch session tokens (encrypted JWTs in the format Auth.js uses), and read
 * the session token of a request.
 *
 * @module @latch/core/jwt
 */
import type { JWT } from "./types/entities.js";
import type { JWTDecodeParams } from "./types/session-options.js";
import { decode } from "./session/index.js";
import { parseCookies } from "./http/parse.js";
import { readChunkedCookie } from "./session/read.js";

export { encode, decode } from "./session/index.js";
export type { JWT } from "./types/entities.js";
export type { JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./types/session-options.js";

/** Arguments of {@link getToken}. */
export interface GetTokenParams<R extends boolean = false> {
  /** The request, or anything with its headers. */
  req: Request | { headers: Headers | Record<string, string | string[] | undefined> };
  /** Defaults to `AUTH_SECRET` only where the caller passes it; core reads no environment. */
  secret: string | string[];
  /** Read `__Secure-authjs.session-token`. Default: true when the request URL is `https:`. */
  secureCookie?: boolean;
  /** The cookie name. Default `authjs.session-token` with the secure prefix when `secureCookie`. */
  cookieName?: string;
  /** The key-derivation salt. Default: the cookie name. */
  salt?: string;
  /** Return the raw cookie value instead of decoding it. */
  raw?: R;
  /** Replaces {@link decode}. */
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null;
}

function headerOf(req: GetTokenParams["req"], name: string): string | null {
  const headers = req.headers;
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join("; ") : (value ?? null);
}

/**
 * The decoded session token of a request (from its session cookie, chunked or not, or an
 * `Authorization: Bearer` header), or `null` when there is none or it does not verify.
 *
 * @example
 * ```ts
 * const token = await getToken({ req: request, secret: process.env.AUTH_SECRET! })
 * ```
 */
export async function getToken<R extends boolean = false>(params: GetTokenParams<R>): Promise<R extends true ? string | null : JWT | null> {
  const { req, secret, raw } = params;
  const url = "url" in req && typeof req.url === "string" ? req.url : "";
  const secure = params.secureCookie ?? url.startsWith("https:");
  const cookieName = params.cookieName ?? `${secure ? "__Secure-" : ""}authjs.session-token`;
  let token = readChunkedCookie(parseCookies(headerOf(req, "cookie")), cookieName);
  const authorization = headerOf(req, "authorization");
  if (!token && authorization?.startsWith("Bearer ")) {
    try {
      token = decodeURIComponent(authorization.slice(7));
    } catch {
      return null as never; // malformed percent-encoding is no token
    }
  }
  if (!token) return null as never;
  if (raw) return token as never;
  try {
    return ((await (params.decode ?? decode)({ token, secret, salt: params.salt ?? cookieName })) ?? null) as never;
  } catch {
    return null as never;
  }
}
