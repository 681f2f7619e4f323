/**
 * The one function a feature calls to record a security event that no event of the config
 * carries (an administrator's action, an organization's change, an API key, an impersonation):
 * `record(ctx, { action, actorUserId, subjectUserId, … })`. A no-op while the audit trail is off,
 * and it never throws: a failed write is logged and the request goes on. Tiny on purpose: a
 * feature that calls it bundles this file only, and the trail's code comes with `AuditTrail()`.
 *
 * Impersonation records `admin.impersonation.started` and `admin.impersonation.stopped` through it,
 * with the administrator as the actor and the impersonated user as the subject.
 */
import { auditCode } from "../symbols.js";
import type { AuditInput, AuditTrailOption } from "../types/audit-options.js";

/** Records `input` in the audit trail of the config `ctx` belongs to (the request's own context inside a request). */
export async function record(ctx: { readonly audit?: AuditTrailOption }, input: AuditInput): Promise<void> {
  await ctx.audit?.[auditCode].record(ctx, input);
}
