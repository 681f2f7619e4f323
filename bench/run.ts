/**
 * `npm run bench`: the cost of the hot paths, measured side by side in one run, in interleaved
 * rounds. First Latch against Auth.js (`@auth/core`, installed in bench/authjs on first use) on
 * the same inputs, then Latch's own trade-offs, then a summary of the ratios to Auth.js.
 */
import { availableParallelism } from "node:os";
import { authJs } from "./authjs-load.js";
import { compare } from "./compare.js";
import { latch } from "./contender.js";
import { latchOnly } from "./latch.js";
import { printSummary } from "./summary.js";

async function main() {
  const reference = await authJs();
  const contenders = "skipped" in reference ? [latch()] : [latch(), reference];
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}, ${availableParallelism()} CPUs`);
  console.log(contenders.map((c) => `${c.name}: ${c.label}`).join("\n"));
  if ("skipped" in reference) console.log(`Auth.js comparison skipped: ${reference.skipped}`);

  const rows = await compare(contenders);
  await latchOnly();
  printSummary(rows, "skipped" in reference ? reference : reference.label);
}

await main();
