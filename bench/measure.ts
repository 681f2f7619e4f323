/** A measured case: a name and one operation to repeat. */
export interface BenchCase {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Operations per second of each case, measured in interleaved rounds so that drift hits all
 * alike; every other round runs the cases in reverse order, so that none always runs first.
 */
export async function measure(cases: BenchCase[], { rounds = 5, minMs = 300, warmUpMs = 200 } = {}): Promise<Map<string, number>> {
  const totals = new Map<string, { ops: number; ms: number }>();
  for (const c of cases) {
    const start = performance.now();
    for (let i = 0; i < 50 || performance.now() - start < warmUpMs; i++) await c.run(); // warm-up
    totals.set(c.name, { ops: 0, ms: 0 });
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      const start = performance.now();
      let ops = 0;
      while (performance.now() - start < minMs) {
        await c.run();
        ops++;
      }
      const total = totals.get(c.name)!;
      total.ops += ops;
      total.ms += performance.now() - start;
    }
  }
  return new Map([...totals].map(([name, { ops, ms }]) => [name, (ops / ms) * 1000]));
}

/** `<ops/s> ops/s  <µs/op> µs/op`, aligned. */
export function rate(opsPerSec: number): string {
  return `${opsPerSec.toFixed(0).padStart(9)} ops/s  ${(1e6 / opsPerSec).toFixed(1).padStart(8)} µs/op`;
}

/** Prints a table of figures and, for each pair, the ratio of the first to the second. */
export function report(title: string, results: Map<string, number>, ratios: [string, string][]): void {
  console.log(`\n${title}`);
  for (const [name, opsPerSec] of results) {
    console.log(`  ${name.padEnd(58)} ${rate(opsPerSec)}`);
  }
  for (const [a, b] of ratios) {
    const ratio = `${(results.get(a)! / results.get(b)!).toFixed(2)}x`;
    console.log(`  ratio ${ratio} = ${a}\n  ${" ".repeat(ratio.length + 7)}÷ ${b}`);
  }
}
