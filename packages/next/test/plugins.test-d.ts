/**
 * Compile-only: `NextAuth`'s `auth()` and `unstable_update` type `session.user` from the config's
 * `plugins`; a config without plugins keeps `Session`. Checked by `tsc -p packages/next/tsconfig.json`.
 */
import { expectTypeOf } from "vitest";
import type { Session } from "@latch/core";
import { definePlugin } from "@latch/core/plugins";
import NextAuth from "../src/index.js";

const tenants = definePlugin({ id: "tenants", hooks: { session: () => ({ tenantId: 7 }) } });
const { auth, unstable_update } = NextAuth({ providers: [], plugins: [tenants] });

void (async () => {
  expectTypeOf((await auth())!.user!.tenantId).toEqualTypeOf<number>();
  expectTypeOf((await unstable_update({}))!.user!.tenantId).toEqualTypeOf<number>();
  // @ts-expect-error a field no configured plugin adds
  void (await auth())!.user!.other;
  const plain = NextAuth({ providers: [] });
  expectTypeOf(await plain.auth()).toEqualTypeOf<Session | null>();
});
