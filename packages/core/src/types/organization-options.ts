import type { featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/**
 * Turns on organizations: members with roles, invitations by email, the active organization on
 * the session, and the `<base>/organizations` endpoints. Made by `Organizations()` of
 * `@latch/core/organizations`, which carries its settings and checks its configuration itself:
 * its code comes into the bundle only with it.
 */
export interface OrganizationsOption {
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
