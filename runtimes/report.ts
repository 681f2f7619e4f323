/**
 * Runs the portable checks and prints the number of checks (`1..N`), then one line per
 * check (`ok - name` or `not ok - name: why`): the lines the runner counts. Shared by every runtime's entry.
 */
import * as node from "latch-seal/node";
import * as portable from "latch-seal/portable";
import { checks, runChecks } from "./checks.js";

/** Prints each result through `print` and returns how many failed. */
export async function report(print: (line: string) => void): Promise<number> {
  const list = checks({ node, portable });
  print(`1..${list.length}`);
  const results = await runChecks(list);
  for (const { name, error } of results) print(error === undefined ? `ok - ${name}` : `not ok - ${name}: ${error}`);
  return results.filter((result) => result.error !== undefined).length;
}
