import type { BundleRow } from "./bundle-size.js";
import type { DatabaseSessionFigures } from "./database-session.js";

/** The closing table: Latch ÷ Auth.js for every compared operation. */
export interface SummaryRow {
  what: string;
  /** ops/s */
  latch: number;
  /** ops/s */
  authjs: number;
  /** For HTTP operations, the cookies each one sets: `<Latch's> | <Auth.js's>`. */
  setCookies?: string;
}


/** One hot path as measured: its rates per implementation and its floor. */
export interface HotPath {
  what: string;
  latch: number;
  authjs?: number;
  floor: number;
  /** Microseconds of CPU time per request: Latch's, Auth.js's, the floor's. */
  latchCpu: number;
  authjsCpu?: number;
  floorCpu: number;
  /** What the floor does. */
  floorIs: string;
}

const ops = (n: number) => n.toFixed(0).padStart(13);

/** Prints the ratios, or why there are none. */
export function printSummary(rows: SummaryRow[], authjs: string | { skipped: string }): void {
  if (typeof authjs !== "string") {
    console.log(`\nSummary: Auth.js comparison skipped (${authjs.skipped}); Latch's figures are above.`);
    return;
  }
  console.log(`\nSummary: Latch ÷ Auth.js (${authjs}), same process, same inputs; >1 means Latch is faster`);
  const width = Math.max(...rows.map((r) => r.what.length), 9);
  console.log(`  ${"operation".padEnd(width)}   Latch ops/s  Auth.js ops/s  Latch ÷ Auth.js  Set-Cookie (Latch | Auth.js)`);
  for (const r of rows) {
    const ratio = `${(r.latch / r.authjs).toFixed(2)}x`.padStart(15);
    console.log(`  ${r.what.padEnd(width)} ${ops(r.latch)}  ${ops(r.authjs)}  ${ratio}  ${r.setCookies ?? "-"}`);
  }
}

/** Prints what packaging costs: bundle sizes and cold start against Auth.js, and the distance to the floor. */
export function printFootprint({ bundles, cold, hot, database }: { bundles: BundleRow[]; cold: Map<string, number>; hot: HotPath[]; database: DatabaseSessionFigures }): void {
  console.log("\nFootprint: Latch ÷ Auth.js, <100 % means Latch is smaller or starts sooner");
  const width = Math.max(...bundles.map((b) => b.what.length));
  for (const b of bundles) {
    const ratio = b.authjs ? `${((b.latch / b.authjs) * 100).toFixed(0)} %` : "-";
    console.log(`  bundle ${b.what.padEnd(width)}  ${String(b.latch).padStart(7)} B gzip  ${String(b.authjs ?? "-").padStart(7)} B  ${ratio.padStart(5)}`);
  }
  const latch = cold.get("Latch")!;
  const authjs = cold.get("Auth.js");
  console.log(`  cold start, import → first GET /session (median)  ${latch.toFixed(1)} ms  ${authjs?.toFixed(1) ?? "-"} ms  ${authjs ? `${((latch / authjs) * 100).toFixed(0)} %` : "-"}`);
  console.log("\nHot paths: the time Latch takes ÷ the time of its floor (1.00x = the floor), wall clock and CPU time");
  for (const p of hot) console.log(`  ${p.what.padEnd(48)} ${(p.floor / p.latch).toFixed(2)}x  CPU ${(p.latchCpu / p.floorCpu).toFixed(2)}x   floor: ${p.floorIs}`);
  if ("skipped" in database) console.log(`  GET /session, database (@latch/pg)               skipped: ${database.skipped}`);
  else console.log(`  GET /session, database (@latch/pg)               ${(database.floor / database.latch).toFixed(2)}x   floor: the same SELECT … JOIN with pg; ${database.latchStatements.toFixed(2)} round trips per read (floor ${database.floorStatements.toFixed(2)})`);
}
