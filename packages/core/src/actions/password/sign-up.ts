// `<base>/signup` and `<base>/verify-email`: an account made from an address and a password,
// usable once the link sent to that address is opened. The answer to a sign-up never says whether
// the address already had an account.
import type { AdapterUser } from "../../adapter.js";
import { callbackUrlOf, requireCsrf, withCookies } from "../request-state.js";
import type { AuthContext } from "../../config/context.js";
import { hashPassword } from "../../crypto/password-hash.js";
import { randomUUID } from "../../crypto/random.js";
import { EmailSignInError, UnknownAction, Verification } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { chooseLanguage } from "../../pages/language.js";
import { checkPassword } from "../../passwords/rules.js";
import { normalizeEmail } from "../../security/email-address.js";
import { completeSignIn, type VerifiedSignIn } from "../../signin/complete.js";
import type { ResponseInternal } from "../../types/response.js";
import { backToPage, passwordPage } from "./page.js";
import { ruleRefusal } from "./refusal.js";
import { bodyAddress, bodyString, emailTransport, issueToken, passwordScope, provePasswordAddress, sendPasswordEmail, spendToken, type PasswordScope } from "./scope.js";

/** `<base>/verify-request?provider=<id>&type=<type>`: the "check your email" page. */
export function verifyRequestUrl(ctx: AuthContext, providerId: string, type: "signup" | "reset"): string {
  const url = new URL(`${ctx.baseUrl}/verify-request`);
  url.searchParams.set("provider", providerId);
  url.searchParams.set("type", type);
  return url.toString();
}

function signUpScope(ctx: AuthContext): PasswordScope {
  const scope = passwordScope(ctx);
  if (!scope.provider.allowSignUp) throw new UnknownAction("Sign-up is off (Password({ allowSignUp: false })).");
  return scope;
}

/** `GET /signup`: the sign-up page. */
export async function signUpPage(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  return passwordPage(ctx, req, signUpScope(ctx).provider, "signup");
}

/** The optional `name` field: trimmed, at most 200 characters, `null` when empty or absent. */
function nameOf(req: AuthRequest): string | null {
  const name = req.body?.name;
  return typeof name === "string" && name.trim() ? name.trim().slice(0, 200) : null;
}

/**
 * `POST /signup` (CSRF-checked): `email`, `password`, optional `name`. The rules are checked
 * first (a refusal goes back to the page with `?error=<type>`); the password is hashed whether or
 * not the address has an account, so both cost the same. A new address gets a user
 * (`emailVerified: null`), the password and a confirmation link (24 h, single use); an address
 * that has an account gets, instead, a notice that someone tried to sign up with it, and nothing
 * is written. Both answer a redirect to "check your email". If the email cannot be sent, what was
 * written is removed again.
 */
export async function signUp(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = signUpScope(ctx);
  await requireCsrf(ctx, req);
  const address = bodyAddress(req);
  const password = bodyString(req, "password");
  let normalised: string;
  try {
    normalised = await checkPassword(password, provider.rules);
  } catch (error) {
    return backToPage(ctx, "signup", { error: ruleRefusal(error) });
  }
  const transport = emailTransport(ctx, provider);
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const language = await chooseLanguage(ctx, req.request);
  const hash = await hashPassword(normalised, provider.hashParameters);

  const existing = await adapter.getUserByEmail(address);
  const created = existing ? null : await createAccount(ctx, adapter, address, nameOf(req), hash);
  try {
    if (created) {
      const { token, expires, undo } = await issueToken(ctx, adapter, "verify-email", address);
      const link = new URL(`${ctx.baseUrl}/verify-email`);
      link.search = new URLSearchParams({ token, email: address, callbackUrl }).toString();
      try {
        await sendPasswordEmail(ctx, transport, language, address, "signup", link.toString(), expires);
      } catch (error) {
        await undo().catch((undoError) => ctx.logger.error("AdapterError", undoError));
        throw error;
      }
    } else {
      await sendPasswordEmail(ctx, transport, language, address, "accountExists", `${ctx.baseUrl}/password/forgot`);
    }
  } catch (error) {
    // No half-made account stays behind (its password goes with it).
    if (created) await Promise.resolve(adapter.deleteUser(created.id)).catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw new EmailSignInError("Sending the sign-up email failed.", { cause: { err: error as Error, providerId: provider.id } });
  }
  if (created) await ctx.events.createUser?.({ user: created });
  return withCookies({ redirect: verifyRequestUrl(ctx, provider.id, "signup") }, cookies);
}

/**
 * The user and their password (the `createUser` event fires once the email is sent). Two sign-ups for the same new address at once: `createUser`
 * refuses the second (the address is taken), which then answers like an address with an account.
 */
async function createAccount(ctx: AuthContext, adapter: PasswordScope["adapter"], email: string, name: string | null, hash: string): Promise<AdapterUser | null> {
  let user: AdapterUser;
  try {
    user = await adapter.createUser({ id: randomUUID(), email, emailVerified: null, name });
  } catch (error) {
    if (await adapter.getUserByEmail(email)) return null;
    throw error;
  }
  try {
    await adapter.setPassword({ userId: user.id, hash, updatedAt: new Date() });
  } catch (error) {
    await Promise.resolve(adapter.deleteUser(user.id)).catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw error;
  }
  return user;
}

/**
 * `GET /verify-email?token&email[&callbackUrl]`: spends the sign-up link's token, proves the
 * address (PROTOCOL §6: what was set up before the proof stops working, except the password this
 * link confirms), signs the user in and goes to the callback URL recorded in the link. A missing,
 * wrong, used or expired token is `Verification`.
 */
export async function verifyEmail(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = passwordScope(ctx);
  const { token, email } = req.query;
  if (!token || !email) throw new Verification("The link lacks its token or email address.");
  let address: string;
  try {
    address = normalizeEmail(email);
  } catch {
    throw new Verification("The link's email address is not valid.");
  }
  if (!(await spendToken(ctx, adapter, "verify-email", address, token))) throw new Verification("The link is not valid, was already used or has expired.");
  let user = await adapter.getUserByEmail(address);
  if (!user) throw new Verification("The account of this link no longer exists.");
  if (!user.emailVerified) user = await provePasswordAddress(ctx, user, provider.id, true);
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const signedIn = await completeSignIn(ctx, req, {
    provider,
    user,
    account: { providerAccountId: user.id, type: "credentials", provider: provider.id },
    // The signIn callback sees the address, never the password.
    credentials: { email: address } as unknown as VerifiedSignIn["credentials"],
    callbackUrl,
    // The link came from the mailbox; the password was not given.
    methods: ["mbx"],
  });
  return withCookies(signedIn, cookies);
}
