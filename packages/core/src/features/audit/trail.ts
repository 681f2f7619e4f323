/**
 * What records one event: the id and time, the client's network and browser when a request is
 * running, the write through the adapter and each exporter. Loaded at the first event. Never
 * throws: a failed write or export is one error line (the action and the error's type, no
 * secret), and the request goes on.
 */
import type { AdapterAuditEvent } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import { hmacSha256Hex } from "../../crypto/hmac.js";
import { timeOrderedUUID } from "../../crypto/random.js";
import type { AuthRequest } from "../../http/request.js";
import { addressSource, clientAddress } from "../../limits/client-address.js";
import { auditRequest } from "../../symbols.js";
import type { AuditInput, AuditSettings } from "../../types/audit-options.js";
import { auditStore } from "./store.js";

type Ctx = Pick<AuthContext, "adapter" | "logger" | "secrets">;

/** The address as the settings keep it: HMAC-SHA-256 keyed by the current secret (32 hex digits), in clear, or nothing. */
export async function networkOf(settings: Pick<AuditSettings, "network">, secret: string, address: string | undefined): Promise<string | null> {
  if (!address || settings.network === "none") return null;
  if (settings.network === "clear") return address.slice(0, 64);
  return (await hmacSha256Hex(`latch audit network\u0000${secret}`, address)).slice(0, 32);
}

/** The error's type (an `AuthError`'s `type`, else its name), as the log lines name it. */
export function typeOf(error: unknown): string {
  const own = (error as { type?: unknown } | null)?.type;
  if (typeof own === "string" && own) return own;
  return error instanceof Error ? error.name || "Error" : "UnknownError";
}

/** Stores `input` as an event of the request `ctx` runs (if any) and sends it to the exporters. */
export async function recordEvent(settings: AuditSettings, ctx: Ctx, input: AuditInput): Promise<void> {
  let event: AdapterAuditEvent | undefined;
  try {
    const req = (ctx as { readonly [auditRequest]?: AuthRequest })[auditRequest];
    const address = req ? clientAddress(req.request, addressSource(settings.clientAddress)) : undefined;
    const userAgent = req?.headers.get("user-agent")?.slice(0, 256) ?? null;
    const now = Date.now();
    // A time-ordered id: events of one request, made within a millisecond, list in their order.
    event = {
      id: timeOrderedUUID(now),
      at: new Date(now),
      action: input.action,
      outcome: input.outcome ?? "success",
      actorUserId: input.actorUserId ?? null,
      subjectUserId: input.subjectUserId ?? null,
      organizationId: input.organizationId ?? null,
      network: await networkOf(settings, ctx.secrets[0]!, address),
      userAgent,
      details: input.details ?? null,
    };
    if (settings.store && ctx.adapter) await auditStore(ctx.adapter).appendAuditEvent(event);
  } catch (error) {
    ctx.logger.error("AuditRecordFailed", `The audit event ${input.action} was not stored (${typeOf(error)}); the request went on.`);
  }
  if (!event) return;
  for (const exporter of settings.exporters) {
    try {
      await exporter.export(event, { logger: ctx.logger });
    } catch (error) {
      ctx.logger.error("AuditExportFailed", `An exporter refused the audit event ${input.action} (${typeOf(error)}).`);
    }
  }
}
