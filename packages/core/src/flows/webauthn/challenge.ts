import type { AuthContext } from "../../config/context.js";
import { WebAuthnVerificationError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { checkMaxAge, openCheck, sealCheck } from "../../security/check-cookie.js";
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

/** The challenge cookie for a ceremony: a JWE salted with the cookie's name, valid 15 minutes. */
export async function challengeCookie(ctx: AuthContext, payload: ChallengePayload): Promise<Cookie> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const { provider, ...rest } = payload;
  const value = await sealCheck(ctx.secrets, name, provider, { ...rest });
  return { name, value, options: { ...options, maxAge: checkMaxAge } };
}

/**
 * Reads the challenge cookie of a callback and returns it with the cookie that deletes it, so
 * that a challenge answers one ceremony only. A missing, unreadable, expired or other provider's
 * cookie is a `WebAuthnVerificationError`.
 */
export async function consumeChallenge(ctx: AuthContext, req: AuthRequest, providerId: string): Promise<{ payload: ChallengePayload; cookie: Cookie }> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const payload = await openCheck<ChallengePayload>(ctx.secrets, name, req.cookies[name], providerId, (problem, err) =>
    new WebAuthnVerificationError(
      problem === "missing" ? "The WebAuthn challenge cookie is missing: ask for new options." : `The WebAuthn challenge cookie is ${problem === "unreadable" ? "unreadable or expired" : "for another provider"}.`,
      { cause: { check: "challenge", providerId, err } },
    ),
  );
  if (typeof payload.challenge !== "string") throw new WebAuthnVerificationError("The WebAuthn challenge cookie holds no challenge.", { cause: { check: "challenge" } });
  return { payload, cookie: expireCookie(name, options) };
}
