/**
 * What `npm pack` of @latch/astro ships: `dist/`, README, LICENSE and package.json only, and
 * every file its `exports` name. (Its modules load only inside an Astro build, which serves them
 * the app's `auth:config`; apps/example-astro and compat/astro-authjs build apps on it.)
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/astro", "packages/astro");
  expect(packed.problems).toEqual([]);
  expect(packed.files).toContain("dist/index.js");
}, 60_000);
