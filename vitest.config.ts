import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The suites that need better-sqlite3, which the root install leaves out (it compiles from source
 * here); `npm run sqlite` installs it from tools/sqlite's lock file, as `.ci/run` does. Without it
 * they are skipped with that reason, unless `LATCH_REQUIRE_SERVICES=1` (CI) requires them.
 */
const sqliteSuites = [
  "packages/adapter-typeorm/test/api-keys-through-auth.test.ts",
  "packages/adapter-typeorm/test/authjs-schema.test.ts",
  "packages/adapter-typeorm/test/connection-string.test.ts",
  "packages/adapter-typeorm/test/custom-entities.test.ts",
  "packages/adapter-typeorm/test/migrations.test.ts",
  "packages/adapter-typeorm/test/organizations-through-auth.test.ts",
  "packages/adapter-typeorm/test/password-endpoints.test.ts",
  "packages/adapter-typeorm/test/sqlite.test.ts",
  "packages/adapter-drizzle/test/api-keys-through-auth.test.ts",
  "packages/adapter-drizzle/test/drizzle-kit.test.ts",
  "packages/adapter-drizzle/test/interop.test.ts",
  "packages/adapter-drizzle/test/organizations-through-auth.test.ts",
  "packages/adapter-drizzle/test/sqlite.test.ts",
  "packages/adapter-kysely/test/api-keys-through-auth.test.ts",
  "packages/adapter-kysely/test/http-sign-in.test.ts",
  "packages/adapter-kysely/test/organizations-through-auth.test.ts",
  "packages/adapter-kysely/test/queries.test.ts",
  "packages/adapter-kysely/test/shared-tables.test.ts",
  "packages/adapter-kysely/test/sqlite.test.ts",
  "packages/cli/test/migrate.test.ts",
  "packages/cli/test/migrate-drizzle.test.ts",
  "packages/cli/test/migrate-kysely.test.ts",
  "compat/authjs-adapters/test/typeorm-switch.test.ts",
];
const sqliteInstalled = existsSync(fileURLToPath(new URL("node_modules/better-sqlite3/package.json", import.meta.url)));
const requireServices = /^(1|true|yes)$/i.test(process.env.LATCH_REQUIRE_SERVICES ?? "");
const skipSqlite = !sqliteInstalled && !requireServices;
if (skipSqlite) console.warn(`skipped: better-sqlite3 is not installed (npm run sqlite installs it): ${sqliteSuites.length} suites`);

const reporters: string[] = ["default"];
if (process.env.LATCH_TEST_JSON) reporters.push("json");
if (process.env.LATCH_RETRIED_JSON) reporters.push("./tools/vitest/retries-reporter.ts");
// In CI a test that fails is run once more: a browser or a child process on a loaded two-core
// machine can miss a deadline once. `.ci/run` prints every test that needed the retry.
const ci = /^(1|true)$/i.test(process.env.CI ?? "");

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts", "compat/*/test/**/*.test.ts", "docs/test/**/*.test.ts", "docs/site/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/.git/**", ...(skipSqlite ? sqliteSuites : [])],
    // eventsource-parser (under the MCP SDK's client, inlined with it) exports its TypeScript sources under the
    // "source" condition this config resolves with: Vite transforms it instead of Node loading .ts.
    server: { deps: { inline: ["eventsource-parser", "eventsource", "@modelcontextprotocol/sdk"] } },
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    retry: ci ? 1 : 0,
    reporters,
    outputFile: process.env.LATCH_TEST_JSON ? { json: process.env.LATCH_TEST_JSON } : undefined,
    // On with `--coverage` (as `npm test` runs it); the thresholds guard the security-critical code.
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts"],
      // The browser passkey client runs in Chromium, not in Node: its coverage is measured there
      // and printed by packages/core/src/features/passkeys/test/browser-client.test.ts. The passkey page's
      // script (features/passkeys/browser/) runs in Chromium too.
      exclude: ["**/*.test.ts", "**/*.test-d.ts", "**/test-*.ts", "packages/*/src/**/test/**", "packages/testing/**", "packages/adapter-test/**", "packages/core/src/features/passkeys/client.ts", "packages/core/src/features/passkeys/browser/**"],
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
        // Moved out of session/ and flows/ into their features, under the same bar together.
        "packages/core/src/features/{session-control,revocation,passkeys}/**": { branches: 90 },
      },
    },
  },
});
