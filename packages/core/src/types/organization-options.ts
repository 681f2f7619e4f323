import type { endpointRows } from "../symbols.js";

/**
 * Turns on organizations: members with roles, invitations by email, the active organization on
 * the session, and the `<base>/organizations` endpoints. Made by `Organizations()` of
 * `@latch/core/organizations`, which carries its settings and checks its configuration itself:
 * its code comes into the bundle only with it.
 */
export interface OrganizationsOption {
  /** The registry rows of its endpoints (internal). */
  readonly [endpointRows]: readonly object[];
}
