/**
 * The code exchange for apps that sign in through the system browser (RFC 8252 with PKCE, RFC
 * 7636): `GET <base>/bearer/start` remembers where the app waits and its challenge, and sends the
 * browser to the sign-in page; `GET <base>/bearer/finish` hands the session the browser just
 * started over to the app as a one-time code; `POST <base>/bearer/exchange` gives the app the
 * session's token for the code and its verifier.
 */
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { openJwt, randomUUID, sealJwt, sha256Hex, timingSafeEqual, toBase64Url, utf8 } from "../../crypto/index.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { digest } from "../../crypto/digests.js";
import { InvalidRequest, NotSignedIn, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { expireCookie } from "../../security/cookies.js";
import { clearChunkedCookie, readChunkedCookie } from "../../session/read.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import { bearerSessionsCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import { InvalidBearerCode } from "./errors.js";

type StartContext = Pick<AuthContext, "session" | "secrets" | "useSecureCookies" | "cookies" | "baseUrl" | "origin" | "pages">;

// The sign-in in the browser must happen within this time, and the app must exchange its code within a minute.
const startFor = 600;
const codeFor = 60;
// RFC 7636 §4.1 and §4.2: a verifier is 43 to 128 unreserved characters; an S256 challenge is 43 base64url ones.
const verifierShape = /^[A-Za-z0-9._~-]{43,128}$/;
const challengeShape = /^[A-Za-z0-9_-]{43}$/;
const codeSalt = "latch.bearer-code";
// Without an adapter that stores verification tokens: codes already exchanged on this instance,
// until they expire (a code is also bound to its verifier, which only the app holds).
const spent = new Map<string, number>();
const codeIdentifier = "latch:bearer-code";

/** Whether the adapter keeps single-use tokens, so that a code is spent on every instance at once. */
const storesCodes = (ctx: Pick<AuthContext, "adapter">) => adapterHas(ctx.adapter, "createVerificationToken") && adapterHas(ctx.adapter, "useVerificationToken");

interface Started {
  redirectUri: string;
  challenge: string;
  state?: string;
  /** When the flow started (seconds): the session handed over must have been signed in after it. */
  at: number;
}

function redirectUrisOf(ctx: Pick<AuthContext, "session">): readonly string[] {
  return (ctx.session.bearer?.[bearerSessionsCode] as { redirectUris?: readonly string[] } | undefined)?.redirectUris ?? [];
}

function startCookie(ctx: Pick<AuthContext, "useSecureCookies" | "cookies">) {
  return { name: `${ctx.useSecureCookies ? "__Secure-" : ""}latch.bearer-start`, options: { ...ctx.cookies.sessionToken.options, maxAge: startFor } };
}

const text = (value: unknown, max: number): string | undefined => (typeof value === "string" && value.length <= max ? value : undefined);

/**
 * `GET /bearer/start?redirect_uri&code_challenge&code_challenge_method=S256[&state]`: a listed
 * `redirect_uri` and an S256 challenge are remembered in a sealed cookie for ten minutes, and the
 * browser goes to the sign-in page, which comes back to `bearer/finish`. Anything else is a 400:
 * an unlisted address is never redirected to.
 */
export async function startAction(ctx: StartContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== "start") throw new UnknownAction("GET bearer/start.");
  const { redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: method, state } = req.query;
  if (!redirectUri || !redirectUrisOf(ctx).includes(redirectUri)) throw new InvalidRequest("redirect_uri is not one of the configured bearer.redirectUris.");
  if (method !== "S256" || !challenge || !challengeShape.test(challenge)) throw new InvalidRequest("Send code_challenge (S256, 43 base64url characters) and code_challenge_method=S256.");
  if (state !== undefined && !text(state, 512)) throw new InvalidRequest("state is at most 512 characters.");
  const cookie = startCookie(ctx);
  const started: Started = { redirectUri, challenge, ...(state === undefined ? {} : { state }), at: Math.floor(Date.now() / 1000) };
  const value = await sealJwt({ payload: { ...started }, secret: ctx.secrets[0]!, salt: cookie.name, maxAge: startFor });
  return { redirect: signInPageUrl(ctx, { callbackUrl: `${ctx.baseUrl}/bearer/finish` }), cookies: [{ ...cookie, value }] };
}

/** The session token the request's cookie holds, whole or joined from its chunks. */
function sessionCookieOf(ctx: Pick<AuthContext, "cookies">, req: AuthRequest): string | undefined {
  return readChunkedCookie({ ...req.cookies }, ctx.cookies.sessionToken.name);
}

