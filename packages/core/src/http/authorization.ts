/**
 * The credential of an `Authorization: Bearer <token>` header (RFC 6750 §2.1: the scheme is
 * case-insensitive, the token is a `b64token`), read alike by bearer sessions and API keys.
 */

// A sealed session token is well below this; a longer header is nobody's credential.
const bearerHeader = /^Bearer +([A-Za-z0-9\-._~+/]{1,16384}=*)$/i;

/** The token of the request's `Authorization: Bearer` header, or `undefined` when it has none of that shape. */
export function bearerCredential(headers: Headers): string | undefined {
  return bearerHeader.exec(headers.get("authorization")?.trim() ?? "")?.[1];
}
