/**
 * What `npm pack` of @latch/nuxt ships: `dist/`, README, LICENSE and package.json only, and every
 * file its `exports` name. (Its runtime files load only inside a Nuxt build, which serves them
 * the app's `auth.config` as `#latch/config`; apps/example-nuxt builds an app on it.)
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/nuxt", "packages/nuxt");
  expect(packed.problems).toEqual([]);
  expect(packed.files).toContain("dist/module.js");
  expect(packed.files).toContain("dist/runtime/server/handler.js");
}, 60_000);
