import { defineConfig } from "vitest/config";

const reporters: string[] = ["default"];
if (process.env.LATCH_TEST_JSON) reporters.push("json");

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "compat/*/test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters,
    outputFile: process.env.LATCH_TEST_JSON ? { json: process.env.LATCH_TEST_JSON } : undefined,
    // On with `--coverage` (as `npm test` runs it); the thresholds guard the security-critical code.
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts"],
      // The browser passkey client runs in Chromium, not in Node: its coverage is measured there
      // and printed by packages/core/test/webauthn/browser-client.test.ts.
      exclude: ["**/*.test.ts", "**/*.test-d.ts", "**/test-*.ts", "packages/testing/**", "packages/adapter-test/**", "packages/core/src/webauthn.ts"],
      reporter: ["text-summary", ["text", { skipFull: true }], "json-summary"],
      reportsDirectory: "coverage",
      // A suite that times out on a loaded machine should not hide the figures of the others.
      reportOnFailure: true,
      // At least 90 % of branches in each of the security-critical folders of core.
      thresholds: {
        "packages/core/src/signin/**": { branches: 90 },
        "packages/core/src/session/**": { branches: 90 },
        "packages/core/src/security/**": { branches: 90 },
        "packages/core/src/flows/**": { branches: 90 },
      },
    },
  },
});
