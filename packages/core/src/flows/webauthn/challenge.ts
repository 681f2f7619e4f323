import type { AuthContext } from "../../config/context.js";
import { openJwt, sealJwt } from "../../crypto/index.js";
import { WebAuthnVerificationError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { expireCookie } from "../../security/cookies.js";
import type { Cookie } from "../../types/cookies.js";

/** Who a registration is for, kept in the challenge cookie between the options and the callback. */
export interface RegisterData {
  /** The user's id: the signed-in user's, or the id a new user will get. */
  id: string;
  email: string;
  name?: string | null;
  /** True when the options were asked for by this (signed-in) user; false for a new user. */
  existing: boolean;
}

/** What the sealed challenge cookie holds. */
export interface ChallengePayload {
  /** The base64url challenge the browser must sign. */
  challenge: string;
  /** Present only for a registration. */
  registerData?: RegisterData;
  /** The provider that issued it; another provider's callback refuses it. */
  provider: string;
}

const maxAge = 60 * 15;

/** The challenge cookie for a ceremony: a JWE salted with the cookie's name, valid 15 minutes. */
export async function challengeCookie(ctx: AuthContext, payload: ChallengePayload): Promise<Cookie> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const value = await sealJwt({ payload: { ...payload }, secret: ctx.secrets[0]!, salt: name, maxAge });
  return { name, value, options: { ...options, maxAge } };
}

/**
 * Reads the challenge cookie of a callback and returns it with the cookie that deletes it, so
 * that a challenge answers one ceremony only. A missing, unreadable, expired or other provider's
 * cookie is a `WebAuthnVerificationError`.
 */
export async function consumeChallenge(ctx: AuthContext, req: AuthRequest, providerId: string): Promise<{ payload: ChallengePayload; cookie: Cookie }> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const token = req.cookies[name];
  if (!token) throw new WebAuthnVerificationError("The WebAuthn challenge cookie is missing: ask for new options.", { cause: { check: "challenge" } });
  let payload: ChallengePayload;
  try {
    payload = await openJwt<ChallengePayload>({ token, secrets: ctx.secrets, salt: name });
  } catch (error) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie could not be read or has expired.", { cause: { check: "challenge", err: error as Error } });
  }
  if (typeof payload.challenge !== "string" || payload.provider !== providerId) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie belongs to another provider.", { cause: { check: "challenge", providerId } });
  }
  return { payload, cookie: expireCookie(name, options) };
}
