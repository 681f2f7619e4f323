import type { Adapter, AdapterUser } from "../adapter.js";
import { adapterHas } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";

type Ctx = Pick<AuthContext, "events" | "adapter"> & Partial<Pick<AuthContext, "session" | "jwt">>;

/**
 * Pre-account hijacking defence (PROTOCOL §6): anyone could type an address and register a passkey
 * under it while signed out, creating a user whose `emailVerified` is `null`. When an email sign-in
 * later proves the address, whatever was set up before the proof stops working, before the owner
 * is signed in: that user's authenticators go (with their `webauthn` accounts) and that user's
 * database sessions end, or, with JWT sessions and `session.revocation`, every JWT session of
 * that user started before now. Each removal is announced by an event.
 *
 * Called only for a user whose address is not proven yet, before `emailVerified` is set, so that a
 * failure here leaves the user unproven and the next proof runs it again. An adapter without `deleteAuthenticator` cannot have such passkeys (signed-out
 * registration is refused then); one without `deleteSessions` keeps its sessions.
 */
export async function endUnprovenAccess(ctx: Ctx, adapter: Required<Adapter>, user: AdapterUser): Promise<void> {
  if (adapterHas(ctx.adapter, "deleteAuthenticator") && adapterHas(ctx.adapter, "listAuthenticatorsByUserId")) {
    for (const authenticator of await adapter.listAuthenticatorsByUserId(user.id)) {
      const removed = await adapter.deleteAuthenticator(authenticator.credentialID);
      if (removed) await ctx.events.authenticatorRemoved?.({ user, authenticator: removed, reason: "emailProven" });
    }
  }
  if (ctx.session?.strategy === "jwt" && ctx.session.revocation) {
    // JWT sessions are stored nowhere: the user's "valid after" mark ends them (count unknown).
    await ctx.session.revocation.revokeUser(user.id, null, ctx.jwt?.maxAge ?? ctx.session.maxAge);
    await ctx.events.sessionRevoked?.({ userId: user.id, scope: "all", count: null });
  } else if (adapterHas(ctx.adapter, "deleteSessions")) {
    const count = await adapter.deleteSessions(user.id);
    await ctx.events.sessionsEnded?.({ user, count, reason: "emailProven" });
  }
}
