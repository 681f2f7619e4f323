import type { AuthContext } from "../config/context.js";
import { AccessDenied } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { AfterSignInInput, BeforeSignInInput } from "../types/plugin.js";

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

/** Runs every plugin's `afterSignIn`, once the session has started. */
export async function afterSignIn(ctx: Pick<AuthContext, "plugins" | "adapter">, req: Pick<AuthRequest, "request">, input: Omit<AfterSignInInput, "request" | "adapter">): Promise<void> {
  for (const plugin of ctx.plugins ?? []) await plugin.hooks?.afterSignIn?.({ ...input, request: req.request, adapter: ctx.adapter });
}
