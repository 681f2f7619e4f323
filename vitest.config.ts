import { defineConfig } from "vitest/config";

const reporters: string[] = ["default"];
if (process.env.LATCH_TEST_JSON) reporters.push("json");

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters,
    outputFile: process.env.LATCH_TEST_JSON ? { json: process.env.LATCH_TEST_JSON } : undefined,
  },
});
