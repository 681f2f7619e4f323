/**
 * Revocation of JWT sessions with the Redis revocation store: two Latch instances (two config
 * objects, each with its own cache) share one real Redis. Every command sent to Redis is counted.
 */
import { randomUUID } from "node:crypto";
import { Auth, revokeAllSessions, revokeOtherSessions, revokeSession, type AuthConfig, type RevocationOptions } from "@latch/core";
import { decode } from "@latch/core/jwt";
import { JwtRevocation } from "@latch/core/revocation";
import { SessionControl } from "@latch/core/sessions";
import Credentials from "@latch/core/providers/credentials";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test, vi } from "vitest";
import { RedisRevocationStore } from "../src/revocation-store.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const secret = "jwt-revocation-secret-0123456789abcdef";
const base = "http://localhost/auth";
const cookieName = "authjs.session-token";
const users = { alice: { id: randomUUID(), email: "alice@example.com" }, bob: { id: randomUUID(), email: "bob@example.com" } };

describe.runIf(await needService(services.redis))("JWT session revocation on Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const commands: string[] = [];
  // The same client, with every command it sends recorded.
  const counted = new Proxy(redis, {
    get(target, property, receiver) {
      if (property !== "sendCommand") return Reflect.get(target, property, receiver);
      return (command: { name: string }, ...rest: unknown[]) => {
        commands.push(command.name);
        return (target.sendCommand as (...args: unknown[]) => unknown)(command, ...rest);
      };
    },
  });
  const store = RedisRevocationStore(counted, { prefix });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  function instance(revocation: RevocationOptions | undefined): AuthConfig {
    return {
      secret,
      trustHost: true,
      session: { strategy: "jwt", control: SessionControl(), revocation: revocation && JwtRevocation(revocation) },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [Credentials({ authorize: ({ username }) => users[username as keyof typeof users] ?? null })],
    };
  }

  async function signIn(config: AuthConfig, username: keyof typeof users): Promise<string> {
    const csrf = await Auth(new Request(`${base}/csrf`), config);
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await Auth(
      new Request(`${base}/callback/credentials`, {
        method: "POST",
        headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, username }),
      }),
      config,
    );
    expect(res.status).toBe(302);
    return res.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`))!.split(";")[0]!;
  }

  async function read(config: AuthConfig, cookie: string): Promise<{ user: { email: string } } | null> {
    return (await (await Auth(new Request(`${base}/session`, { headers: { cookie } }), config)).json()) as { user: { email: string } } | null;
  }

  async function sidOf(cookie: string): Promise<string> {
    const token = await decode({ token: cookie.slice(cookieName.length + 1), secret, salt: cookieName });
    return token!.sid as string;
  }

  test("with revocation off a read makes no store call; with it on, one per cache period and session", async () => {
    const off = instance(undefined);
    const cookie = await signIn(off, "alice");
    commands.length = 0;
    for (let i = 0; i < 5; i++) expect(await read(off, cookie)).toMatchObject({ user: { email: users.alice.email } });
    expect(commands).toEqual([]);
    // A token from before revocation was on carries no session id.
    expect((await decode({ token: cookie.slice(cookieName.length + 1), secret, salt: cookieName }))!.sid).toBeUndefined();

    const on = instance({ store, cacheSeconds: 600 });
    const revocable = await signIn(on, "alice");
    expect(await sidOf(revocable)).toMatch(/^[0-9a-f-]{36}$/);
    commands.length = 0;
    for (let i = 0; i < 5; i++) expect(await read(on, revocable)).not.toBeNull();
    expect(commands).toEqual(["mget"]);
  });

  test("sign out everywhere also ends a token from before revocation was turned on (no session id: its issue time counts)", async () => {
    const before = await signIn(instance(undefined), "bob");
    const on = instance({ store, cacheSeconds: 600 });
    expect(await read(on, before)).toMatchObject({ user: { email: users.bob.email } });
    const fresh = await signIn(on, "bob");
    await revokeAllSessions(on, users.bob.id);
    const other = instance({ store, cacheSeconds: 600 });
    expect(await read(other, before)).toBeNull();
    expect(await read(other, fresh)).toBeNull();
    expect(await read(other, await signIn(other, "bob"))).not.toBeNull();
  });

  test("a revoked session is refused at once by the instance that revoked it, and by another after at most its cache period", async () => {
    const cacheSeconds = 1;
    const a = instance({ store, cacheSeconds });
    const b = instance({ store, cacheSeconds });
    const stolen = await signIn(a, "alice");
    const kept = await signIn(a, "alice");
    // Instance b checks the session (its cache is now warm), then a revokes it.
    expect(await read(b, stolen)).not.toBeNull();
    const revokedAt = Date.now();
    expect(await revokeSession(a, users.alice.id, await sidOf(stolen))).toBe(true);
    expect(await read(a, stolen)).toBeNull();
    expect(await read(a, kept)).not.toBeNull();

    // b may accept it until its cached answer is older than cacheSeconds, never after.
    let refusedAfter = -1;
    while (Date.now() - revokedAt < cacheSeconds * 1000 + 5000) {
      if ((await read(b, stolen)) === null) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    console.info(`revoked JWT session refused by the other instance after ${refusedAfter} ms (cacheSeconds ${cacheSeconds})`);
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, cacheSeconds * 1000));
    expect(await read(b, stolen)).toBeNull();
    expect(await read(b, kept)).not.toBeNull();
    // The refused read clears the cookie.
    const res = await Auth(new Request(`${base}/session`, { headers: { cookie: stolen } }), b);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`))).toMatch(/Max-Age=0/);
  });

  test("the documented bound, on a set clock: another instance accepts a revoked session only while its cached answer is younger than cacheSeconds", async () => {
    const cacheSeconds = 30;
    const a = instance({ store, cacheSeconds });
    const b = instance({ store, cacheSeconds });
    const stolen = await signIn(a, "alice");
    // Only Date is set by hand: Redis, the sockets and the timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const checked = Date.now();
      expect(await read(b, stolen)).not.toBeNull(); // b's cache now holds "not revoked"
      expect(await revokeSession(a, users.alice.id, await sidOf(stolen))).toBe(true);
      expect(await read(a, stolen)).toBeNull(); // the revoking instance refuses it at once
      vi.setSystemTime(checked + cacheSeconds * 1000 - 1);
      expect(await read(b, stolen)).not.toBeNull(); // inside the bound: b answers from its cache
      vi.setSystemTime(checked + cacheSeconds * 1000);
      expect(await read(b, stolen)).toBeNull(); // the bound reached: b asks the store and refuses it
    } finally {
      vi.useRealTimers();
    }
  });

  test("another user cannot revoke a session by naming its id", async () => {
    const config = instance({ store, cacheSeconds: 0 });
    const alice = await signIn(config, "alice");
    expect(await revokeSession(config, users.bob.id, await sidOf(alice))).toBe(true);
    expect(await read(config, alice)).toMatchObject({ user: { email: users.alice.email } });
  });

  test("sign out everywhere (all, and all others) ends every earlier session; a new sign-in works", async () => {
    const config = instance({ store, cacheSeconds: 0 });
    const events: unknown[] = [];
    config.events = { sessionRevoked: (message) => void events.push(message) };
    const here = await signIn(config, "alice");
    const there = await signIn(config, "alice");
    const bob = await signIn(config, "bob");

    expect(await revokeOtherSessions(config, users.alice.id, await sidOf(here))).toBeNull();
    expect(await read(config, there)).toBeNull();
    expect(await read(config, here)).not.toBeNull();
    expect(await read(config, bob)).not.toBeNull();

    expect(await revokeAllSessions(config, users.alice.id)).toBeNull();
    expect(await read(config, here)).toBeNull();
    expect(await read(config, bob)).not.toBeNull();
    expect(events).toEqual([
      { userId: users.alice.id, scope: "others", count: null },
      { userId: users.alice.id, scope: "all", count: null },
    ]);
    const again = await signIn(config, "alice");
    expect(await read(config, again)).toMatchObject({ user: { email: users.alice.email } });
  });

  test("POST sessions/revoke with others: true ends the user's other JWT sessions (CSRF checked)", async () => {
    const config = instance({ store, cacheSeconds: 0 });
    const here = await signIn(config, "bob");
    const there = await signIn(config, "bob");
    const csrf = await Auth(new Request(`${base}/csrf`), config);
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const post = (body: object, withCsrf = true) =>
      Auth(
        new Request(`${base}/sessions/revoke`, {
          method: "POST",
          headers: { cookie: `${here}; ${csrfCookie}`, "content-type": "application/json" },
          body: JSON.stringify(withCsrf ? { csrfToken, ...body } : body),
        }),
        config,
      );
    expect((await post({ others: true }, false)).status).not.toBe(200);
    expect(await read(config, there)).not.toBeNull();
    const res = await post({ others: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: null });
    expect(await read(config, there)).toBeNull();
    expect(await read(config, here)).not.toBeNull();
  });

  test("sign-out revokes the session: a copy of its cookie is refused afterwards, here and by another instance", async () => {
    const config = instance({ store, cacheSeconds: 30 });
    const other = instance({ store, cacheSeconds: 30 });
    const signedOut = await signIn(config, "alice");
    const kept = await signIn(config, "alice");
    // This instance has the session's answer cached; the sign-out must replace it. The other has
    // none cached (a cached answer may stand for up to cacheSeconds there).
    expect(await read(config, signedOut)).not.toBeNull();
    const copy = signedOut;
    const csrf = await Auth(new Request(`${base}/csrf`), config);
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await Auth(
      new Request(`${base}/signout`, {
        method: "POST",
        headers: { cookie: `${signedOut}; ${csrfCookie}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      }),
      config,
    );
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`))).toMatch(/Max-Age=0/);
    expect(await read(config, copy)).toBeNull();
    expect(await read(other, copy)).toBeNull();
    // Only that session ended.
    expect(await read(config, kept)).toMatchObject({ user: { email: users.alice.email } });
  });
});
