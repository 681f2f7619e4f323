/**
 * `npm run bench`: the cost of the hot paths, measured side by side in one run, in interleaved
 * rounds. First Latch against Auth.js (`@auth/core`, installed in bench/authjs on first use) on
 * the same inputs, and the session read against its floor on each crypto path; then Latch's own
 * trade-offs, what rate limits cost and database session reads with and without the Redis session
 * cache; then what packaging costs (bundle sizes, cold start); then a summary of the ratios.
 * `npm run bench -- cold-start` runs the cold-start comparison alone, `npm run bench -- rate-limit`
 * the cost of rate limits alone, `npm run bench -- passwords` the password figures alone (hashing
 * per implementation, sign-in, session reads while hashing, the reset request and the sign-up for
 * an address with and without an account); `npm run bench -- password-endpoints` the last two alone;
 * `npm run bench -- tokens` the bearer-session read, `/token` issuance and the API-key read alone;
 * `npm run bench -- session-cache` the database session reads with and without the session cache.
 * `npm run bench -- --against <ref> [--quick]` benches the hot paths of commit `<ref>` against the
 * working tree in the same rounds (see against.ts). `npm run bench -- --repeat <n>` runs the hot
 * paths in `n` fresh processes and prints each path's ratio to its floor from every run, with the
 * median (see repeat.ts).
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { encode } from "@latch/core/jwt";
import { against } from "./against.js";
import { repeatHotPaths } from "./repeat.js";
import { authJs } from "./authjs-load.js";
import { compare } from "./compare.js";
import { latch } from "./contender.js";
import { latchOnly } from "./latch.js";
import { rateLimitBench } from "./rate-limit.js";
import { sessionCacheBench } from "./session-cache.js";
import { databaseSessionBench } from "./database-session.js";
import { bundleSizes } from "./bundle-size.js";
import { coldStart } from "./cold-start.js";
import { passwordHashing } from "./password-hashing.js";
import { passwordReset } from "./password-reset.js";
import { passwordSignIn } from "./password-sign-in.js";
import { passwordSignUp } from "./password-sign-up.js";
import { tokenBench } from "./tokens.js";
import { claims, maxAge, secret, sessionCookie } from "./fixtures.js";
import { printFootprint, printSummary } from "./summary.js";

/** Only the cold start: a session token of the bench's user, then the side-by-side runs. */
async function coldStartOnly(withAuthJs: boolean) {
  const token = await encode({ token: claims, secret, salt: sessionCookie, maxAge });
  await coldStart(token, withAuthJs);
}

async function main() {
  const againstAt = process.argv.indexOf("--against");
  if (againstAt !== -1) {
    const ref = process.argv[againstAt + 1];
    if (!ref || ref.startsWith("--")) throw new Error("--against needs a commit, branch or tag: npm run bench -- --against main");
    // Both versions load from their TypeScript sources (the earlier commit has no build): the
    // working tree's seal too, which its package imports select under the `source` condition.
    if (!process.execArgv.includes("--conditions=source")) {
      const child = spawnSync(process.execPath, ["--conditions=source", "--import", "tsx", fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
      process.exitCode = child.status ?? 1;
      return;
    }
    return against(ref, process.argv.includes("--quick"));
  }
  const repeatAt = process.argv.indexOf("--repeat");
  if (repeatAt !== -1) return repeatHotPaths(Number(process.argv[repeatAt + 1]));
  if (process.argv.includes("password-endpoints")) return passwordReset().then(() => passwordSignUp());
  if (process.argv.includes("tokens")) return tokenBench();
  if (process.argv.includes("session-cache")) return sessionCacheBench();
  if (process.argv.includes("database-session")) return void (await databaseSessionBench());
  if (process.argv.includes("passwords")) return passwordHashing().then(() => passwordSignIn()).then(() => passwordReset()).then(() => passwordSignUp());
  const reference = await authJs();
  const contenders = "skipped" in reference ? [latch()] : [latch(), reference];
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs`);
  console.log(contenders.map((c) => `${c.name}: ${c.label}`).join("\n"));
  if ("skipped" in reference) console.log(`Auth.js comparison skipped: ${reference.skipped}`);
  if (process.argv.includes("cold-start")) return coldStartOnly(!("skipped" in reference));
  if (process.argv.includes("rate-limit")) return rateLimitBench();

  const { rows, hot, token } = await compare(contenders);
  if (process.argv.includes("hot")) return;
  await latchOnly();
  await tokenBench();
  await rateLimitBench();
  const database = await databaseSessionBench();
  await sessionCacheBench();
  const withAuthJs = !("skipped" in reference);
  const bundles = await bundleSizes(withAuthJs);
  const cold = await coldStart(token, withAuthJs);
  printSummary(rows, "skipped" in reference ? reference : reference.label);
  printFootprint({ bundles, cold, hot, database });
}

await main();
