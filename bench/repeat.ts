/**
 * `npm run bench -- --repeat <n>`: the hot paths in `n` fresh processes, one after another, and
 * each path's ratio to its floor from every run with their median. On a machine where a process's
 * state (where its heap and code land, what the compiler made of each case) moves the ratios more
 * than the rounds within one process do, the median of several processes is the figure to quote.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HotPath } from "./summary.js";

/** The environment variable that asks a run of the hot paths to write its figures (JSON) to a file. */
export const figuresFile = "LATCH_BENCH_FIGURES";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs the hot paths `runs` times, each in a fresh process, and prints every ratio to the floor and their median. */
export function repeatHotPaths(runs: number): void {
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--repeat needs a number of runs: npm run bench -- --repeat 5");
  const dir = mkdtempSync(join(tmpdir(), "latch-bench-"));
  const entry = fileURLToPath(new URL("./run.ts", import.meta.url));
  const byPath = new Map<string, { time: number[]; cpu: number[] }>();
  try {
    for (let run = 1; run <= runs; run++) {
      const file = join(dir, `${run}.json`);
      console.log(`run ${run} of ${runs}: the hot paths in a fresh process`);
      const child = spawnSync(process.execPath, [...process.execArgv, entry, "hot"], { env: { ...process.env, [figuresFile]: file }, stdio: ["ignore", "ignore", "inherit"] });
      if (child.status !== 0) throw new Error(`run ${run} of the hot paths failed (exit ${child.status})`);
      for (const path of JSON.parse(readFileSync(file, "utf8")) as HotPath[]) {
        const ratios = byPath.get(path.what) ?? { time: [], cpu: [] };
        ratios.time.push(path.floor / path.latch);
        ratios.cpu.push(path.latchCpu / path.floorCpu);
        byPath.set(path.what, ratios);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nHot paths in ${runs} fresh processes: the time Latch takes ÷ the time of its floor, each run in order, then the median (wall clock; CPU time)`);
  const width = Math.max(...[...byPath.keys()].map((what) => what.length));
  const list = (values: number[]) => values.map((v) => `${v.toFixed(2)}x`).join(" ");
  for (const [what, { time, cpu }] of byPath) {
    console.log(`  ${what.padEnd(width)}  median ${median(time).toFixed(2)}x  CPU ${median(cpu).toFixed(2)}x   runs: ${list(time)}`);
  }
}
