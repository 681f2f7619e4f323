/**
 * What `npm pack` of @latch/oidc-provider ships: `dist/`, README, LICENSE and package.json only,
 * and every file its `exports` name.
 */
import { fileURLToPath } from "node:url";
import { packedPackage } from "@latch/testing";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const packed = await packedPackage(root, "@latch/oidc-provider", "packages/oidc-provider");
  expect(packed.problems).toEqual([]);
  for (const file of ["dist/index.js", "dist/express.js", "dist/pg.js", "dist/redis.js", "dist/resource.js", "dist/typeorm.js", "dist/drizzle.js", "dist/drizzle-tables.js", "dist/web.js"]) expect(packed.files).toContain(file);
}, 60_000);
