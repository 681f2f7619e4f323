/**
 * `npm run bench`: the cost of the hot paths, measured side by side in one run, in interleaved
 * rounds. First Latch against Auth.js (`@auth/core`, installed in bench/authjs on first use) on
 * the same inputs, and the session read against its floor on each crypto path; then Latch's own
 * trade-offs; then what packaging costs (bundle sizes, cold start); then a summary of the ratios.
 */
import { availableParallelism } from "node:os";
import { authJs } from "./authjs-load.js";
import { compare } from "./compare.js";
import { latch } from "./contender.js";
import { latchOnly } from "./latch.js";
import { bundleSizes } from "./bundle-size.js";
import { coldStart } from "./cold-start.js";
import { sessionFloors } from "./floors.js";
import { printFootprint, printSummary } from "./summary.js";

async function main() {
  const reference = await authJs();
  const contenders = "skipped" in reference ? [latch()] : [latch(), reference];
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs`);
  console.log(contenders.map((c) => `${c.name}: ${c.label}`).join("\n"));
  if ("skipped" in reference) console.log(`Auth.js comparison skipped: ${reference.skipped}`);

  const { rows, session, token } = await compare(contenders);
  const floors = await sessionFloors(contenders, session);
  rows.push(...floors.rows);
  await latchOnly();
  const withAuthJs = !("skipped" in reference);
  const bundles = await bundleSizes(withAuthJs);
  const cold = await coldStart(token, withAuthJs);
  printSummary(rows, "skipped" in reference ? reference : reference.label);
  printFootprint({ bundles, cold, floors });
}

await main();
