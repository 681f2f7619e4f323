/** One page of events through the adapter, newest first, and the cursor of the next one. */
import type { Adapter, AdapterAuditEvent, AdapterAuditQuery } from "../../adapter.js";
import { fromBase64Url, toBase64Url, utf8 } from "../../crypto/encoding.js";
import { InvalidRequest } from "../../errors.js";
import { auditStore } from "./store.js";

/** A page of the trail: its events, newest first, and the cursor of the next page (`null` on the last). */
export interface AuditPage {
  readonly events: AdapterAuditEvent[];
  readonly cursor: string | null;
}

/** The opaque cursor after `event`: its time and id. */
export const cursorOf = (event: Pick<AdapterAuditEvent, "at" | "id">): string => toBase64Url(utf8(`${event.at.valueOf()}.${event.id}`));

/** The event a cursor points after; throws `InvalidRequest` for one Latch did not make. */
export function beforeOf(cursor: string): NonNullable<AdapterAuditQuery["before"]> {
  let text = "";
  try {
    if (cursor.length <= 200) text = new TextDecoder().decode(fromBase64Url(cursor));
  } catch {
    // answered below
  }
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!match) throw new InvalidRequest("cursor is the cursor of a page of the audit trail.");
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** One page: `limit` events asked plus one, to know whether another page follows. */
export async function pageOf(adapter: Adapter, query: AdapterAuditQuery): Promise<AuditPage> {
  const found = await auditStore(adapter).listAuditEvents({ ...query, limit: query.limit + 1 });
  const events = found.slice(0, query.limit);
  return { events, cursor: found.length > query.limit ? cursorOf(events[events.length - 1]!) : null };
}
