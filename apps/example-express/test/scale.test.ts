/**
 * Three instances of this example behind HAProxy (round-robin, no stickiness), with database
 * sessions in a PostgreSQL and rate limits in a redis-server that the suite starts for itself, and
 * a load of simulated users signing in, reading and updating their sessions and signing out. While
 * the load runs, one instance is killed with SIGKILL and started again, then Redis is restarted,
 * then PostgreSQL. After each fault: every signed-in user still reads its session, no request got
 * a 5xx (or no answer) but those in flight when the instance died (at most one per user), and a
 * rate limit filled through one instance before the fault refuses through another after it.
 * Then three instances with JWT sessions and `JwtRevocation` in Redis: a copy of each user's
 * session cookie, read by every instance before, is refused by every instance once the user signed
 * out, through two Redis restarts.
 *
 * Needs haproxy, PostgreSQL's initdb and redis-server; skipped with a message without them, unless
 * `LATCH_REQUIRE_SERVICES=1`. `npm run scale` is the long profile (throughput, latency, faults).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { faults, fillRateLimit, limitStatus, runFault } from "./scale/faults.js";
import { createBrowser } from "@latch/testing";
import { clientAddress, createLoad, type Load } from "./scale/load.js";
import { missingServices, startCluster, type Cluster } from "./scale/services.js";

const missing = missingServices();
if (missing && /^(1|true|yes)$/i.test(process.env.LATCH_REQUIRE_SERVICES ?? "")) throw new Error(`the scale suite needs ${missing}`);
if (missing) console.warn(`skipped: the scale suite needs ${missing}`);

const users = 24;

describe.skipIf(missing !== undefined)("three instances behind HAProxy, with faults", () => {
  let cluster: Cluster;
  let load: Load;

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, users });
    load = createLoad({ origin: cluster.balancer.origin, users });
  }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  test("every user signs in and reads its session, answered by every instance in turn", async () => {
    await load.run(1);
    expect(load.records.filter((record) => record.status === 0 || record.status >= 400)).toEqual([]);
    expect(load.users.filter((user) => user.state !== "signedIn")).toEqual([]);
    expect(load.records.filter((record) => record.withoutSession)).toEqual([]);
    expect(new Set(load.records.map((record) => record.servedBy))).toEqual(new Set(["app1", "app2", "app3"]));
    const sessions = await load.checkSessions();
    expect(sessions).toEqual({ checked: users, lost: [], unknown: 0 });
  }, 60_000);

  test("a limit filled through one instance refuses through the others, and only for that client", async () => {
    const [first, second, third] = cluster.instances as [Cluster["instances"][0], Cluster["instances"][0], Cluster["instances"][0]];
    const address = clientAddress(1, 240);
    const filled = await fillRateLimit(first, cluster.balancer.origin, address);
    // Wrong passwords answer the sign-in page's error redirect until the limit.
    expect(filled).toEqual(filled.map(() => 302));
    expect(await limitStatus(second, cluster.balancer.origin, address)).toBe(429);
    expect(await limitStatus(third, cluster.balancer.origin, address)).toBe(429);
    expect(await limitStatus(second, cluster.balancer.origin, clientAddress(2, 240))).toBe(302);
  }, 60_000);

  let probe = 1;
  for (const fault of faults) {
    test(`${fault.name}: no session lost, no 5xx but in flight, limits hold`, async () => {
      const report = await runFault(cluster, load, fault, { rounds: 4, after: 150, probe: probe++ });
      console.log(JSON.stringify(report));
      expect(report.sessionsLost).toBe(0);
      expect(report.sessionsChecked).toBeGreaterThanOrEqual(users - report.usersUnknown);
      expect(report.sessionsChecked).toBeGreaterThan(0);
      expect(report.failedOther).toBe(0);
      expect(report.failedInFlight).toBeLessThanOrEqual(fault.killsInstance ? users : 0);
      expect(report.rateLimitHeld).toBe(true);
      expect(report.answeredAfter).toEqual(["app1", "app2", "app3"]);
    }, 90_000);
  }
});

describe.skipIf(missing !== undefined)("three instances with JWT sessions, revocation in Redis", () => {
  let cluster: Cluster;
  let load: Load;
  const jwtUsers = 12;

  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, users: jwtUsers, sessions: "jwt" });
    load = createLoad({ origin: cluster.balancer.origin, users: jwtUsers, net: 110 });
  }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  /** Whether `cookies` read a session of `email` straight from each instance. */
  const readsThrough = (cookies: { name: string; value: string }[], email: string) =>
    Promise.all(
      cluster.instances.map(async (instance) => {
        const copy = createBrowser();
        for (const cookie of cookies) copy.setCookie(instance.origin, `${cookie.name}=${cookie.value}; Path=/`);
        const session = (await (await copy.fetch(`${instance.origin}/auth/session`)).json()) as { user?: { email?: string } } | null;
        return session?.user?.email === email;
      }),
    );

  test("a signed-out session's copied cookie is refused by every instance, through two Redis restarts", async () => {
    await load.run(1);
    expect(load.users.filter((user) => user.state !== "signedIn")).toEqual([]);
    const copies = load.users.map((user) => ({ email: user.email, cookies: user.browser.cookies(cluster.balancer.origin).filter((cookie) => cookie.name.includes("session-token")) }));
    // The copies are whole sessions: every instance reads them.
    for (const copy of copies) expect(await readsThrough(copy.cookies, copy.email)).toEqual([true, true, true]);
    const first = load.records.length;
    // Two more rounds: reads, an update, then every user signs out; Redis restarts meanwhile.
    await Promise.all([load.run(2), cluster.redis.restart()]);
    expect(load.records.slice(first).filter((record) => record.status === 0 || record.status >= 500)).toEqual([]);
    expect(load.users.filter((user) => user.state !== "signedOut")).toEqual([]);
    await cluster.redis.restart();
    for (const copy of copies) expect(await readsThrough(copy.cookies, copy.email)).toEqual([false, false, false]);
  }, 90_000);
});
