/**
 * `GET|POST <base>/second-factor/email-sign-in`: signing in without a password by a 6-digit code
 * sent to the address (beside the email link), for users who exist already. The code is the first
 * factor: a right one goes through the same completion as the link (the address counts as proven),
 * and so through the second-factor step-up when the user has one.
 */
import type { Adapter } from "../../adapter.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { csrfOf, requireCsrf } from "../../security/request-checks.js";
import type { AuthContext } from "../../config/context.js";
import type { CookieContext } from "../../config/slices.js";
import type { InternalProvider } from "../../config/providers.js";
import { openJwt, sealJwt } from "../../crypto/index.js";
import { InvalidRequest, SecondFactorExpired, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { chooseLanguage } from "../../pages/language.js";
import { expireCookie } from "../../security/cookies.js";
import { normalizeEmail } from "../../security/email-address.js";
import { completeSignIn } from "../../signin/complete.js";
import { askVerificationRequest } from "../../signin/verification-request.js";
import type { Cookie, CookieOption } from "../../types/cookies.js";
import type { ResponseInternal } from "../../types/response.js";
import { sendEmailCode } from "./email-code.js";
import { SecondFactorInvalid } from "./errors.js";
import { emailOffered, verifyEmailCode } from "./factors.js";
import { renderEmailSignInPage } from "./email-sign-in-page.js";

/** How long the browser remembers which address it asked a code for: the code's own lifetime. */
const askedMaxAge = 10 * 60;

interface Asked {
  email: string;
  callbackUrl: string;
}

type UserAdapter = Pick<Required<Adapter>, "getUserByEmail">;

function askedCookie(ctx: Pick<AuthContext, "cookies" | "useSecureCookies">): CookieOption {
  const { expires: _expires, ...options } = ctx.cookies.sessionToken.options;
  return { name: `${ctx.useSecureCookies ? "__Secure-" : ""}latch.email-code`, options: { ...options, maxAge: askedMaxAge } };
}

async function readAsked(ctx: CookieContext, req: AuthRequest): Promise<Asked | null> {
  const { name } = askedCookie(ctx);
  const sealed = req.cookies[name];
  if (!sealed) return null;
  try {
    const asked = await openJwt<Asked>({ token: sealed, secrets: [...ctx.secrets], salt: name });
    return typeof asked.email === "string" && typeof asked.callbackUrl === "string" ? asked : null;
  } catch {
    return null;
  }
}

/** The email provider whose sign-ins the codes stand beside; none means the codes are off. */
function emailProvider(ctx: Pick<AuthContext, "providers" | "secondFactor">): InternalProvider {
  const provider = emailOffered(ctx) ? ctx.providers.find((p) => p.type === "email") : undefined;
  if (!provider) throw new UnknownAction('Sign-in by emailed code needs "email" among SecondFactors({ factors }) and an email provider.');
  return provider;
}

function pageUrl(ctx: Pick<AuthContext, "baseUrl">, query: Record<string, string> = {}): string {
  const url = new URL(`${ctx.baseUrl}/second-factor/email-sign-in`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** `GET <base>/second-factor/email-sign-in`: the page (the code form once a code was asked for). */
export async function emailSignInPageAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  emailProvider(ctx);
  const asked = await readAsked(ctx, req);
  const csrf = await csrfOf(ctx, req);
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const rendered = renderEmailSignInPage({
    action: pageUrl(ctx),
    csrfToken: csrf.token,
    callbackUrl: asked?.callbackUrl ?? callbackUrl,
    email: asked?.email,
    wrong: req.query.error === "SecondFactorInvalid",
    theme: ctx.theme,
    language: await chooseLanguage(ctx, req.request),
  });
  return withCookies({ status: rendered.status, body: rendered.html, headers: { ...noStore } }, [csrf.cookie, ...cookies]);
}

/**
 * `{ email }`: the `signIn` callback is asked (`email.verificationRequest`), then a code is sent
 * when a user has that address — the answer is the same when none has. `{ code }`: the code of the
 * address this browser asked for; a right one completes the sign-in like the email link, a wrong
 * one goes back to the page (each code takes 5 answers, then is refused unchecked).
 */
async function ask(ctx: AuthContext, req: AuthRequest, provider: InternalProvider): Promise<ResponseInternal> {
  const email = normalizeEmail(req.body?.email);
  const adapter = ctx.adapter as UserAdapter;
  const { callbackUrl } = await callbackUrlOf(ctx, req);
  const redirectTo = await askVerificationRequest(ctx, adapter, provider.id, email);
  if (redirectTo !== null) return { redirect: redirectTo };
  const user = await adapter.getUserByEmail(email);
  if (user) await sendEmailCode(ctx, user, "sign-in", req.request);
  const cookie = askedCookie(ctx);
  const value = await sealJwt({ payload: { email, callbackUrl }, secret: ctx.secrets[0]!, salt: cookie.name, maxAge: askedMaxAge });
  return { redirect: pageUrl(ctx, { sent: "email" }), cookies: [{ name: cookie.name, value, options: cookie.options }] };
}

async function answer(ctx: AuthContext, req: AuthRequest, provider: InternalProvider, code: string): Promise<ResponseInternal> {
  const asked = await readAsked(ctx, req);
  if (!asked) throw new SecondFactorExpired("No code was asked for in this browser, or it expired. Ask for a new code.");
  const user = await (ctx.adapter as UserAdapter).getUserByEmail(asked.email);
  if (!user || !(await verifyEmailCode(ctx, user, "sign-in", code))) {
    ctx.logger.warn("SecondFactorInvalid", "A wrong sign-in code was given.");
    throw new SecondFactorInvalid("The sign-in code is not right.");
  }
  const { name, options } = askedCookie(ctx);
  const cleared: Cookie = expireCookie(name, options);
  const signedIn = await completeSignIn(ctx, req, {
    provider,
    user: { email: asked.email },
    account: { type: "email", provider: provider.id, providerAccountId: asked.email },
    callbackUrl: asked.callbackUrl,
    methods: ["otp", "mbx"],
  });
  return withCookies(signedIn, [cleared]);
}

/** `POST <base>/second-factor/email-sign-in` (CSRF-checked): `{ email }` asks for a code, `{ code }` answers it. */
export async function emailSignInAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const provider = emailProvider(ctx);
  await requireCsrf(ctx, req);
  const code = req.body?.code;
  if (code === undefined) return ask(ctx, req, provider);
  if (typeof code !== "string" || !code.trim() || code.length > 64) throw new InvalidRequest("code must be the emailed code (at most 64 characters).");
  try {
    return await answer(ctx, req, provider, code);
  } catch (error) {
    if (!(error instanceof SecondFactorInvalid)) throw error;
    return { redirect: pageUrl(ctx, { error: error.type }) };
  }
}
