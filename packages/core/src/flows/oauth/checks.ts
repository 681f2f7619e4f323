import * as o from "oauth4webapi";
import type { AuthContext } from "../../config/context.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { openJwt, randomBase64Url, sealJwt } from "../../crypto/index.js";
import { InvalidCheck } from "../../errors.js";
import { checkMaxAge, openCheck, sealCheck } from "../../security/check-cookie.js";
import { expireCookie } from "../../security/cookies.js";
import type { Cookie, CookieOptions, CookiesOptions } from "../../types/cookies.js";

/** The cookies that carry the OAuth checks between the start of a sign-in and its callback. */
export type CheckRole = Extract<keyof CookiesOptions, "pkceCodeVerifier" | "state" | "nonce">;

/** Key-derivation salt of the `state` parameter (not a cookie name: the parameter travels via the provider). */
const stateSalt = "encodedState";

/** What the `state` parameter encodes. */
export interface EncodedState {
  random: string;
  /** The original deployment's callback URL, when a redirect proxy relays the callback. */
  origin?: string;
  /** The id of the signed-in user who asked to link the account (`POST <base>/link/<id>`). */
  link?: string;
}

type Ctx = Pick<AuthContext, "cookies" | "secrets">;

/** True when the provider answers with an auto-submitted POST (`response_mode=form_post`). */
export function usesFormPost(provider: InternalOAuthProvider): boolean {
  return provider.authorization?.params?.response_mode === "form_post";
}

function cookieOptions(ctx: Ctx, role: CheckRole, provider: InternalOAuthProvider): CookieOptions {
  const options = { ...ctx.cookies[role].options };
  // A form_post callback is a cross-site POST: SameSite=Lax cookies would not come along
  // (RFC 6265bis section 5.4.7), so state and nonce go SameSite=None, which requires Secure.
  if (usesFormPost(provider) && role !== "pkceCodeVerifier") Object.assign(options, { sameSite: "none", secure: true });
  return options;
}

/** A check cookie: `{ value, provider }` sealed with the cookie's name as salt (PROTOCOL §5). */
export async function checkCookie(ctx: Ctx, role: CheckRole, provider: InternalOAuthProvider, value: string): Promise<Cookie> {
  const name = ctx.cookies[role].name;
  const sealed = await sealCheck(ctx.secrets, name, provider.id, { value });
  return { name, value: sealed, options: cookieOptions(ctx, role, provider) };
}

/**
 * The value a check cookie holds. Throws `InvalidCheck` when the cookie is missing, does not
 * open (tampered, expired, other secret) or was made for another provider.
 */
export async function readCheckCookie(ctx: Ctx, cookies: Readonly<Record<string, string>>, role: CheckRole, provider: InternalOAuthProvider): Promise<string> {
  const cause = { providerId: provider.id, check: role };
  const name = ctx.cookies[role].name;
  const payload = await openCheck<{ value?: unknown }>(ctx.secrets, name, cookies[name], provider.id, (problem, err) =>
    new InvalidCheck(`The ${role} cookie is ${problem === "other provider" ? "for another provider" : problem}.`, { cause: { ...cause, err } }),
  );
  if (typeof payload.value !== "string" || !payload.value) throw new InvalidCheck(`The ${role} cookie holds no value.`, { cause });
  return payload.value;
}

/** Cookies that delete every check cookie of the provider (same attributes, `Max-Age=0`). */
export function clearCheckCookies(ctx: Ctx, provider: InternalOAuthProvider): Cookie[] {
  return (["pkceCodeVerifier", "state", "nonce"] as const).map((role) => expireCookie(ctx.cookies[role].name, cookieOptions(ctx, role, provider)));
}

/** A PKCE code verifier (32 random bytes, RFC 7636 section 4.1) and its S256 challenge (section 4.2). */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomBase64Url(32);
  return { verifier, challenge: await o.calculatePKCECodeChallenge(verifier) };
}

/** A nonce (OpenID Connect Core 1.0 section 3.1.2.1): 32 random bytes. */
export function createNonce(): string {
  return randomBase64Url(32);
}

/** The `state` parameter (RFC 6749 section 10.12): an encrypted `{ random, origin?, link? }`. */
export function createState(ctx: Ctx, origin?: string, link?: string): Promise<string> {
  const payload: EncodedState = { random: randomBase64Url(32), ...(origin && { origin }), ...(link && { link }) };
  return sealJwt({ payload: { ...payload }, secret: ctx.secrets[0]!, salt: stateSalt, maxAge: checkMaxAge });
}

/** Opens a `state` parameter made by {@link createState}; `null` when it does not open or has expired. */
export async function decodeState(ctx: Ctx, state: string): Promise<EncodedState | null> {
  try {
    const payload = await openJwt<Partial<EncodedState>>({ token: state, secrets: ctx.secrets, salt: stateSalt });
    if (typeof payload.random !== "string") return null;
    return {
      random: payload.random,
      ...(typeof payload.origin === "string" && { origin: payload.origin }),
      ...(typeof payload.link === "string" && { link: payload.link }),
    };
  } catch {
    return null;
  }
}
