/**
 * Rate limits through `Auth()`: the client address handed off by an integration, the limit per
 * route, the 429 answer in both modes, the production default, and what happens when the store
 * fails. Loopback only, in process; counts, never timings.
 */
import { describe, expect, test } from "vitest";
import { Auth, setEnvDefaults, type AuthConfig } from "@latch/core";
import { MemoryRateLimitStore, RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { origin } from "../client.js";
import { Attacker, config, countingCredentials, recorder } from "./harness.js";

const ip = "203.0.113.9";

/** A config whose credentials route allows `limit` attempts per address and counts none per account. */
function limited(limit: number, extra: Parameters<typeof RateLimit>[0] = {}) {
  const { provider, calls } = countingCredentials();
  const rec = recorder();
  const cfg = config({
    providers: [provider],
    rateLimit: RateLimit({ ...extra, routes: { credentials: { ip: limit, account: 0 }, ...extra.routes }, lockout: false }),
    logger: rec.logger,
    events: { rateLimited: rec.onRateLimited },
  });
  return { cfg, calls, rec, attacker: new Attacker(cfg) };
}

describe("the credentials route, per client address", () => {
  test("1,000 attempts from one address: refused with 429 and Retry-After after the limit", { timeout: 60_000 }, async () => {
    const { calls, attacker } = limited(10);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const response = await attacker.signIn({ username: `user${i}`, password: "guess" }, { ip });
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(302));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    expect(calls.count).toBe(10);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  test("1,000 addresses of one IPv6 /64 are one client", { timeout: 60_000 }, async () => {
    const { calls, attacker } = limited(10);
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const address = `2001:db8:77:1:${(i * 7919).toString(16).slice(-4)}:${i.toString(16)}::${(i % 9) + 1}`;
      if ((await attacker.signIn({ username: `user${i}`, password: "guess" }, { ip: address })).status === 429) refused++;
    }
    expect(calls.count).toBe(10);
    expect(refused).toBe(990);
    // Another /64 is another client.
    expect((await attacker.signIn({ username: "x", password: "guess" }, { ip: "2001:db8:77:2::1" })).status).toBe(302);
  });

  test("the spellings of one IPv4 address are one client", async () => {
    const aliases = ["198.51.100.7", "198.051.100.007", "::ffff:198.51.100.7", "::FFFF:c633:6407", "[::ffff:198.51.100.7]:1234", "198.51.100.7:80", "0:0:0:0:0:ffff:198.51.100.7", "::ffff:0:198.51.100.7"];
    const { calls, attacker } = limited(4);
    const statuses: number[] = [];
    for (const alias of aliases) statuses.push((await attacker.signIn({ username: alias, password: "guess" }, { ip: alias })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 429, 429, 429, 429]);
    expect(calls.count).toBe(4);
  });

  test("a forged X-Forwarded-For or Forwarded header does not change the key without a trusted proxy", async () => {
    const { calls, attacker } = limited(5);
    for (let i = 0; i < 30; i++) {
      await attacker.signIn({ username: `u${i}`, password: "guess" }, { ip, headers: { "x-forwarded-for": `10.9.${i}.1`, forwarded: `for=10.8.${i}.1`, "x-real-ip": `10.7.${i}.1` } });
    }
    expect(calls.count).toBe(5);
  });

  test("behind a trusted proxy, the forwarded header names the client (the control of the test above)", async () => {
    const { calls, attacker } = limited(5, { clientAddress: { trustedProxies: [ip] } });
    for (let i = 0; i < 30; i++) await attacker.signIn({ username: `u${i}`, password: "guess" }, { ip, headers: { "x-forwarded-for": `10.9.${i}.1` } });
    expect(calls.count).toBe(30);
    // The client cannot add entries to the left of what the proxy appended.
    const { calls: calls2, attacker: attacker2 } = limited(5, { clientAddress: { trustedProxies: ["10.0.0.0/8"] } });
    for (let i = 0; i < 30; i++) await attacker2.signIn({ username: `u${i}`, password: "guess" }, { ip: "10.0.0.2", headers: { "x-forwarded-for": `192.0.2.${i}, 198.51.100.1, 10.0.0.1` } });
    expect(calls2.count).toBe(5);
  });

  test("with a proxy count, the address that many hops back is the client", async () => {
    const { calls, attacker } = limited(5, { clientAddress: { trustedProxies: 1, forwardedHeader: "forwarded" } });
    for (let i = 0; i < 20; i++) await attacker.signIn({ username: `u${i}`, password: "guess" }, { ip: "10.0.0.2", headers: { forwarded: `for=192.0.2.${i};proto=https, for="[2001:db8::1]:4711"` } });
    // The proxy appended [2001:db8::1]: one client, whatever the client wrote before it.
    expect(calls.count).toBe(5);
  });

  test("a declared platform header names the client; undeclared, it is ignored", async () => {
    const { calls, attacker } = limited(5, { clientAddress: { platform: "cloudflare" } });
    for (let i = 0; i < 20; i++) await attacker.signIn({ username: `u${i}`, password: "guess" }, { ip, headers: { "cf-connecting-ip": `192.0.2.${i}` } });
    expect(calls.count).toBe(20);
  });

  test("the path variants of one route share one bucket (or are refused before any check)", async () => {
    const { calls, attacker } = limited(3);
    const variants = [
      "/auth/callback/credentials", "/auth/callback/credentials/", "/auth/callback/cred%65ntials", "/auth/callback/%63redentials/",
      "//auth/callback/credentials", "/auth/callback%2Fcredentials", "/auth/callback%2fcredentials", "/auth/Callback/credentials",
      "/AUTH/callback/credentials", "/auth//callback/credentials", "/auth/callback/credentials//", "/auth/./callback/credentials",
    ];
    const seen = new Map<string, number[]>();
    for (let round = 0; round < 3; round++) {
      for (const path of variants) {
        const status = (await attacker.signIn({ username: `u${round}${path}`, password: "guess" }, { ip, path })).status;
        seen.set(path, [...(seen.get(path) ?? []), status]);
      }
    }
    expect(calls.count).toBe(3);
    for (const statuses of seen.values()) for (const status of statuses) expect([302, 400, 429]).toContain(status);
    expect([...seen.values()].flat().filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe("the answer", () => {
  test("JSON mode: 429, Retry-After and { url } of the sign-in page with error=RateLimited; the page shows a message", async () => {
    const { attacker, cfg } = limited(1);
    await attacker.signIn({ username: "a", password: "b" }, { ip });
    const response = await attacker.signIn({ username: "a", password: "b" }, { ip, headers: { "x-auth-return-redirect": "1" } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response.headers.get("content-type")).toContain("application/json");
    const { url } = (await response.json()) as { url: string };
    expect(url).toBe(`${origin}/auth/signin?error=RateLimited`);
    const page = await Auth(new Request(url), cfg as Omit<AuthConfig, "raw">);
    expect(await page.text()).toContain("Too many attempts");
  });

  test("a form post: 429 with a page that says what happened, no stack", async () => {
    const { attacker } = limited(1);
    await attacker.signIn({ username: "a", password: "b" }, { ip });
    const response = await attacker.signIn({ username: "a", password: "b" }, { ip });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await response.text();
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(body).toContain("Too many attempts");
    expect(body).toContain("RateLimited");
    expect(body).not.toMatch(/\bat .+:\d+:\d+/);
  });

  test("the rateLimited event and the log line carry no address and no identifier", async () => {
    const { attacker, rec } = limited(1);
    const username = "victim@example.com";
    await attacker.signIn({ username, password: "b" }, { ip });
    await attacker.signIn({ username, password: "b" }, { ip });
    expect(rec.events).toEqual([{ route: "credentials", scope: "ip", retryAfter: expect.any(Number) }]);
    const rateLines = rec.lines.filter((l) => l.includes("RateLimited"));
    expect(rateLines).toHaveLength(1);
    for (const line of rec.lines) {
      expect(line).not.toContain(ip);
      expect(line).not.toContain("victim");
    }
  });

  test("per account: the same identifier from many addresses is refused past the account limit", async () => {
    const { provider, calls } = countingCredentials();
    const rec = recorder();
    const cfg = config({ providers: [provider], rateLimit: RateLimit({ routes: { credentials: { ip: 100, account: 5 } }, lockout: false }), logger: rec.logger, events: { rateLimited: rec.onRateLimited } });
    const attacker = new Attacker(cfg);
    const statuses: number[] = [];
    // The username is normalised: case and surrounding spaces do not make a new account.
    for (let i = 0; i < 10; i++) statuses.push((await attacker.signIn({ username: i % 2 ? " ALICE " : "alice", password: `guess${i}` }, { ip: `192.0.2.${i}` })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429, 429, 429, 429]);
    expect(calls.count).toBe(5);
    expect(rec.events.at(-1)).toMatchObject({ scope: "account" });
    // Another account is not affected.
    expect((await attacker.signIn({ username: "bob", password: "builder" }, { ip: "192.0.2.99" })).status).toBe(302);
  });

  test("without a client address (no hand-off, nothing declared), limits count by account only", async () => {
    const { calls, attacker } = limited(2, { routes: { credentials: { ip: 2, account: 3 } } });
    for (let i = 0; i < 10; i++) await attacker.signIn({ username: `user${i}`, password: "guess" });
    expect(calls.count).toBe(10);
    for (let i = 0; i < 10; i++) await attacker.signIn({ username: "same", password: "guess" });
    expect(calls.count).toBe(13);
  });
});

describe("on by default in production", () => {
  // The default limiter is one per process: each test counts from its own address.
  async function attempts(cfg: AuthConfig, count: number, from: string) {
    const attacker = new Attacker(cfg);
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await attacker.signIn({ username: `user${i}`, password: "guess" }, { ip: from })).status);
    return statuses;
  }

  test("NODE_ENV=production: setEnvDefaults turns the default limits on (10 per address per minute)", async () => {
    const cfg = config({ providers: [countingCredentials().provider], logger: recorder().logger });
    setEnvDefaults({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, cfg);
    expect(cfg.rateLimit).toBeTruthy();
    const statuses = await attempts(cfg, 12, "192.0.2.201");
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(302));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("configs made per request (a lazy config function) share the one default limiter", async () => {
    const provider = countingCredentials().provider;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const cfg = config({ providers: [provider], logger: recorder().logger });
      setEnvDefaults({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, cfg);
      statuses.push((await new Attacker(cfg).signIn({ username: `lazy${i}`, password: "guess" }, { ip: "192.0.2.250" })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(302));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("outside production, or with rateLimit: false, nothing is limited", async () => {
    const dev = config({ providers: [countingCredentials().provider], logger: recorder().logger });
    setEnvDefaults({ NODE_ENV: "development" }, dev);
    expect(dev.rateLimit).toBeUndefined();
    expect(new Set(await attempts(dev, 15, "192.0.2.202"))).toEqual(new Set([302]));
    const off = config({ providers: [countingCredentials().provider], logger: recorder().logger, rateLimit: false });
    setEnvDefaults({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, off);
    expect(off.rateLimit).toBe(false);
    expect(new Set(await attempts(off, 15, "192.0.2.203"))).toEqual(new Set([302]));
  });

  test("AUTH_RATE_LIMIT decides when set: false turns the default off in production, true turns it on elsewhere", async () => {
    const off = config({ providers: [countingCredentials().provider], logger: recorder().logger });
    setEnvDefaults({ NODE_ENV: "production", AUTH_RATE_LIMIT: "false", AUTH_TRUST_HOST: "true" }, off);
    expect(off.rateLimit).toBeUndefined();
    expect(new Set(await attempts(off, 15, "192.0.2.204"))).toEqual(new Set([302]));
    const on = config({ providers: [countingCredentials().provider], logger: recorder().logger });
    setEnvDefaults({ NODE_ENV: "development", AUTH_RATE_LIMIT: "1" }, on);
    const statuses = await attempts(on, 12, "192.0.2.205");
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(302));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("when the store fails", () => {
  const broken: RateLimitStore = {
    hit: () => Promise.reject(new Error("connection refused")),
    get: () => Promise.reject(new Error("connection refused")),
    set: () => Promise.reject(new Error("connection refused")),
    delete: () => Promise.reject(new Error("connection refused")),
  };

  test("sign-in fails closed by default: 503 with Retry-After, authorize never runs, the choice is logged", async () => {
    const { calls, attacker, rec } = limited(10, { store: broken });
    const response = await attacker.signIn({ username: "alice", password: "wonderland" }, { ip });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(calls.count).toBe(0);
    expect(rec.lines.some((l) => l.startsWith("error RateLimitStoreError") && l.includes("fails closed"))).toBe(true);
    expect(rec.events).toEqual([{ route: "credentials", scope: "store", retryAfter: 30 }]);
  });

  test("a route set to fail open lets the request through, and says so", async () => {
    const { calls, attacker, rec } = limited(10, { store: broken, routes: { credentials: { ip: 10, account: 0, onStoreError: "open" } } });
    const response = await attacker.signIn({ username: "alice", password: "wonderland" }, { ip });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/home`);
    expect(calls.count).toBe(1);
    expect(rec.lines.some((l) => l.includes("fails open"))).toBe(true);
  });
});

describe("the memory store", () => {
  test("is bounded: past maxEntries the expired, then the oldest keys go", async () => {
    const store = new MemoryRateLimitStore({ maxEntries: 100 });
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 60_000);
    expect(store.size).toBe(100);
    expect(await store.get("k0")).toBeNull();
    expect(await store.get("k999")).toEqual({ count: 1, ttl: expect.any(Number) });
  });

  test("entries expire with their window", async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now });
    await store.hit("a", 1000);
    expect((await store.hit("a", 1000)).count).toBe(2);
    now += 1000;
    expect(await store.get("a")).toBeNull();
    expect((await store.hit("a", 1000)).count).toBe(1);
  });
});

describe("options are checked at start", () => {
  test("a bad proxy entry, platform or limit throws", () => {
    expect(() => RateLimit({ clientAddress: { trustedProxies: ["10.0.0.0/40"] } })).toThrow(TypeError);
    expect(() => RateLimit({ clientAddress: { platform: "heroku" as never } })).toThrow(TypeError);
    expect(() => RateLimit({ clientAddress: { trustedProxies: -1 } })).toThrow(TypeError);
    expect(() => RateLimit({ routes: { credentials: { ip: 1.5 } } })).toThrow(/credentials\.ip/);
    expect(() => RateLimit({ routes: { email: { window: 0 } } })).toThrow(/email\.window/);
  });
});
