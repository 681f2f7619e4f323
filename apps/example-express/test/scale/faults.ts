/**
 * The faults, each injected while the load runs through the balancer: one instance killed with
 * SIGKILL and started again, Redis restarted, PostgreSQL restarted. Each is measured the same way:
 * the answers of the requests of its phase by status, the 5xx answers of requests that were in
 * flight when the fault struck and the others, every signed-in user's session read afterwards, and
 * a rate limit filled through one instance before the fault and checked through another after it.
 */
import { createBrowser } from "@latch/testing";
import type { Cluster, Instance } from "./services.js";
import { clientAddress, type Load, type RequestRecord } from "./load.js";

/** What one fault did. */
export interface FaultReport {
  fault: string;
  /** Requests of the phase (the load's, the session check's). */
  requests: number;
  /** Answers by request kind and status (`read 200`; status `0`: no answer). */
  statuses: Record<string, number>;
  /** Session reads of signed-in users answered without their session (`null`): not lost, not found. */
  readsWithoutSession: number;
  /** 5xx (or no answer) for requests in flight during the fault: sent before it ended, answered after it began. */
  failedInFlight: number;
  /** 5xx (or no answer) for any other request of the phase. */
  failedOther: number;
  /** Why requests got no answer, and how many. */
  errors: Record<string, number>;
  /** How many requests were in flight during the fault. */
  inFlight: number;
  /** How long the fault's action took (kill and start again, restart), in ms. */
  faultMs: number;
  /** Users signed in after the phase, whose session was read once more. */
  sessionsChecked: number;
  /** Of those, the ones whose session was gone. */
  sessionsLost: number;
  /** Users whose last answer did not tell whether they are signed in (left out of the check). */
  usersUnknown: number;
  /** The instances that answered requests sent after the fault's action was over. */
  answeredAfter: string[];
  /** A limit filled through one instance before the fault held through another after it. */
  rateLimitHeld: boolean;
}

/** A fault: what it does to the cluster. */
export interface Fault {
  name: string;
  /** The instance index the rate limit is checked through afterwards. */
  checkThrough: number;
  /** Whether requests in flight are lost with an instance (those may fail; no other may). */
  killsInstance: boolean;
  /** Strikes, and resolves with the moment (`performance.now()`) the fault ended for new requests. */
  act(cluster: Cluster): Promise<number>;
}

/** The faults, in the order the suite strikes them. */
export const faults: readonly Fault[] = [
  {
    name: "instance killed (SIGKILL) and started again",
    checkThrough: 1,
    killsInstance: true,
    async act(cluster) {
      await cluster.instances[1]!.kill();
      // From here connections to it are refused, and HAProxy sends them to another instance.
      const dead = performance.now();
      await cluster.instances[1]!.start();
      return dead;
    },
  },
  { name: "Redis restarted (AOF)", checkThrough: 2, killsInstance: false, act: async (cluster) => (await cluster.redis.restart(), performance.now()) },
  { name: "PostgreSQL restarted (pg_ctl restart -m fast)", checkThrough: 0, killsInstance: false, act: async (cluster) => (await cluster.postgres.restart(), performance.now()) },
];

/** Per-IP limit of the credentials route (the default, `RateLimit()`'s `credentials.ip`). */
export const credentialsIpLimit = 10;

/** One credentials sign-in with an unknown address, straight to `instance`, from `address`. */
async function wrongSignIn(instance: Instance, publicOrigin: string, address: string, n: number): Promise<number> {
  const browser = createBrowser({ headers: { "x-forwarded-for": address } });
  const { csrfToken } = (await (await browser.fetch(`${instance.origin}/auth/csrf`)).json()) as { csrfToken: string };
  const response = await browser.fetch(`${instance.origin}/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: publicOrigin },
    body: new URLSearchParams({ csrfToken, email: `nobody-${n}@example.com`, password: "wrong", callbackUrl: `${publicOrigin}/` }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Fills the credentials limit of `address` through `instance`: the statuses of the requests. */
export async function fillRateLimit(instance: Instance, publicOrigin: string, address: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < credentialsIpLimit; n++) statuses.push(await wrongSignIn(instance, publicOrigin, address, n));
  return statuses;
}

/** The status of one more sign-in from `address` through `instance`: 429 when the limit holds. */
export const limitStatus = (instance: Instance, publicOrigin: string, address: string): Promise<number> => wrongSignIn(instance, publicOrigin, address, credentialsIpLimit);

const failed = (record: RequestRecord) => record.status === 0 || record.status >= 500;

/**
 * Runs `rounds` rounds of the load and strikes `fault` once `after` requests have been answered;
 * then checks the sessions and the rate limit. `probe` numbers the rate-limit address.
 */
export async function runFault(cluster: Cluster, load: Load, fault: Fault, options: { rounds: number; after: number; probe: number }): Promise<FaultReport> {
  const address = clientAddress(options.probe, 250);
  const filled = await fillRateLimit(cluster.instances[0]!, cluster.balancer.origin, address);
  if (filled.some((status) => status === 429 || status >= 500)) throw new Error(`filling the limit was answered ${filled.join(", ")}`);
  const first = load.records.length;
  let answered = 0;
  let struck: Promise<void> | undefined;
  let strikeAt = 0;
  let endedAt = 0;
  let faultMs = 0;
  await load.run(options.rounds, () => {
    if (++answered !== options.after) return;
    strikeAt = performance.now();
    struck = fault.act(cluster).then((ended) => {
      endedAt = ended;
      faultMs = performance.now() - strikeAt;
    });
  });
  if (!struck) throw new Error(`the load answered only ${answered} requests, fewer than ${options.after}`);
  await struck;
  await cluster.balancer.allUp();
  const sessions = await load.checkSessions();
  const limit = await limitStatus(cluster.instances[fault.checkThrough]!, cluster.balancer.origin, address);
  const records = load.records.slice(first);
  const inFlight = (record: RequestRecord) => record.sent <= endedAt && record.done >= strikeAt;
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const record of records) {
    const key = `${record.kind} ${record.status}${record.status >= 500 && !record.servedBy ? " (HAProxy)" : ""}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (record.error) errors[`${record.kind}: ${record.error}`] = (errors[`${record.kind}: ${record.error}`] ?? 0) + 1;
  }
  return {
    fault: fault.name,
    requests: records.length,
    statuses,
    readsWithoutSession: records.filter((record) => record.withoutSession).length,
    errors,
    inFlight: records.filter(inFlight).length,
    failedInFlight: records.filter((record) => failed(record) && inFlight(record)).length,
    failedOther: records.filter((record) => failed(record) && !inFlight(record)).length,
    faultMs,
    sessionsChecked: sessions.checked,
    sessionsLost: sessions.lost.length,
    usersUnknown: sessions.unknown,
    answeredAfter: [...new Set(records.filter((record) => record.sent > strikeAt + faultMs && record.servedBy).map((record) => record.servedBy!))].sort(),
    rateLimitHeld: limit === 429,
  };
}
