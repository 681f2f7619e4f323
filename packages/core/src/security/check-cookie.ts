import { openJwt, sealJwt } from "../crypto/index.js";
import type { AuthError } from "../errors.js";

/** Lifetime of every check (PKCE verifier, state, nonce, WebAuthn challenge), in seconds. */
export const checkMaxAge = 15 * 60;

/** Why a check cookie was refused. */
export type CheckProblem = "missing" | "unreadable" | "other provider";

/**
 * Seals a check's payload for `providerId` as a JWE salted with the cookie's name, valid
 * {@link checkMaxAge} seconds (the format Auth.js uses for its check cookies).
 */
export function sealCheck(secrets: readonly string[], cookieName: string, providerId: string, payload: Record<string, unknown>): Promise<string> {
  return sealJwt({ payload: { ...payload, provider: providerId }, secret: secrets[0]!, salt: cookieName, maxAge: checkMaxAge });
}

/**
 * Opens a check cookie sealed by {@link sealCheck}. A missing, unreadable (tampered, expired,
 * other secret) or other provider's cookie is refused with the error `refuse` makes, so that each
 * flow reports it in its own terms.
 */
export async function openCheck<T extends object>(
  secrets: readonly string[],
  cookieName: string,
  sealed: string | undefined,
  providerId: string,
  refuse: (problem: CheckProblem, err?: Error) => AuthError,
): Promise<T> {
  if (!sealed) throw refuse("missing");
  let payload: T & { provider?: unknown };
  try {
    payload = await openJwt<T & { provider?: unknown }>({ token: sealed, secrets, salt: cookieName });
  } catch (error) {
    throw refuse("unreadable", error as Error);
  }
  if (payload.provider !== providerId) throw refuse("other provider");
  return payload;
}
