// @ts-check
const group = process.env.LATCH_MUTATION_GROUP ? `-${process.env.LATCH_MUTATION_GROUP}` : "";

/**
 * `npm run mutate`: mutation testing of the security-critical modules (sign-in linking, sessions,
 * cookies/CSRF/callback URLs, the verification steps of each flow, origin handling, the request
 * conversion of the Express, SvelteKit and Next.js integrations). Incremental: results of
 * unchanged code and tests are reused from mutation/stryker-incremental[-<group>].json (kept on
 * the machine that ran it, not committed: it records absolute paths). One worker, to share the
 * machine. Scores per module, and the survivors judged equivalent with the reason, are in
 * mutation/EQUIVALENT.md.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "mutation/vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: [
    "packages/core/src/signin/*.ts",
    "packages/core/src/security/*.ts",
    "packages/core/src/session/*.ts",
    // Set-Cookie writing lives with the response writer.
    "packages/core/src/http/respond.ts",
    "packages/core/src/features/session-control/control.ts",
    "packages/core/src/features/session-control/api.ts",
    "packages/core/src/features/revocation/revocation.ts",
    "packages/core/src/flows/credentials.ts",
    "packages/core/src/flows/email/index.ts",
    "packages/core/src/flows/email/identifier.ts",
    "packages/core/src/flows/oauth/callback.ts",
    "packages/core/src/flows/oauth/checks.ts",
    "packages/core/src/flows/oauth/tokens.ts",
    "packages/core/src/flows/oauth/form-post-user.ts",
    "packages/core/src/features/passkeys/authenticate.ts",
    "packages/core/src/features/passkeys/register.ts",
    "packages/core/src/features/passkeys/challenge.ts",
    "packages/core/src/config/env.ts",
    "packages/core/src/config/origin.ts",
    "packages/express/src/request.ts",
    "packages/sveltekit/src/request.ts",
    "packages/next/src/request.ts",
    "!**/*.test.ts",
  ],
  // Mutate the files where they are: the tests import the packages by name (`@latch/core`…), and the
  // workspace links in node_modules point at these folders, not at a sandbox copy.
  inPlace: true,
  // Vitest does not type-check: no `// @ts-nocheck` is written into the files.
  disableTypeChecks: false,
  // A static mutant (module-level code) would rerun every suite for nothing: the runner activates
  // mutants after the modules are loaded. Those are listed and judged by hand in EQUIVALENT.md.
  ignoreStatic: true,
  incremental: true,
  // `LATCH_MUTATION_GROUP=<name>` keeps the results of a narrowed run apart from the others.
  incrementalFile: `mutation/stryker-incremental${group}.json`,
  concurrency: 1,
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `mutation/report${group}.json` },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
