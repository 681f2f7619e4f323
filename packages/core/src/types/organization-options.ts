import type { Adapter } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { endpointRows, organizationsCode } from "../symbols.js";

/** What `Organizations()` carries for core (internal): its settings and its check of a configuration. */
export interface OrganizationsCode {
  /** The feature's settings, read by its own modules only. */
  readonly settings: unknown;
  /** The problem of a config's adapter and session strategy for organizations, or `null`. */
  check(adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: unknown }): AuthError | null;
}

/**
 * Turns on organizations: members with roles, invitations by email, the active organization on
 * the session, and the `<base>/organizations` endpoints. Made by `Organizations()` of
 * `@latch/core/organizations`; its code comes into the bundle only with it.
 */
export interface OrganizationsOption {
  /** The settings and check (internal). */
  readonly [organizationsCode]: OrganizationsCode;
  /** The registry rows of its endpoints (internal). */
  readonly [endpointRows]?: readonly object[];
}
