/** A measured case: a name and one operation to repeat. */
export interface BenchCase {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Operations per second of each case, measured in interleaved rounds so that drift hits all
 * alike; every other round runs the cases in reverse order, so that none always runs first.
 */
export async function measure(cases: BenchCase[], options: { rounds?: number; minMs?: number; warmUpMs?: number } = {}): Promise<Map<string, number>> {
  return new Map([...(await measureWithCpu(cases, options))].map(([name, { opsPerSec }]) => [name, opsPerSec]));
}

/** What {@link measureWithCpu} gives per case. */
export interface CaseFigures {
  /** Operations per second of wall-clock time. */
  opsPerSec: number;
  /** Microseconds of this process's CPU time (user + system) per operation. */
  cpuMicros: number;
}

/**
 * {@link measure}, with the process's CPU time per operation as well: on a machine other
 * processes share, waiting for a core inflates the wall-clock time of every case, the CPU time
 * much less, so the ratios of CPU times are the steadier ones there (for operations that do not
 * wait on I/O).
 */
export async function measureWithCpu(cases: BenchCase[], { rounds = 5, minMs = 300, warmUpMs = 200 } = {}): Promise<Map<string, CaseFigures>> {
  const totals = new Map<string, { ops: number; ms: number; cpu: number }>();
  for (const c of cases) {
    const start = performance.now();
    for (let i = 0; i < 50 || performance.now() - start < warmUpMs; i++) await c.run(); // warm-up
    totals.set(c.name, { ops: 0, ms: 0, cpu: 0 });
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      let ops = 0;
      while (performance.now() - start < minMs) {
        await c.run();
        ops++;
      }
      const cpu = process.cpuUsage(cpuStart);
      const total = totals.get(c.name)!;
      total.ops += ops;
      total.ms += performance.now() - start;
      total.cpu += cpu.user + cpu.system;
    }
  }
  return new Map([...totals].map(([name, { ops, ms, cpu }]) => [name, { opsPerSec: (ops / ms) * 1000, cpuMicros: cpu / ops }]));
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
