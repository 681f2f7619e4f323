/**
 * Compile-only: a permission is typed from the app's statements, so a misspelt resource or action,
 * or a role granted an action no statement declares, does not compile. Checked by
 * `npm run typecheck` (`tsc -p tsconfig.json`).
 */
import { expectTypeOf } from "vitest";
import type { Session } from "@latch/core";
import { accessControl, type Permission } from "@latch/core/organizations";

const ac = accessControl({ project: ["create", "delete"], billing: ["read"] } as const, {
  owner: { project: ["create", "delete"], billing: ["read"], organization: ["update", "delete"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  member: { project: ["create"] },
  // @ts-expect-error: "archive" is no action of "project"
  auditor: { project: ["archive"] },
});

declare const session: Session | null;

export const allowed = [
  ac.hasPermission(session, "project:delete"),
  ac.hasPermission(session, "billing:read"),
  // The default statements are always there.
  ac.hasPermission(session, "member:delete"),
  ac.can("member", "invitation:create"),
];

// @ts-expect-error: a misspelt action
ac.hasPermission(session, "project:delet");
// @ts-expect-error: a misspelt resource
ac.hasPermission(session, "projects:delete");
// @ts-expect-error: no action
ac.hasPermission(session, "project");

type AppPermission = Permission<typeof ac.statements>;
expectTypeOf<"project:create">().toExtend<AppPermission>();
expectTypeOf<"organization:delete">().toExtend<AppPermission>();
expectTypeOf<"project:archive">().not.toExtend<AppPermission>();
