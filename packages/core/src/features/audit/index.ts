/**
 * An audit trail of security events: sign-ins and their failures, sign-outs, new users, linked
 * and unlinked accounts, passwords, second factors, passkeys, API keys, ended sessions, site
 * administrators' actions and organizations' changes. Each event is stored append-only through
 * the adapter (`appendAuditEvent`), sent to the exporters (`loggerExporter()`, and
 * `openTelemetryExporter()` of `@latch/core/audit/opentelemetry`), and listed at `GET <base>/audit`.
 *
 * @module @latch/core/audit
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { auditCode, auditRequest, featureCode } from "../../symbols.js";
import type { AuditCode, AuditExporter, AuditSettings, AuditTrailOption, AuditTrailOptions } from "../../types/audit-options.js";
import type { EventCallbacks } from "../../types/events.js";
import { auditMethods } from "./adapter-methods.js";
import { InvalidAuditTrail } from "./errors.js";
import { auditedEvents } from "./events.js";
import { auditRows } from "./rows.js";

export type { AuditEvent, AuditExporter, AuditInput, AuditTrailOption, AuditTrailOptions } from "../../types/audit-options.js";
export { InvalidAuditTrail, type AuditTrailError } from "./errors.js";
export { listAuditEvents, type AuditPage, type AuditQuery } from "./api.js";

const trail = () => import("./trail.js");

/** The first problem of the settings with this adapter, or `null`. */
function problemOf(settings: AuditSettings, adapter: Adapter | undefined): AuthError | null {
  if (!["hashed", "clear", "none"].includes(settings.network)) return new InvalidAuditTrail('AuditTrail: network is "hashed", "clear" or "none".');
  if (!Number.isInteger(settings.maxPerPage) || settings.maxPerPage < 1 || settings.maxPerPage > 500) return new InvalidAuditTrail("AuditTrail: maxPerPage is a whole number from 1 to 500.");
  if (!settings.exporters.every((exporter) => typeof exporter?.export === "function")) return new InvalidAuditTrail("AuditTrail: each exporter has an export(event) method.");
  if (!settings.store) return null;
  if (!adapter) return new MissingAdapter("AuditTrail stores its events through the adapter; set `adapter`, or pass store: false to only export them.");
  const missing = auditMethods.filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `AuditTrail stores its events through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg), or pass store: false.`);
  return null;
}

/**
 * Turns on the audit trail. Every security event of a request (PROTOCOL §13) is stored through
 * the adapter's `appendAuditEvent` and handed to each exporter; the client's address is kept as
 * an HMAC keyed by the secret unless `network` says otherwise. `GET <base>/audit` lists the
 * events: a user their own, an organization's owners and admins their organization's, site
 * administrators (`Admin()`) all. Recording never fails a request. Needs an adapter with
 * `appendAuditEvent` and `listAuditEvents` (`AuditAdapter`) unless `store: false`. Pass it as `audit`.
 *
 * @example
 * ```ts
 * import { AuditTrail, loggerExporter } from "@latch/core/audit"
 * const config = { adapter, providers, audit: AuditTrail({ exporters: [loggerExporter()] }) }
 * ```
 */
export function AuditTrail(options: AuditTrailOptions = {}): AuditTrailOption {
  const settings: AuditSettings = Object.freeze({
    network: options.network ?? "hashed",
    clientAddress: options.clientAddress,
    exporters: Object.freeze([...(options.exporters ?? [])]),
    store: options.store ?? true,
    maxPerPage: options.maxPerPage ?? 100,
  });
  const record: AuditCode["record"] = async (ctx, input) => (await trail()).recordEvent(settings, ctx as AuthContext, input);
  // Every request runs in a context of its own: the request for the records' network and
  // browser, and the config's events, each also recorded. A failed sign-in is recorded with its
  // provider and the error's type.
  const around = (base: AuthContext, req: AuthRequest, run: () => Promise<object>): [AuthContext, () => Promise<object>] => {
    const events: Record<string, (message: never) => Promise<void>> = {};
    const names = new Set([...Object.keys(auditedEvents), ...Object.keys(base.events)]);
    for (const name of names) {
      const own = (base.events as Record<string, ((message: unknown) => Promise<void>) | undefined>)[name];
      const audited = (auditedEvents as Record<string, ((message: unknown) => Parameters<typeof record>[1]) | undefined>)[name];
      events[name] = async (message) => {
        await own?.(message);
        if (audited) await record(scoped, audited(message));
      };
    }
    const scoped: AuthContext = { ...base, [auditRequest]: req, events: events as EventCallbacks } as AuthContext;
    const audited = async () => {
      try {
        return await run();
      } catch (error) {
        if (req.action === "callback") {
          const { typeOf } = await trail();
          await record(scoped, { action: "signIn", outcome: "failure", details: { provider: req.providerId ?? null, error: typeOf(error) } });
        }
        throw error;
      }
    };
    return [scoped, audited];
  };
  const check = (adapter: Adapter | undefined) => problemOf(settings, adapter);
  return {
    [auditCode]: { settings, record },
    [featureCode]: { rows: settings.store ? auditRows : [], check, around: around as NonNullable<import("../../types/feature.js").FeatureCode["around"]> },
  };
}

/**
 * An exporter that writes one line per event to Latch's logger (`logger` of the config): the
 * code `AuditEvent` and the event as one JSON text, ids and short facts only. At `warn` unless
 * `level: "debug"` (shown only with `debug: true`).
 *
 * @example
 * ```ts
 * import { AuditTrail, loggerExporter } from "@latch/core/audit"
 * const audit = AuditTrail({ exporters: [loggerExporter()] })
 * ```
 */
export function loggerExporter(options: { level?: "warn" | "debug" } = {}): AuditExporter {
  const level = options.level ?? "warn";
  return {
    export(event, { logger }) {
      logger[level]("AuditEvent", JSON.stringify({ ...event, at: event.at.toISOString() }));
    },
  };
}
