/**
 * Encode and decode Latch session tokens (encrypted JWTs in the format Auth.js uses), and read
 * the session token of a request.
 *
 * @module jwt
 */
import { openJwt, sealJwt } from "./crypto/index.js";
import type { JWT } from "./types/entities.js";
import type { JWTDecodeParams, JWTEncodeParams } from "./types/session-options.js";
import { parseCookies } from "./security/cookies.js";
import { readChunkedCookie } from "./session/chunks.js";

export type { JWT } from "./types/entities.js";
export type { JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./types/session-options.js";

const defaultMaxAge = 30 * 24 * 60 * 60;

function secretList(secret: string | string[]): string[] {
  const list = (Array.isArray(secret) ? secret : [secret]).filter(Boolean);
  if (!list.length) throw new TypeError("A secret is required to encode or decode a session token.");
  return list;
}

/**
 * Encrypts `token` as a compact JWE (`dir`, `A256CBC-HS512`) with a key derived from the first
 * secret and `salt` (the session cookie's name).
 *
 * @example
 * ```ts
 * const cookie = await encode({ token: { sub: "1" }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token" })
 * ```
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, salt, maxAge = defaultMaxAge } = params;
  return sealJwt({ payload: token as Record<string, unknown>, secret: secretList(secret)[0]!, salt, maxAge });
}

/**
 * Decrypts a token made by {@link encode} (or by Auth.js with the same secret). Returns `null`
 * when there is no token; throws when it does not decrypt or has expired.
 *
 * @example
 * ```ts
 * const token = await decode({ token: cookie, secret: [newSecret, oldSecret], salt: "authjs.session-token" })
 * ```
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  return openJwt<Payload>({ token, secrets: secretList(secret), salt });
}

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
