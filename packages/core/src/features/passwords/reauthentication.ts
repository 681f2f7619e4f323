// Re-authentication before a change of the sign-in address (ASVS 5.0 §7.5.1): the one place the
// address change asks whether the signed-in user proved, in this request, that they are who the
// session says. Freshness of a code or of a sign-in is decided by the second factors' fresh proof.
import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SecondFactorContext } from "../../config/slices.js";
import { verifyPassword } from "./hash.js";
import { dummyHash } from "./sign-in.js";
import type { PasswordProvider } from "./types.js";
import type { AuthRequest } from "../../http/request.js";
import type { EndpointAdapter } from "./scope.js";

/**
 * What a user must give: `code` (a current code of an authenticator app or a backup code) when
 * they have one of those factors, else `password` (their current password) when they have one,
 * else nothing but a recent sign-in (`recent`).
 */
export type ReauthenticationKind = "code" | "password" | "recent";

/** The factors that are no mailbox: an emailed code cannot prove who may change the address. */
async function hasAppOrBackupCodes(ctx: SecondFactorContext, userId: string): Promise<boolean> {
  if (!ctx.secondFactor) return false;
  const { listFactors } = await import("../second-factors/factors.js");
  return (await listFactors(ctx, userId)).some((factor) => factor.kind === "totp" || factor.kind === "backup");
}

/** Which proof {@link reauthenticated} asks of this user. */
export async function reauthenticationKind(ctx: SecondFactorContext, adapter: EndpointAdapter, userId: string): Promise<ReauthenticationKind> {
  if (await hasAppOrBackupCodes(ctx, userId)) return "code";
  return (await adapter.getPassword(userId)) ? "password" : "recent";
}

/**
 * Whether the signed-in `user` re-authenticated for this request, by the rule of
 * {@link ReauthenticationKind}: a code goes through the second factors' fresh proof (which counts
 * wrong codes per user), a password is verified with one Argon2id whether or not one is stored,
 * and a user with neither needs a recent sign-in.
 */
export async function reauthenticated(
  ctx: AuthContext,
  scope: { provider: PasswordProvider; adapter: EndpointAdapter },
  req: AuthRequest,
  user: AdapterUser,
  given: { password?: string; code?: string },
): Promise<{ kind: ReauthenticationKind; proven: boolean }> {
  const kind = await reauthenticationKind(ctx, scope.adapter, user.id);
  if (kind === "code") {
    const { freshProof } = await import("../second-factors/enrolment.js");
    return { kind, proven: await freshProof(ctx, req, given.code || undefined, user) };
  }
  if (kind === "password") {
    const stored = await scope.adapter.getPassword(user.id);
    const matches = await verifyPassword(given.password ?? "", stored?.hash ?? (await dummyHash(scope.provider.hashParameters)));
    return { kind, proven: Boolean(stored && matches) };
  }
  const { signedInRecently } = await import("../second-factors/freshness.js");
  return { kind, proven: await signedInRecently(ctx, req, user.id) };
}
