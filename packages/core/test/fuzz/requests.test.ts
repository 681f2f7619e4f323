/**
 * A short fuzzing run in every test run: generated hostile requests against `Auth()` and against
 * `@latch/express` on a socket, with a realistic configuration (see target.ts). `npm run fuzz`
 * runs the same properties over 100,000 requests.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeReport, fuzz } from "./run.js";
import { startFuzzTarget, type FuzzTarget } from "./target.js";

const coreRuns = Number(process.env.LATCH_FUZZ_CORE ?? 1000);
const expressRuns = Number(process.env.LATCH_FUZZ_EXPRESS ?? 400);
// One fixed seed, so that every run of the suite sends the same requests and a red run can be
// replayed; `npm run fuzz` draws a new seed each time to explore further. LATCH_FUZZ_SEED overrides.
const seed = Number(process.env.LATCH_FUZZ_SEED ?? 1240656437);

describe("fuzzed requests", { timeout: 120_000 }, () => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await startFuzzTarget();
  });
  afterAll(async () => {
    await target?.close();
  });

  test(`${coreRuns} requests to Auth(): no 5xx, no trace, no secret, refusals write nothing`, async () => {
    const report = await fuzz(target, "core", coreRuns, { seed });
    console.log(`seed ${seed}\n${describeReport(report)}`);
    // The run reached deep enough to mean something: refusals and successes both happened.
    expect(report.refused).toBeGreaterThan(coreRuns / 10);
    expect(report.sent - report.refused).toBeGreaterThan(coreRuns / 20);
    expect([...report.findings.keys()]).toEqual([]);
    expect(report.unhandledRejections).toEqual([]);
  });

  test(`${expressRuns} raw HTTP requests to @latch/express: the same properties`, async () => {
    const report = await fuzz(target, "express", expressRuns, { seed });
    console.log(`seed ${seed}\n${describeReport(report)}`);
    expect(report.refused).toBeGreaterThan(expressRuns / 10);
    expect([...report.findings.keys()]).toEqual([]);
    expect(report.unhandledRejections).toEqual([]);
  });
});
