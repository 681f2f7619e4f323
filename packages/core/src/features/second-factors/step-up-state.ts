/**
 * The state of a sign-in that waits for its second factor: a sealed cookie in the browser that
 * started it, and a chain of single-use records on the server that counts its answers.
 */
import type { Adapter, AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { CookieContext } from "../../config/slices.js";
import { openJwt, randomBase64Url, sealJwt, sha256Hex, timingSafeEqual } from "../../crypto/index.js";
import type { AuthRequest } from "../../http/request.js";
import { clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "../../session/read.js";
import { waitingSignInCookieName } from "../../security/cookies.js";
import type { FirstFactorProof } from "../../signin/complete.js";
import type { Account, Profile, User } from "../../types/entities.js";
import type { Cookie, CookieOption } from "../../types/cookies.js";

/** How long a sign-in may wait for its second factor, in seconds. */
export const pendingMaxAge = 5 * 60;

/** How long a sign-in may wait while its user sets up a required factor, in seconds. */
export const enrolmentMaxAge = 15 * 60;

/** Answers (codes, or asking for an email code) one waiting sign-in may give; the next is refused unchecked. */
export const maxAnswers = 5;

/** What the first factor established, kept sealed in the browser until the second factor passes. */
export interface PendingSignIn {
  /** The user the session will belong to (stored user, or what `authorize` returned with JWT sessions). */
  user: User & { id: string };
  /** What the `signIn` event will receive as `user` when it differs from {@link user} (credentials). */
  eventUser?: User;
  account: Account;
  profile?: Profile;
  isNewUser: boolean;
  /** Where to go once signed in (already checked by the `redirect` callback). */
  callbackUrl: string;
  /** 32 random bytes; its hash names the server's records of this waiting sign-in. */
  nonce: string;
  /** The user must set up a factor first (`required`, and no way to answer yet). */
  enrol?: true;
  /** What the first factor proved, and when (the session records it once the second factor passes). */
  proof: FirstFactorProof;
}

type TurnAdapter = Pick<Required<Adapter>, "createVerificationToken" | "useVerificationToken">;

/** The cookie that holds the waiting sign-in (`__Secure-` on HTTPS, like the check cookies). */
export function pendingCookie(ctx: Pick<AuthContext, "useSecureCookies" | "cookies">, maxAge = pendingMaxAge): CookieOption {
  const { expires: _expires, ...options } = ctx.cookies.sessionToken.options;
  return { name: waitingSignInCookieName(ctx.useSecureCookies), options: { ...options, maxAge } };
}

function identifierOf(nonceHash: string): string {
  return `second-factor:${nonceHash}`;
}

/** The record of answer number `turn` (0-based): only the holder of the nonce can name it. */
function turnToken(nonce: string, turn: number): Promise<string> {
  return sha256Hex(`${nonce}.${turn}`);
}

/**
 * Records answer `turn` as the next one allowed for `nonce`, expiring at `expires`. The first
 * record is written when the sign-in starts to wait; each refused answer writes the next one
 * until {@link maxAnswers} were given.
 */
export async function allowTurn(ctx: Pick<AuthContext, "adapter">, nonce: string, turn: number, expires: Date): Promise<void> {
  const identifier = identifierOf(await sha256Hex(nonce));
  await (ctx.adapter as TurnAdapter).createVerificationToken({ identifier, token: await turnToken(nonce, turn), expires });
}

/**
 * Spends the one record that allows the next answer: its turn number and expiry, or `null` when
 * none is left (all answers given, the sign-in completed, or expired). `useVerificationToken`
 * deletes what it returns, so two requests never spend the same turn.
 */
export async function spendTurn(ctx: Pick<AuthContext, "adapter">, nonce: string): Promise<{ turn: number; expires: Date } | null> {
  const adapter = ctx.adapter as TurnAdapter;
  const identifier = identifierOf(await sha256Hex(nonce));
  for (let turn = 0; turn < maxAnswers; turn++) {
    const token = await turnToken(nonce, turn);
    const used = await adapter.useVerificationToken({ identifier, token });
    if (!used) continue;
    const expires = new Date(used.expires);
    // An adapter that returned another row than asked for is not trusted with the sign-in.
    if (used.identifier !== identifier || !timingSafeEqual(used.token, token) || expires.getTime() <= Date.now()) return null;
    return { turn, expires };
  }
  return null;
}

/** Starts the wait: the first turn on the server, and the sealed cookie for the browser. */
export async function startPending(ctx: CookieContext & Pick<AuthContext, "adapter">, req: AuthRequest, pending: Omit<PendingSignIn, "nonce">): Promise<Cookie[]> {
  const nonce = randomBase64Url(32);
  const maxAge = pending.enrol ? enrolmentMaxAge : pendingMaxAge;
  await allowTurn(ctx, nonce, 0, new Date(Date.now() + maxAge * 1000));
  const cookie = pendingCookie(ctx, maxAge);
  const value = await sealJwt({ payload: { ...pending, nonce }, secret: ctx.secrets[0]!, salt: cookie.name, maxAge });
  return writeChunkedCookie(req.cookies, cookie, value);
}

/** The waiting sign-in of this browser, or `null` when its cookie is missing, altered or expired. */
export async function readPending(ctx: CookieContext, req: AuthRequest): Promise<PendingSignIn | null> {
  const cookie = pendingCookie(ctx);
  const sealed = readChunkedCookie(req.cookies, cookie.name);
  if (!sealed) return null;
  try {
    const payload = await openJwt<PendingSignIn>({ token: sealed, secrets: [...ctx.secrets], salt: cookie.name });
    if (typeof payload.nonce !== "string" || typeof payload.user?.id !== "string" || typeof payload.callbackUrl !== "string") return null;
    if (typeof payload.proof?.auth_time !== "number" || !Array.isArray(payload.proof.amr)) return null;
    return payload;
  } catch {
    return null;
  }
}

/** Deletes the waiting sign-in's cookie (every chunk the request carried). */
export function clearPending(ctx: Pick<AuthContext, "cookies" | "useSecureCookies">, req: AuthRequest): Cookie[] {
  return clearChunkedCookie(req.cookies, pendingCookie(ctx));
}

/**
 * The user of this browser's waiting sign-in when it waits for that user to set up a required
 * factor: the management page and its endpoints act for that user as if signed in (setting up an
 * app is refused while one exists; removing needs a code), and nothing else does.
 */
export async function pendingEnrolmentUser(ctx: CookieContext & Pick<AuthContext, "adapter">, req: AuthRequest): Promise<AdapterUser | null> {
  const pending = await readPending(ctx, req);
  if (!pending?.enrol) return null;
  return (await ctx.adapter?.getUser?.(pending.user.id)) ?? null;
}
