// `<base>/password/change`: a signed-in user replaces their password, after giving the current one.
import { callbackUrlOf } from "../../security/request-checks.js";
import { withCookies } from "../../http/respond.js";
import type { AuthContext } from "../../config/context.js";
import { hashPassword, verifyPassword } from "./hash.js";
import type { AuthRequest } from "../../http/request.js";
import { signInPageUrl } from "../../http/urls.js";
import { newPassword as newPasswordOf } from "./new-password.js";
import { requestSession } from "../session-control/control.js";
import type { ResponseInternal } from "../../types/response.js";
import { backToPage, passwordPage } from "./page.js";
import { ruleRefusal } from "./refusal.js";
import { bodyString, endSessions, passwordScope } from "./scope.js";
import { dummyHash } from "./sign-in.js";

const changePath = (ctx: Pick<AuthContext, "baseUrl">) => `${ctx.baseUrl}/password/change`;

/** `GET /password/change`: the page for a signed-in user; otherwise the sign-in page, coming back here. */
export async function changePage(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider } = passwordScope(ctx);
  if (!(await requestSession(ctx, req))) return { redirect: signInPageUrl(ctx, { callbackUrl: changePath(ctx) }) };
  return passwordPage(ctx, req, provider, "change");
}

/**
 * `POST /password/change` (CSRF-checked, signed in) with `currentPassword`, `newPassword`. A wrong
 * current password goes back to the page with `?error=CredentialsSignin&code=invalid_login`, a
 * new one the rules refuse with `?error=<type>`. Then the hash is replaced, every other session of
 * the user ends (this one stays), and the browser goes to the callback URL.
 */
export async function change(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = passwordScope(ctx);
  const current = await requestSession(ctx, req);
  if (!current) return { redirect: signInPageUrl(ctx, { callbackUrl: changePath(ctx) }) };
  const currentPassword = bodyString(req, "currentPassword");
  const newPassword = bodyString(req, "newPassword");
  const stored = await adapter.getPassword(current.userId);
  // One Argon2id verification whether or not a password is stored (as at sign-in).
  const matches = await verifyPassword(currentPassword, stored?.hash ?? (await dummyHash(provider.hashParameters)));
  if (!stored || !matches) return backToPage(ctx, "change", { error: "CredentialsSignin", code: "invalid_login" });
  let normalised: string;
  try {
    normalised = await newPasswordOf(ctx, provider, newPassword);
  } catch (error) {
    return backToPage(ctx, "change", { error: ruleRefusal(error) });
  }
  await adapter.setPassword({ userId: current.userId, hash: await hashPassword(normalised, provider.hashParameters), updatedAt: new Date() });
  await endSessions(ctx, current.userId, current.sessionId ?? "");
  const user = await adapter.getUser(current.userId);
  if (user) await ctx.events.passwordChanged?.({ user });
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  return withCookies({ redirect: callbackUrl }, cookies);
}
