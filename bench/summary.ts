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
