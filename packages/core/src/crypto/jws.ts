import { fromBase64Url, utf8 } from "./encoding.js";

/** The HMAC algorithms of a JWS (RFC 7518 section 3.2). */
export type HmacAlgorithm = "HS256" | "HS384" | "HS512";

/** True for the names of {@link HmacAlgorithm}. */
export function isHmacAlgorithm(alg: unknown): alg is HmacAlgorithm {
  return alg === "HS256" || alg === "HS384" || alg === "HS512";
}

/** What {@link verifyHmacJws} needs. */
export interface HmacJwsOptions {
  /** The compact JWS. */
  jws: string;
  /** The one algorithm accepted: a token whose header names another is refused. */
  alg: HmacAlgorithm;
  /** The shared secret; its UTF-8 octets are the key (OpenID Connect Core 1.0 section 10.1). */
  secret: string;
}

const hashOf: Record<HmacAlgorithm, string> = { HS256: "SHA-256", HS384: "SHA-384", HS512: "SHA-512" };
const decoder = new TextDecoder("utf-8", { fatal: true });

function headerOf(encoded: string): Record<string, unknown> {
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(fromBase64Url(encoded)));
  } catch {
    // reported below
  }
  if (!header || typeof header !== "object" || Array.isArray(header)) throw new Error("the JWS header is not a JSON object");
  return header as Record<string, unknown>;
}

/**
 * Verifies the signature of a compact JWS made with a shared secret, on Web Crypto. Only the
 * signature and the header's `alg` are checked here, not the claims. Throws when the algorithm is
 * not `alg`, the header asks for an extension (`crit`), or the signature does not verify (the MAC
 * is compared by Web Crypto, not byte by byte here).
 */
export async function verifyHmacJws({ jws, alg, secret }: HmacJwsOptions): Promise<void> {
  const parts = jws.split(".");
  if (parts.length !== 3) throw new Error("not a compact JWS");
  const [header, payload, signature] = parts as [string, string, string];
  const parsed = headerOf(header);
  // RFC 7515 §4.1.1: the algorithm is the one the caller accepts, never the token's choice.
  if (parsed.alg !== alg) throw new Error("the JWS algorithm is not the one accepted");
  // RFC 7515 §4.1.11: an extension that is not understood must be refused.
  if (parsed.crit !== undefined) throw new Error("the JWS asks for an unsupported extension");
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: hashOf[alg] }, false, ["verify"]);
  // RFC 7515 §5.2: the MAC over the signing input `<header>.<payload>`, both as sent.
  if (!(await crypto.subtle.verify("HMAC", key, fromBase64Url(signature), utf8(`${header}.${payload}`)))) {
    throw new Error("the JWS signature does not verify");
  }
}
