import type { Adapter } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import { sha256Hex, timingSafeEqual } from "../../crypto/index.js";
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

type ChallengeAdapter = Pick<Required<Adapter>, "createVerificationToken" | "useVerificationToken">;

/** What the adapter stores for a challenge: `sha256hex(challenge + secret)`, never the challenge. */
function challengeHash(challenge: string, secret: string): Promise<string> {
  return sha256Hex(`${challenge}${secret}`);
}

/** The verification-token identifier of a challenge's record (PROTOCOL §6). */
function challengeIdentifier(hash: string): string {
  return `webauthn:${hash}`;
}

/**
 * The challenge cookie for a ceremony: a JWE salted with the cookie's name, valid 15 minutes.
 * The challenge is also recorded on the server (its hash, as a verification token that expires
 * with the cookie), so that it answers one ceremony only, whoever holds a copy of the cookie.
 */
export async function challengeCookie(ctx: Pick<AuthContext, "secrets" | "cookies" | "adapter">, payload: ChallengePayload): Promise<Cookie> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const { provider, ...rest } = payload;
  const hash = await challengeHash(payload.challenge, ctx.secrets[0]!);
  const expires = new Date(Date.now() + checkMaxAge * 1000);
  await (ctx.adapter as ChallengeAdapter).createVerificationToken({ identifier: challengeIdentifier(hash), token: hash, expires });
  const value = await sealCheck(ctx.secrets, name, provider, { ...rest });
  return { name, value, options: { ...options, maxAge: checkMaxAge } };
}

/**
 * Spends the server's record of `challenge` (each secret's hash is tried, for rotation): true
 * when it existed, was this challenge's and had not expired. A second use finds nothing.
 */
async function spendChallenge(ctx: Pick<AuthContext, "secrets" | "adapter">, challenge: string): Promise<boolean> {
  const adapter = ctx.adapter as ChallengeAdapter;
  for (const secret of ctx.secrets) {
    const hash = await challengeHash(challenge, secret);
    const identifier = challengeIdentifier(hash);
    const used = await adapter.useVerificationToken({ identifier, token: hash });
    if (!used) continue;
    // An adapter that returned another row than asked for is not trusted with the ceremony.
    return used.identifier === identifier && timingSafeEqual(used.token, hash) && new Date(used.expires).getTime() > Date.now();
  }
  return false;
}

/**
 * Reads the challenge cookie of a callback, spends the challenge's record on the server, and
 * returns the challenge with the cookie that deletes it. A missing, unreadable, expired or other
 * provider's cookie, or a challenge already spent (a replay, even with a copy of the cookie), is a
 * `WebAuthnVerificationError`. Runs before the response is looked at, so a refused ceremony
 * writes nothing (its record is gone).
 */
export async function consumeChallenge(ctx: Pick<AuthContext, "secrets" | "cookies" | "adapter">, req: AuthRequest, providerId: string): Promise<{ payload: ChallengePayload; cookie: Cookie }> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const payload = await openCheck<ChallengePayload>(ctx.secrets, name, req.cookies[name], providerId, (problem, err) =>
    new WebAuthnVerificationError(
      problem === "missing" ? "The WebAuthn challenge cookie is missing: ask for new options." : `The WebAuthn challenge cookie is ${problem === "unreadable" ? "unreadable or expired" : "for another provider"}.`,
      { cause: { check: "challenge", providerId, err } },
    ),
  );
  // PROTOCOL §6: challenges are single-use on the server; the cookie alone never suffices.
  if (typeof payload.challenge !== "string" || !(await spendChallenge(ctx, payload.challenge))) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was already used or has expired: ask for new options.", { cause: { check: "challenge", providerId } });
  }
  return { payload, cookie: expireCookie(name, options) };
}
