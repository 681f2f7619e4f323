// `<base>/signup` and `<base>/verify-email`: an account made from an address and a password,
// usable once the link sent to that address is opened. The answer to a sign-up never says whether
// the address already had an account.
import type { AdapterPassword, AdapterUser } from "../../adapter.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { withCookies } from "../../http/respond.js";
import type { AuthContext } from "../../config/context.js";
import { hashPassword } from "./hash.js";
import { randomUUID } from "../../crypto/random.js";
import { EmailSignInError, UnknownAction, Verification } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { chooseLanguage } from "../../pages/language.js";
import { newPassword as newPasswordOf } from "./new-password.js";
import { normalizeEmail } from "../../security/email-address.js";
import { completeSignIn, type VerifiedSignIn } from "../../signin/complete.js";
import type { ResponseInternal } from "../../types/response.js";
import { backToPage, passwordPage } from "./page.js";
import { ruleRefusal } from "./refusal.js";
import { bodyAddress, bodyString, emailTransport, issueToken, passwordScope, provePasswordAddress, sendPasswordEmail, signUpBinding, spendToken, type PasswordScope } from "./scope.js";

/** `<base>/verify-request?provider=<id>&type=<type>`: the "check your email" page. */
export function verifyRequestUrl(ctx: Pick<AuthContext, "baseUrl">, providerId: string, type: "signup" | "reset" | "email-change"): string {
  const url = new URL(`${ctx.baseUrl}/verify-request`);
  url.searchParams.set("provider", providerId);
  url.searchParams.set("type", type);
  return url.toString();
}

function signUpScope(ctx: Pick<AuthContext, "providers" | "adapter">): PasswordScope {
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
 * (`emailVerified: null`), the password and a confirmation link (24 h, single use). An address
 * whose sign-up is still unconfirmed (a user with a password and `emailVerified: null`) gets the
 * new password and a new link instead, and every earlier link stops working (the link confirms the
 * password of its own sign-up, see {@link signUpBinding}). Any other address that has an account
 * gets a notice that someone tried to sign up with it, and nothing is written. All answer a
 * redirect to "check your email". If the email cannot be sent, what was written is undone.
 */
export async function signUp(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = signUpScope(ctx);
  const address = bodyAddress(req);
  const password = bodyString(req, "password");
  let normalised: string;
  try {
    normalised = await newPasswordOf(ctx, provider, password);
  } catch (error) {
    return backToPage(ctx, "signup", { error: ruleRefusal(error) });
  }
  const transport = emailTransport(ctx, provider);
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const language = await chooseLanguage(ctx, req.request);
  const hash = await hashPassword(normalised, provider.hashParameters);

  const existing = await adapter.getUserByEmail(address);
  const pending = existing && !existing.emailVerified ? await adapter.getPassword(existing.id) : null;
  let account: SignUpAccount | null = null;
  if (!existing) account = await createAccount(ctx, adapter, address, nameOf(req), hash);
  else if (pending) account = await renewSignUp(adapter, existing, pending, hash);
  try {
    if (account) {
      const { token, expires, undo } = await issueToken(ctx, adapter, "verify-email", address, { binding: await signUpBinding(hash) });
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
    if (account) await account.undo().catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw new EmailSignInError("Sending the sign-up email failed.", { cause: { err: error as Error, providerId: provider.id } });
  }
  if (account?.isNew) await ctx.events.createUser?.({ user: account.user });
  return withCookies({ redirect: verifyRequestUrl(ctx, provider.id, "signup") }, cookies);
}

/** The account a sign-up link is sent for, and how to undo what was written for it. */
interface SignUpAccount {
  user: AdapterUser;
  /** True when this sign-up created the user (the `createUser` event fires). */
  isNew: boolean;
  undo: () => Promise<unknown>;
}

/**
 * The user and their password (the `createUser` event fires once the email is sent). Two sign-ups for the same new address at once: `createUser`
 * refuses the second (the address is taken), which then answers like an address with an account.
 */
async function createAccount(ctx: Pick<AuthContext, "logger">, adapter: PasswordScope["adapter"], email: string, name: string | null, hash: string): Promise<SignUpAccount | null> {
  let user: AdapterUser;
  try {
    user = await adapter.createUser({ id: randomUUID(), email, emailVerified: null, name });
  } catch (error) {
    if (await adapter.getUserByEmail(email)) return null;
    throw error;
  }
  // No half-made account stays behind (its password goes with it).
  const undo = async () => adapter.deleteUser(user.id);
  try {
    await adapter.setPassword({ userId: user.id, hash, updatedAt: new Date() });
  } catch (error) {
    await undo().catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw error;
  }
  return { user, isNew: true, undo };
}

/**
 * A sign-up again for an address whose earlier sign-up is unconfirmed: the new password replaces
 * the unconfirmed one, which unbinds every link sent before. Undo puts the earlier one back.
 */
async function renewSignUp(adapter: PasswordScope["adapter"], user: AdapterUser, earlier: AdapterPassword, hash: string): Promise<SignUpAccount> {
  await adapter.setPassword({ userId: user.id, hash, updatedAt: new Date() });
  return { user, isNew: false, undo: async () => adapter.setPassword(earlier) };
}

/**
 * `GET /verify-email?token&email[&callbackUrl]`: spends the sign-up link's token (found only while
 * the password of its sign-up is still the stored one), proves the
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
  let user = await adapter.getUserByEmail(address);
  const stored = user ? await adapter.getPassword(user.id) : null;
  // The link confirms the password of the sign-up that sent it: a later sign-up unbinds it.
  const binding = stored ? await signUpBinding(stored.hash) : "none";
  if (!(await spendToken(ctx, adapter, "verify-email", address, token, binding)) || !user) throw new Verification("The link is not valid, was already used or has expired.");
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
