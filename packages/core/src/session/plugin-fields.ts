import type { AuthContext } from "../config/context.js";
import type { SessionRead } from "./types.js";
import type { Session } from "../types/entities.js";

/**
 * The session of `read` with the fields every plugin's session hook adds to `session.user`, in
 * the order of `plugins` (a later plugin's field of the same name wins).
 */
export async function withPluginFields(ctx: Pick<AuthContext, "plugins" | "adapter">, read: SessionRead): Promise<Session | null> {
  let { session } = read;
  if (!session) return null;
  for (const plugin of ctx.plugins ?? []) {
    const hook = plugin.hooks?.session;
    if (!hook) continue;
    const fields = await hook({ session, userId: read.userId, adapter: ctx.adapter });
    session = { ...session, user: { ...session.user, ...fields } };
  }
  return session;
}
