/**
 * Every error Latch raises. Each class fixes a stable `type`; `switch (err.type)` narrows
 * over {@link LatchError}.
 *
 * @module @latch/core/errors
 */
import type { LatchError as CoreError } from "./errors.js";
// The password rules' errors live with the rules (`@latch/core/passwords`), loaded only by apps
// that use passwords; the second-factor refusals live with `SecondFactors()`, the access-token errors with `AccessTokens()`. Their types belong
// to the union here, and only here: core's errors.ts sits below every feature.
import type { PasswordRuleError } from "./features/passwords/errors.js";
import type { SecondFactorRefusalError } from "./features/second-factors/errors.js";
import type { AccessTokenError } from "./features/access-tokens/errors.js";
import type { BearerSessionError } from "./features/bearer-sessions/errors.js";
import type { ApiKeyError } from "./features/api-keys/errors.js";
import type { AdminError } from "./features/admin/errors.js";
import type { AuditTrailError } from "./features/audit/errors.js";
import type { OrganizationError } from "./features/organizations/errors.js";
import type { ScimError } from "./features/scim/errors.js";

export * from "./errors.js";

/** Every error class Latch raises, as a union that narrows on `type`. */
export type LatchError = CoreError | PasswordRuleError | SecondFactorRefusalError | AccessTokenError | BearerSessionError | ApiKeyError | AdminError | OrganizationError | AuditTrailError | ScimError;
