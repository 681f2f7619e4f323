/**
 * What `npm pack` of @latch/sso ships: `dist/`, README, LICENSE and package.json only (no test,
 * no test key), and every file its `exports` name.
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/sso", "packages/sso");
  expect(packed.problems).toEqual([]);
  expect(packed.files).toContain("dist/index.js");
  expect(packed.files.filter((file) => file.includes("test"))).toEqual([]);
}, 60_000);
