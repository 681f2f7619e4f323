/**
 * The adapter contract. Import from `@latch/core/adapters` to write or type an adapter.
 *
 * @module @latch/core/adapters
 */
export type * from "./adapter.js";
export { requiredAdapterMethods } from "./adapter.js";
export { canonicalEmail } from "./security/email-spelling.js";
export {
  accountColumns,
  accountFromRow,
  authenticatorColumns,
  authenticatorFromRow,
  methodsText,
  releasedAccountColumns,
  passwordFromRow,
  secondFactorFromRow,
  sessionFromRow,
  sessionIdOf,
  sqlDateText,
  userColumns,
  signingKeyFromRow,
  apiKeyFromRow,
  scopesText,
  wordsText,
  standingFromRow,
  organizationFromRow,
  memberFromRow,
  teamFromRow,
  teamMemberFromRow,
  scimUserFromRow,
  scimGroupFromRow,
  organizationRoleFromRow,
  invitationFromRow,
  auditEventFromRow,
  activeOrganizationFromRow,
  userFromRow,
  verificationTokenFromRow,
  type StoredRow,
  type UserFromRowOptions,
} from "./adapter-rows.js";
