/**
 * The tests Stryker runs: those that drive the security-critical modules through Latch (core
 * `Auth()`, email/OAuth flows against the real OpenID Provider and SMTP server, Express on a
 * socket, faults on PostgreSQL), and the narrow suites written for mutation testing
 * (`packages/core/test/mutation-*`: each module called directly, on the real PostgreSQL and Redis). Left out: the Chromium suites and the fuzzer (slow, and random
 * inputs would make a mutant's fate depend on the seed).
 */
import { defineConfig } from "vitest/config";
import base from "../vitest.config.js";

// `LATCH_MUTATION_TESTS` (comma-separated globs) narrows the run, e.g. to the suites of one module.
const only = process.env.LATCH_MUTATION_TESTS?.split(",").filter(Boolean);

// Features' end-to-end suites that the default run leaves out (they live under src/, which the
// list below takes whole); `LATCH_MUTATION_TESTS` can still name them.
const featureSuitesLeftOut = [
  "packages/core/src/features/passwords/test/*.test.ts",
  "packages/core/src/features/passkeys/test/{browser-client,checks,faults,passkey-earned,passkey,pre-account-hijacking}.test.ts",
];

// The base config with its test list replaced (mergeConfig would append to it).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One worker keeps the modules it loaded from one mutant's run to the next (a mutant is
    // switched on at run time): only each suite's own setup runs again, not the whole import.
    isolate: false,
    // The OAuth suites share their harness's log lines: each test starts without the others'.
    setupFiles: only?.some((glob) => glob.includes("test/oauth/")) ? ["mutation/oauth-logs.setup.ts"] : [],
    include: only ?? [
      "packages/core/test/*.test.ts",
      "packages/core/test/mutation-*/*.test.ts",
      "packages/core/test/rate-limit/{ip,client-address}.test.ts",
      "packages/core/test/email/*.test.ts",
      "packages/core/test/oauth/*.test.ts",
      "packages/core/src/**/*.test.ts",
      "packages/express/test/*.test.ts",
      "packages/next/test/mutation-request.test.ts",
      "packages/sveltekit/test/mutation-request.test.ts",
      "packages/adapter-redis/test/{jwt-revocation,mutation-revocation}.test.ts",
      "packages/adapter-pg/test/faults.test.ts",
      "packages/adapter-pg/test/linking.test.ts",
      "packages/adapter-pg/test/http-*.test.ts",
    ],
    exclude: ["**/node_modules/**", "packages/core/test/runtime-agnostic.test.ts", "packages/core/src/providers/*.test.ts", "packages/core/src/pages/*.test.ts", "packages/core/src/features/*/pages.test.ts", ...(only ? [] : featureSuitesLeftOut)],
  },
});
