/**
 * The audit trail's OpenTelemetry exporter: each event becomes an event (`latch.audit`) on the
 * active span, or, outside one, a short span of its own (`latch.audit <action>`), with the event's
 * fields as `latch.audit.*` attributes: ids and short facts, never a secret. It uses
 * `@opentelemetry/api` (an optional peer dependency, installed by the app): without an SDK
 * registered, the API's spans record nothing and this costs nothing.
 *
 * @module @latch/core/audit/opentelemetry
 */
import { trace, type Attributes } from "@opentelemetry/api";
import type { AuditEvent, AuditExporter } from "../../types/audit-options.js";

/** The event as span attributes: `latch.audit.action`, `.outcome`, the ids, the network, and each detail as `latch.audit.details.<name>`. */
export function auditAttributes(event: AuditEvent): Attributes {
  const attributes: Attributes = {
    "latch.audit.id": event.id,
    "latch.audit.action": event.action,
    "latch.audit.outcome": event.outcome,
  };
  const optional = { actor_user_id: event.actorUserId, subject_user_id: event.subjectUserId, organization_id: event.organizationId, network: event.network, user_agent: event.userAgent };
  for (const [name, value] of Object.entries(optional)) if (value) attributes[`latch.audit.${name}`] = value;
  for (const [name, value] of Object.entries(event.details ?? {})) if (value !== null) attributes[`latch.audit.details.${name}`] = value;
  return attributes;
}

/**
 * An exporter that hands each audit event to OpenTelemetry: an event `latch.audit` on the span
 * active when it is recorded (the app's request span, when the app instruments its server), or a
 * span `latch.audit <action>` of the tracer `@latch/core` that starts and ends at once. A failed
 * sign-in's span event carries the error's type as `latch.audit.details.error`.
 *
 * @example
 * ```ts
 * import { AuditTrail } from "@latch/core/audit"
 * import { openTelemetryExporter } from "@latch/core/audit/opentelemetry"
 * const audit = AuditTrail({ exporters: [openTelemetryExporter()] })
 * ```
 */
export function openTelemetryExporter(options: { tracerName?: string } = {}): AuditExporter {
  const tracerName = options.tracerName ?? "@latch/core";
  return {
    export(event) {
      const attributes = auditAttributes(event);
      const active = trace.getActiveSpan();
      if (active?.isRecording()) {
        active.addEvent("latch.audit", attributes, event.at);
        return;
      }
      trace.getTracer(tracerName).startSpan(`latch.audit ${event.action}`, { attributes, startTime: event.at }).end();
    },
  };
}