/**
 * `GET /bearer/finish`: with the start cookie and a session signed in after the flow started (a
 * sign-in made in this flow, not one the browser already had), the session leaves the browser (its
 * cookie is cleared) and the app's address gets `code` (and `state`): a sealed, one-minute code
 * bound to the challenge and the address.
 */
export async function finishAction(ctx: SessionReadContext & StartContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== "finish") throw new UnknownAction("GET bearer/finish.");
  const cookie = startCookie(ctx);
  const sealed = req.cookies[cookie.name];
  let started: Started;
  try {
    started = await openJwt<Started>({ token: sealed ?? "", secrets: ctx.secrets, salt: cookie.name });
  } catch {
    throw new InvalidRequest("No sign-in for an app is waiting here (it expired, or it was started in another browser).");
  }
  // The address may have left the list since: it is checked again.
  if (!redirectUrisOf(ctx).includes(started.redirectUri)) throw new InvalidRequest("redirect_uri is not one of the configured bearer.redirectUris.");
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  const token = sessionCookieOf(ctx, req);
  if (!current || !token) throw new NotSignedIn("Sign in to finish signing in to the app.");
  if (!current.earned || current.earned.auth_time < started.at) throw new NotSignedIn("Sign in again to hand this session to the app.");
  const jti = randomUUID();
  const code = await sealJwt({ payload: { token, challenge: started.challenge, redirectUri: started.redirectUri, codeId: jti }, secret: ctx.secrets[0]!, salt: codeSalt, maxAge: codeFor });
  if (storesCodes(ctx)) await ctx.adapter!.createVerificationToken!({ identifier: codeIdentifier, token: await sha256Hex(jti), expires: new Date(Date.now() + codeFor * 1000) });
  const target = new URL(started.redirectUri);
  target.searchParams.set("code", code);
  if (started.state !== undefined) target.searchParams.set("state", started.state);
  const cleared = [expireCookie(cookie.name, cookie.options), ...clearChunkedCookie({ ...req.cookies }, ctx.cookies.sessionToken)];
  return { redirect: target.href, cookies: cleared };
}

/** Forgets spent codes whose time is over. */
function sweep(now: number): void {
  for (const [jti, until] of spent) if (until <= now) spent.delete(jti);
}

/**
 * `POST /bearer/exchange` with `{ code, code_verifier, redirect_uri }` (JSON or form; no CSRF
 * token: it carries no ambient credential): `{ token }` when the code is Latch's, unexpired, not
 * exchanged before (through the adapter's verification tokens when it has them, else on this
 * instance), for this `redirect_uri`, and `BASE64URL(SHA-256(verifier))`
 * is its challenge; 400 `InvalidBearerCode` otherwise.
 */
export async function exchangeAction(ctx: Pick<AuthContext, "secrets" | "adapter">, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== "exchange") throw new UnknownAction("POST bearer/exchange.");
  const code = text(req.body?.code, 16384);
  const verifier = text(req.body?.code_verifier, 128);
  const redirectUri = text(req.body?.redirect_uri, 2048);
  if (!code || !verifier || !verifierShape.test(verifier) || !redirectUri) throw new InvalidRequest("Send code, code_verifier (43 to 128 characters) and redirect_uri.");
  let claims: { token: string; challenge: string; redirectUri: string; codeId: string; exp: number };
  try {
    claims = await openJwt({ token: code, secrets: ctx.secrets, salt: codeSalt });
  } catch {
    throw new InvalidBearerCode("The code is not valid or has expired.");
  }
  const challenge = toBase64Url(await digest("SHA-256", utf8(verifier)));
  if (!timingSafeEqual(challenge, claims.challenge) || claims.redirectUri !== redirectUri) throw new InvalidBearerCode("The code was not issued for this verifier and redirect_uri.");
  if (storesCodes(ctx)) {
    if (!(await ctx.adapter!.useVerificationToken!({ identifier: codeIdentifier, token: await sha256Hex(claims.codeId) }))) throw new InvalidBearerCode("The code was used already.");
  } else {
    sweep(Date.now());
    if (spent.has(claims.codeId)) throw new InvalidBearerCode("The code was used already.");
    spent.set(claims.codeId, claims.exp * 1000);
  }
  return { body: { token: claims.token }, headers: { ...noStore } };
}
