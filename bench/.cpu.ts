// dev: CPU time per op (process.cpuUsage), interleaved rounds
export async function cpuMeasure(cases: { name: string; run: () => Promise<unknown> }[], rounds = 8, n = 1500) {
  const tot = new Map<string, number>(cases.map((c) => [c.name, 0]));
  for (const c of cases) for (let i = 0; i < 2000; i++) await c.run();
  for (let r = 0; r < rounds; r++) for (const c of r % 2 ? [...cases].reverse() : cases) {
    const s = process.cpuUsage();
    for (let i = 0; i < n; i++) await c.run();
    const d = process.cpuUsage(s);
    tot.set(c.name, tot.get(c.name)! + (d.user + d.system) / n);
  }
  return new Map([...tot].map(([k, v]) => [k, v / rounds]));
}
