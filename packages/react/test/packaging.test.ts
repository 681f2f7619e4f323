/**
 * What `npm pack` of @latch/react ships: `dist/`, README, LICENSE and package.json only, and
 * every file its `exports` name. (apps/example-react-router drives it in Chromium; apps/example-next
 * through `@latch/next/react`, which re-exports it.)
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/react", "packages/react");
  expect(packed.problems).toEqual([]);
  expect(packed.files).toContain("dist/index.js");
}, 60_000);
