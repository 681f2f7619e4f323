/**
 * `npm run scale`: the long profile. Throughput and latency of the load with 1, 2 and 3 instances
 * behind HAProxy (and 3 with the Redis session cache in front of PostgreSQL), then each fault on
 * 3 instances, without and with the session cache, printed as Markdown tables. Bounded by request
 * count, not time: `SCALE_USERS` simulated users (default 48) run `SCALE_ROUNDS` rounds each
 * (default 8), about 7 requests a round.
 */
import { faults, runFault, type FaultReport } from "./faults.js";
import { createLoad, percentile } from "./load.js";
import { missingServices, startCluster } from "./services.js";

const missing = missingServices();
if (missing) {
  console.error(`npm run scale needs ${missing}`);
  process.exit(1);
}

const users = Number(process.env.SCALE_USERS ?? 48);
const rounds = Number(process.env.SCALE_ROUNDS ?? 8);
const ms = (value: number) => value.toFixed(1);

interface Row {
  setup: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  readP50: number;
  signInP50: number;
  /** CPU time of all instances together per request, in ms: what contention on the machine moves least. */
  cpuPerRequest: number;
  failed: number;
}

async function measure(instances: number, sessionCache: boolean, net: number): Promise<Row> {
  const cluster = await startCluster({ instances, users, sessionCache });
  try {
    const load = createLoad({ origin: cluster.balancer.origin, users, net });
    await load.run(1); // every user signs in once before the clock starts
    const first = load.records.length;
    const cpu = () => cluster.instances.reduce((sum, instance) => sum + instance.cpuMs(), 0);
    const cpuBefore = cpu();
    const started = performance.now();
    await load.run(rounds);
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = cpu() - cpuBefore;
    const records = load.records.slice(first);
    const latency = (kind?: string) => records.filter((record) => !kind || record.kind === kind).map((record) => record.done - record.sent);
    const all = latency();
    return {
      setup: `${instances} instance${instances > 1 ? "s" : ""}${sessionCache ? ", session cache" : ""}`,
      requests: records.length,
      perSecond: records.length / seconds,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      readP50: percentile(latency("read"), 50),
      signInP50: percentile(latency("signIn"), 50),
      cpuPerRequest: cpuMs / records.length,
      failed: records.filter((record) => record.status === 0 || record.status >= 500).length,
    };
  } finally {
    await cluster.stop();
  }
}

console.log(`# Latch scale profile: ${users} simulated users, ${rounds} rounds each, Node ${process.version}\n`);
const rows: Row[] = [];
let net = 100;
for (const [instances, sessionCache] of [[1, false], [2, false], [3, false], [3, true]] as const) {
  rows.push(await measure(instances, sessionCache, net++));
  console.error(`measured ${rows.at(-1)!.setup}`);
}
console.log("| setup | requests | requests/s | p50 ms | p95 ms | p99 ms | session read p50 ms | sign-in p50 ms | instances' CPU ms per request | 5xx or no answer |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  console.log(`| ${row.setup} | ${row.requests} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.readP50)} | ${ms(row.signInP50)} | ${ms(row.cpuPerRequest)} | ${row.failed} |`);
}

/** The faults on a fresh 3-instance cluster, with or without the session cache. */
async function faultPhases(sessionCache: boolean, net: number): Promise<FaultReport[]> {
  const reports: FaultReport[] = [];
  const cluster = await startCluster({ instances: 3, users, sessionCache });
  try {
    const load = createLoad({ origin: cluster.balancer.origin, users, net });
    await load.run(1);
    let probe = 1;
    // The fault strikes a third of the way into its phase (about 7 requests per user and round).
    for (const fault of faults) reports.push(await runFault(cluster, load, fault, { rounds, after: Math.round((users * rounds * 7) / 3), probe: probe++ }));
  } finally {
    await cluster.stop();
  }
  return reports.map((report) => ({ ...report, fault: `${report.fault}${sessionCache ? ", session cache" : ""}` }));
}

const reports = [...(await faultPhases(false, 120)), ...(await faultPhases(true, 121))];
console.log("\n| fault | requests | in flight | 5xx or no answer (in flight / other) | reads without the session | other answers | fault took ms | sessions checked / lost | limit held |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const report of reports) {
  const unusual = Object.entries(report.statuses)
    .filter(([key]) => !/ (200|302)$/.test(key))
    .map(([key, count]) => `${key}: ${count}`)
    .join(", ");
  console.log(
    `| ${report.fault} | ${report.requests} | ${report.inFlight} | ${report.failedInFlight} / ${report.failedOther} | ${report.readsWithoutSession} | ${unusual || "none"} | ${report.faultMs.toFixed(0)} | ${report.sessionsChecked} / ${report.sessionsLost} | ${report.rateLimitHeld ? "yes" : "no"} |`,
  );
}
const broken = reports.some((report) => report.sessionsLost || report.failedOther || !report.rateLimitHeld);
process.exit(broken ? 1 : 0);
