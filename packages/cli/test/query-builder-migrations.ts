/**
 * What the `latch migrate --drizzle|--kysely <dialect>` suites check alike: the plan, status and
 * apply commands for a dialect's migrations, then a sign-in's rows written and read through the
 * query builder's adapter on the tables they made.
 */
import type { Adapter } from "@latch/core/adapters";
import { expect } from "vitest";
import type { latch } from "./run-cli.js";

export const random = () => `latch_cli_${Math.random().toString(36).slice(2, 10)}`;

/** The rows of a sign-in with an OAuth account, then what a later request reads; emails unique unless empty. */
export async function signIn(adapter: Adapter): Promise<void> {
  const a = adapter as Required<Adapter>;
  const email = `${random()}@example.com`;
  const user = await a.createUser({ id: crypto.randomUUID(), name: "Ada", email, emailVerified: null, image: null });
  await a.linkAccount({ userId: user.id, type: "oidc", provider: "github", providerAccountId: random(), access_token: "gho_x", token_type: "bearer" });
  const session = await a.createSession({ sessionToken: random(), userId: user.id, expires: new Date(Date.UTC(2099, 0, 1)), amr: ["pwd", "otp"] });
  const read = await a.getSessionAndUser(session.sessionToken);
  expect(read?.user).toEqual(user);
  expect(read?.session.amr).toEqual(["pwd", "otp"]);
  expect(await a.getUserByEmail(email)).toEqual(user);
  const anonymous = () => a.createUser({ id: crypto.randomUUID(), name: null, email: "", emailVerified: null, image: null });
  await anonymous();
  await anonymous();
  await expect(a.createUser({ id: crypto.randomUUID(), name: null, email, emailVerified: null, image: null })).rejects.toThrow();
}

/** plan, status, apply, status, apply: what each prints and exits with, for `list` (the dialect's migrations). */
export async function planApplyStatus(cli: (action: string) => ReturnType<typeof latch>, list: readonly { version: number; name: string }[], label: string): Promise<void> {
  const plan = await cli("plan");
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain(label);
  for (const migration of list) expect(plan.stdout).toContain(`-- migration ${migration.version}: ${migration.name}`);
  expect((await cli("status")).code).toBe(1);
  const apply = await cli("apply");
  expect(apply.stderr).toBe("");
  expect(apply.code).toBe(0);
  const status = await cli("status");
  expect(status.code).toBe(0);
  expect(status.stdout.match(/applied {2}\d+/g)).toHaveLength(list.length);
  expect((await cli("apply")).stdout).toContain("nothing to apply");
}
