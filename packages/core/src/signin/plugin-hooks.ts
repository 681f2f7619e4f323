import type { AuthContext } from "../config/context.js";
import { AccessDenied } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { AfterSignInInput, BeforeSignInInput } from "../types/plugin.js";
import type { Cookie } from "../types/cookies.js";
import { currentDatabaseSession, currentJwtSession } from "../session/index.js";
import type { SessionReadContext } from "../config/slices.js";

/** What the after-sign-in and sign-out hooks read: the plugins, and the session reader. */
type PluginHookContext = SessionReadContext & Pick<AuthContext, "plugins">;

/**
 * Runs every plugin's `beforeSignIn`, before anything is written: `false` or a throw refuses the
 * sign-in with `AccessDenied`, as the `signIn` callback does.
 */
export async function beforeSignIn(ctx: Pick<AuthContext, "plugins">, req: Pick<AuthRequest, "request">, input: Omit<BeforeSignInInput, "request">): Promise<void> {
  for (const plugin of ctx.plugins ?? []) {
    const hook = plugin.hooks?.beforeSignIn;
    if (!hook) continue;
    let allowed: boolean | void;
    try {
      allowed = await hook({ ...input, request: req.request });
    } catch (error) {
      throw new AccessDenied(`The plugin "${plugin.id}" refused the sign-in: ${(error as Error)?.message}`, { cause: { err: error as Error } });
    }
    if (allowed === false) throw new AccessDenied(`The plugin "${plugin.id}" refused the sign-in.`);
  }
}

/** The user and session id of `req` as the session cookies of `cookies` (when given) name them. */
async function sessionOf(ctx: SessionReadContext, req: AuthRequest, cookies?: readonly Cookie[]): Promise<{ userId: string; sessionId?: string } | null> {
  const read = cookies ? { ...req, cookies: Object.fromEntries(cookies.filter((cookie) => cookie.value).map((cookie) => [cookie.name, cookie.value])) } : req;
  const found = await (ctx.session.strategy === "jwt" ? currentJwtSession(ctx, read) : currentDatabaseSession(ctx, read));
  // Never the session token itself: plugins get the user and the session's opaque id.
  return found && { userId: found.userId, ...(found.sessionId !== undefined && { sessionId: found.sessionId }) };
}

/** Runs every plugin's `afterSignIn`, once the session has started; `sessionCookies` name the session's id. */
export async function afterSignIn(ctx: PluginHookContext, req: AuthRequest, input: Omit<AfterSignInInput, "request" | "adapter" | "sessionId">, sessionCookies?: readonly Cookie[]): Promise<void> {
  const hooked = (ctx.plugins ?? []).filter((plugin) => plugin.hooks?.afterSignIn);
  if (!hooked.length) return;
  const sessionId = sessionCookies ? (await sessionOf(ctx, req, sessionCookies))?.sessionId : undefined;
  for (const plugin of hooked) await plugin.hooks!.afterSignIn!({ ...input, request: req.request, adapter: ctx.adapter, ...(sessionId !== undefined && { sessionId }) });
}

/**
 * Runs every plugin's `signOut` while the request's session still exists: the first URL one
 * answers is where the browser goes. A throw is logged; the sign-out goes on.
 */
export async function signOut(ctx: PluginHookContext, req: AuthRequest, callbackUrl: string): Promise<string | undefined> {
  const hooked = (ctx.plugins ?? []).filter((plugin) => plugin.hooks?.signOut);
  const session = hooked.length ? await sessionOf(ctx, req) : null;
  if (!session) return undefined;
  let target: string | undefined;
  for (const plugin of hooked) {
    try {
      target ||= (await plugin.hooks!.signOut!({ ...session, callbackUrl, request: req.request, adapter: ctx.adapter })) || undefined;
    } catch (error) {
      ctx.logger.error("SignOutError", error);
    }
  }
  return target;
}
