/** The server API of the audit trail: the events as the app reads them, without a request. */
import type { AdapterAuditEvent } from "../../adapter.js";
import { staticConfig } from "../../config/resolve.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthConfig } from "../../types/config.js";
import type { AuditPage } from "./query.js";

export type { AuditPage } from "./query.js";

/** Which events {@link listAuditEvents} reads. */
export interface AuditQuery {
  /** Only those this user did or underwent. */
  userId?: string;
  /** Only those of this organization. */
  organizationId?: string;
  /** The `cursor` of the page before, to read the next one. */
  cursor?: string;
  /** How many at most: from 1 to 500, default 100. */
  limit?: number;
}

/**
 * One page of the audit trail of `config` (its `AuditTrail()` and adapter), newest first, with
 * no access check: for the app's own code (an admin screen, a report). Throws `InvalidRequest`
 * for a malformed cursor or limit.
 *
 * @example
 * ```ts
 * import { listAuditEvents } from "@latch/core/audit"
 * const { events, cursor } = await listAuditEvents(config, { userId: "user-1", limit: 20 })
 * ```
 */
export async function listAuditEvents(config: AuthConfig, query: AuditQuery = {}): Promise<AuditPage & { readonly events: AdapterAuditEvent[] }> {
  const { adapter } = staticConfig(config);
  if (!adapter) throw new InvalidRequest("The config has no adapter that stores the audit trail.");
  const limit = query.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new InvalidRequest("limit is a whole number from 1 to 500.");
  const { beforeOf, pageOf } = await import("./query.js");
  return pageOf(adapter, {
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.organizationId ? { organizationId: query.organizationId } : {}),
    ...(query.cursor ? { before: beforeOf(query.cursor) } : {}),
    limit,
  });
}
