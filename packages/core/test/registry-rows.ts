/**
 * Every row Latch can serve: the table of Auth.js's actions and the rows each opt-in feature
 * carries on its option or provider, for tests that look a request's row up by its path (the
 * parser hands it to the limiter and the router).
 */
import { AccessTokens } from "@latch/core/access-tokens";
import { AccountLinks } from "@latch/core/accounts";
import { Admin } from "@latch/core/admin";
import { ApiKeys } from "@latch/core/api-keys";
import { AuditTrail } from "@latch/core/audit";
import { BearerSessions } from "@latch/core/bearer";
import { Organizations } from "@latch/core/organizations";
import { Scim } from "@latch/core/scim";
import Password from "@latch/core/providers/password";
import { SecondFactors } from "@latch/core/second-factors";
import { SessionControl } from "@latch/core/sessions";
import type { AnsweringRow } from "../src/http/request.js";
import { builtinRows } from "../src/registry/table.js";
import { rowOf } from "../src/rows/match.js";
import { featureCode } from "../src/symbols.js";

/** The rows each opt-in feature's factory carries on its option or provider. */
export const featureRows: Readonly<Record<string, readonly AnsweringRow[]>> = Object.fromEntries(
  Object.entries({
    SessionControl: SessionControl(),
    AccountLinks: AccountLinks(),
    SecondFactors: SecondFactors(),
    Password: Password(),
    AccessTokens: AccessTokens(),
    BearerSessions: BearerSessions({ redirectUris: ["com.example.app:/auth"] }),
    ApiKeys: ApiKeys(),
    Admin: Admin(),
    Organizations: Organizations(),
    AuditTrail: AuditTrail(),
    Scim: Scim(),
  }).map(([name, carrier]) => [
    name,
    (carrier[featureCode]?.rows ?? []) as readonly AnsweringRow[],
  ]),
);

/** The rows of the core table and of every feature, as a config turning every feature on has them. */
export const everyRow: readonly AnsweringRow[] = [...builtinRows, ...Object.values(featureRows).flat()];

/** `request` with the row the parser finds for its method and path among {@link everyRow}. */
export function withRow<R extends { readonly method: string; readonly action: string; readonly providerId?: string }>(request: R): R & { readonly row?: AnsweringRow } {
  return { ...request, row: rowOf(everyRow, request.method, request.action, request.providerId) };
}
