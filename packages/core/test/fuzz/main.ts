/**
 * `npm run fuzz`: the fuzzer's long run. 100,000 requests by default (`LATCH_FUZZ_RUNS`), four in
 * five to `Auth()` and one in five as raw HTTP to `@latch/express`; `LATCH_FUZZ_SEED` replays a
 * run. Prints the counts and every finding with the request that showed it; exits 1 on a finding.
 */
import { describeReport, fuzz } from "./run.js";
import { startFuzzTarget } from "./target.js";

const total = Number(process.env.LATCH_FUZZ_RUNS ?? 100_000);
const seed = process.env.LATCH_FUZZ_SEED ? Number(process.env.LATCH_FUZZ_SEED) : Date.now() % 2 ** 31;
console.log(`fuzzing ${total} requests, seed ${seed}`);

const target = await startFuzzTarget();
const started = Date.now();
const core = await fuzz(target, "core", Math.round(total * 0.8), { seed });
console.log(describeReport(core));
const express = await fuzz(target, "express", total - core.sent - core.unsendable, { seed });
console.log(describeReport(express));
console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
await target.close();
process.exit(core.findings.size + express.findings.size + core.unhandledRejections.length + express.unhandledRejections.length ? 1 : 0);
