/**
 * Per-account lockout through `Auth()`: after repeated failures an account backs off,
 * exponentially, while other accounts sign in normally; an unknown account gets the very same
 * answers (status, body, cookies) from the very same code (the same store operations). The time
 * a sign-in takes is compared in `npm run bench`, never here. The clock is the store's own.
 */
import { describe, expect, test } from "vitest";
import { MemoryRateLimitStore, RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { origin } from "../client.js";
import { Attacker, config, countingCredentials, recorder } from "./harness.js";

/** A memory store on a clock the test moves, recording each operation with the key's shape (hashes hidden). */
function clockedStore() {
  const clock = { now: 5_000_000 };
  const inner = new MemoryRateLimitStore({ now: () => clock.now });
  const ops: string[] = [];
  const shape = (key: string) => key.replace(/[0-9a-f]{64}/g, "<hash>");
  const store: RateLimitStore = {
    hit: (key, ttl) => (ops.push(`hit ${shape(key)} ${ttl}`), inner.hit(key, ttl)),
    get: (key) => (ops.push(`get ${shape(key)}`), inner.get(key)),
    set: (key, count, ttl) => (ops.push(`set ${shape(key)} ${count} ${ttl}`), inner.set(key, count, ttl)),
    delete: (key) => (ops.push(`delete ${shape(key)}`), inner.delete(key)),
  };
  return { clock, store, ops };
}

function setup() {
  const { clock, store, ops } = clockedStore();
  const { provider, calls } = countingCredentials();
  const rec = recorder();
  const cfg = config({
    providers: [provider],
    rateLimit: RateLimit({ store, routes: { credentials: { ip: 10_000, account: 10_000 } }, lockout: { freeFailures: 3, baseDelay: 10, maxDelay: 40 } }),
    logger: rec.logger,
    events: { rateLimited: rec.onRateLimited },
  });
  return { clock, ops, calls, rec, attacker: new Attacker(cfg) };
}

const ip = "192.0.2.44";

describe("an account under attack backs off", () => {
  test("after the free failures it is refused for a doubling delay, while another account signs in normally", async () => {
    const { clock, calls, rec, attacker } = setup();
    const alice = (password: string) => attacker.signIn({ username: "alice", password }, { ip });
    for (let i = 0; i < 3; i++) expect((await alice("wrong")).headers.get("location")).toContain("error=CredentialsSignin");
    // Locked: even the right password is not tried.
    const locked = await alice("wonderland");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("10");
    expect(calls.count).toBe(3);
    // Bob, from the same address, is not affected.
    const bob = await attacker.signIn({ username: "bob", password: "builder" }, { ip });
    expect(bob.headers.get("location")).toBe(`${origin}/home`);

    // Each further failure doubles the wait, up to maxDelay.
    const waits: string[] = [];
    for (const wait of [10, 20, 40, 40]) {
      clock.now += wait * 1000;
      expect((await alice("wrong")).headers.get("location")).toContain("error=CredentialsSignin");
      waits.push((await alice("wrong")).headers.get("retry-after")!);
    }
    expect(waits).toEqual(["20", "40", "40", "40"]);
    expect(rec.events.every((e) => (e as { scope: string }).scope === "lockout")).toBe(true);

    // Once the wait is over, the right password works and the failures are forgiven.
    clock.now += 40_000;
    expect((await alice("wonderland")).headers.get("location")).toBe(`${origin}/home`);
    expect((await alice("wrong")).status).toBe(302);
    expect((await alice("wrong")).status).toBe(302);
    expect((await alice("wonderland")).headers.get("location")).toBe(`${origin}/home`);
  });

  test("the account is the normalised identifier: case and spaces do not reset the count", async () => {
    const { attacker } = setup();
    for (const username of ["alice", "ALICE", " Alice "]) await attacker.signIn({ username, password: "wrong" }, { ip });
    expect((await attacker.signIn({ username: "aLiCe", password: "wonderland" }, { ip })).status).toBe(429);
  });
});

describe("no user enumeration", () => {
  /** The answers to one sequence of attempts: status, Location, body, every Set-Cookie. */
  async function answers(username: string) {
    const { clock, ops, attacker, rec } = setup();
    const seen: unknown[] = [];
    for (let i = 0; i < 8; i++) {
      if (i === 6) clock.now += 10_000;
      for (const json of [false, true]) {
        const response = await attacker.signIn({ username, password: `guess${i}` }, { ip, headers: json ? { "x-auth-return-redirect": "1" } : {} });
        seen.push({ status: response.status, location: response.headers.get("location"), retryAfter: response.headers.get("retry-after"), body: await response.text(), cookies: response.headers.getSetCookie() });
      }
    }
    return { seen, ops, events: rec.events };
  }

  test("a known account with a wrong password and an unknown account get identical answers from the same code path", async () => {
    const known = await answers("alice");
    const unknown = await answers("nobody-at-all");
    expect(unknown.seen).toEqual(known.seen);
    expect(unknown.ops).toEqual(known.ops);
    expect(unknown.events).toEqual(known.events);
    // The sequence did reach the lockout, and the answers say nothing of the account.
    expect(known.seen.some((s) => (s as { status: number }).status === 429)).toBe(true);
    expect(JSON.stringify(known.seen)).not.toContain("alice");
    expect(known.ops.some((op) => op.startsWith("set latch:rl:lock:<hash>"))).toBe(true);
  });
});
