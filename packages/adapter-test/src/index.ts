/**
 * The conformance suite every Latch adapter runs against a real store.
 *
 * @module adapter-test
 */
import { afterAll, beforeAll, describe } from "vitest";
import { accountRefreshTests } from "./account-refresh.js";
import { accountTests } from "./accounts.js";
import { authenticatorTests } from "./authenticators.js";
import { checkDeclaredMissing, trackRunningTest } from "./context.js";
import { passwordTests } from "./passwords.js";
import { secondFactorTests } from "./second-factors.js";
import { sessionAuthenticationTests } from "./session-authentication.js";
import { sessionControlTests } from "./session-control.js";
import { sessionTests } from "./sessions.js";
import { signingKeyTests } from "./signing-keys.js";
import { apiKeyTests } from "./api-keys.js";
import { adminTests } from "./admin.js";
import { organizationTests } from "./organizations.js";
import { scimTests } from "./scim.js";
import { teamTests } from "./teams.js";
import { auditTests } from "./audit.js";
import type { AdapterTestOptions } from "./types.js";
import { userTests } from "./users.js";
import { verificationTokenTests } from "./verification-tokens.js";

export type { AdapterTestOptions, Departure, TestDatabase } from "./types.js";
export { writtenByOneReadByOther } from "./shared-tables.js";
export { dateIn, newAccount, newAuthenticator, newSession, newUser, newVerificationToken, unique } from "./fixtures.js";

/**
 * Registers the conformance tests of the adapter contract, method by method, in a vitest `describe`.
 * `db.connect` runs once before the tests and `db.disconnect` once after. Every test uses the id
 * `createUser` returned, never assuming the one it passed. Tests of methods the adapter lacks fail
 * with a message naming the method, unless `missing` names it with a reason: they are then skipped
 * with that reason. The authenticator tests are skipped
 * when the adapter has no `createAuthenticator` or `db` has no `authenticator` reader, the
 * password tests when it has no `getPassword`/`setPassword` (the `password` reader is optional), the
 * second-factor tests when it has no `listSecondFactors`, the signing-key tests when it has no
 * `listSigningKeys`, the API-key tests when it has no `getApiKey`, the site-administration tests
 * when it has no `getUserStanding`.
 * `listSigningKeys`, the API-key tests when it has no `getApiKey`, the organization tests when it has
 * no `createOrganization`, the audit-trail tests when it has no `appendAuditEvent`, the SCIM tests
 * when it has no `createScimUser`.
 *
 * @example
 * ```ts
 * import { runAdapterTests } from "@latch/adapter-test"
 * import { describe } from "vitest"
 *
 * describe("my adapter", () => {
 *   runAdapterTests({
 *     adapter: MyAdapter(client),
 *     db: {
 *       connect: () => migrate(client),
 *       disconnect: () => dropSchema(client),
 *       user: (id) => readUserRow(client, id),
 *       account: (key) => readAccountRow(client, key),
 *       session: (token) => readSessionRow(client, token),
 *       verificationToken: (key) => readTokenRow(client, key),
 *       authenticator: (id) => readAuthenticatorRow(client, id),
 *     },
 *   })
 * })
 * ```
 */
export function runAdapterTests(options: AdapterTestOptions): void {
  const { db } = options;
  checkDeclaredMissing(options);
  trackRunningTest();
  beforeAll(async () => {
    await db.connect?.();
  });
  afterAll(async () => {
    await db.disconnect?.();
  });
  describe("adapter conformance", () => {
    userTests(options);
    accountTests(options);
    accountRefreshTests(options);
    sessionTests(options);
    sessionControlTests(options);
    sessionAuthenticationTests(options);
    verificationTokenTests(options);
    authenticatorTests(options);
    passwordTests(options);
    secondFactorTests(options);
    signingKeyTests(options);
    apiKeyTests(options);
    adminTests(options);
    organizationTests(options);
    teamTests(options);
    scimTests(options);
    auditTests(options);
  });
}
