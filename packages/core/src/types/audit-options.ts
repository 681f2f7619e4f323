import type { AdapterAuditEvent } from "../adapter.js";
import type { auditCode, featureCode } from "../symbols.js";
import type { ClientAddressOptions } from "./rate-limit.js";
import type { FeatureCode } from "./feature.js";

/** One event of the audit trail, as stored and as exporters get it. */
export type AuditEvent = AdapterAuditEvent;

/** What a feature records: the event without its id, time and network, which the trail adds. */
export interface AuditInput {
  /** What happened (`signIn`, `admin.ban`, `organization.member.added`…). */
  readonly action: string;
  /** Default `"success"`. */
  readonly outcome?: "success" | "failure";
  readonly actorUserId?: string | null;
  readonly subjectUserId?: string | null;
  readonly organizationId?: string | null;
  /** Short values only; never a password, a token or a secret. */
  readonly details?: Record<string, string | number | boolean | null> | null;
}

/** Where an event goes besides the adapter: one call per event, after it is stored. A throw is logged, never fails the request. */
export interface AuditExporter {
  /** Gets each event; may be asynchronous. */
  export(event: AuditEvent, context: { readonly logger: import("./logger.js").LoggerInstance }): unknown;
}

/** What `AuditTrail()` takes. */
export interface AuditTrailOptions {
  /**
   * What is kept of the client's address: `"hashed"` (default: an HMAC-SHA-256 of the address
   * keyed by the secret, so equal addresses match within the app and cannot be read back),
   * `"clear"` (the address as it is), `"none"` (nothing).
   */
  network?: "hashed" | "clear" | "none";
  /**
   * Where the client's address is read from, as `RateLimit({ clientAddress })` takes it (a
   * platform's header, trusted proxies). Default: the address the integration handed over.
   */
  clientAddress?: ClientAddressOptions;
  /** Where each event goes besides the adapter (`loggerExporter()`, `openTelemetryExporter()`). */
  exporters?: readonly AuditExporter[];
  /** Whether the adapter stores the events. Default `true`; `false` only exports them (no adapter methods needed, no `GET <base>/audit`). */
  store?: boolean;
  /** Events listed per page at most (`GET <base>/audit?limit=`). From 1 to 500; default `100`. */
  maxPerPage?: number;
}

/** {@link AuditTrailOptions} with the defaults filled in. */
export interface AuditSettings {
  readonly network: "hashed" | "clear" | "none";
  readonly clientAddress: ClientAddressOptions | undefined;
  readonly exporters: readonly AuditExporter[];
  readonly store: boolean;
  readonly maxPerPage: number;
}

/** What `AuditTrail()` carries for its own code (internal): its settings and the one function that records. */
export interface AuditCode {
  readonly settings: AuditSettings;
  /** Stores and exports one event of the request `ctx` runs (when it runs one); never throws. */
  record(ctx: object, input: AuditInput): Promise<void>;
}

/**
 * Turns on the audit trail: every security event (sign-ins and their failures, sign-outs,
 * accounts, passwords, second factors, passkeys, API keys, sessions, administrators' and
 * organizations' changes) stored append-only through the adapter and sent to the exporters;
 * `GET <base>/audit` lists them. Made by `AuditTrail()` of `@latch/core/audit`; its code comes into
 * the bundle only with it.
 */
export interface AuditTrailOption {
  /** The settings and code (internal). */
  readonly [auditCode]: AuditCode;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
