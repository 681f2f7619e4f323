/**
 * What `npm pack` of @latch/tanstack-start ships: `dist/`, README, LICENSE and package.json only,
 * and every file its `exports` name. (apps/example-tanstack-start builds an app on it.)
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/tanstack-start", "packages/tanstack-start");
  expect(packed.problems).toEqual([]);
  expect(packed.files).toContain("dist/index.js");
  expect(packed.files).toContain("dist/react.js");
}, 60_000);
