/**
 * Tokens at rest on the real Redis: after sign-ins through `Auth()` (an email link, a password),
 * no key, member, field or value under the prefix holds a session token or a link's token; and a
 * session stored the way an earlier version did (`session:<token>`, the token in its record and
 * in the user's set) is still found, moved to its digest key, listed and deleted.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { SessionControl } from "@latch/core/sessions";
import { handlerClient, needService, services, startSmtpServer, type SmtpTestServer, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { RedisAdapter } from "../src/adapter.js";
import { keysFor } from "../src/keys.js";

const origin = "http://localhost:3000";
const prefix = `latch-token-keys-${randomUUID().slice(0, 8)}:`;
const keys = keysFor(prefix);
const cookieName = "authjs.session-token";

describe.runIf(await needService(services.redis))("tokens at rest in Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const adapter = RedisAdapter(redis, { prefix });
  let smtp: SmtpTestServer;
  let config: AuthConfig;

  beforeAll(async () => {
    await redis.connect();
    smtp = await startSmtpServer();
    config = {
      secret: "token-keys-secret-0123456789abcdef0123",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@latch.test>" })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
  });
  afterAll(async () => {
    const found = await runKeys();
    if (found.length) await redis.del(...found);
    await redis.quit();
    await smtp?.close();
  });

  const runKeys = () => redisKeysUnder(redis, prefix);

  /** Every key of the run with everything it holds (value, members, fields), as text. */
  async function everything(): Promise<string[]> {
    const texts: string[] = [];
    for (const key of await runKeys()) {
      texts.push(key);
      const type = await redis.type(key);
      if (type === "string") texts.push((await redis.get(key)) ?? "");
      else if (type === "set") texts.push(...(await redis.smembers(key)));
      else if (type === "hash") texts.push(...Object.entries(await redis.hgetall(key)).flat());
      else if (type === "list") texts.push(...(await redis.lrange(key, 0, -1)));
      else if (type === "zset") texts.push(...(await redis.zrange(key, 0, -1)));
      else if (type !== "none") throw new Error(`a key of type ${type} this test cannot read: ${key}`);
    }
    return texts;
  }

  /** Fails when any key or anything stored holds `secret`, as it is or percent-encoded. */
  async function expectNowhere(secret: string): Promise<void> {
    expect(secret.length).toBeGreaterThan(15);
    const texts = await everything();
    expect(texts.length).toBeGreaterThan(0);
    const leaks = texts.filter((text) => text.includes(secret) || text.includes(encodeURIComponent(secret)));
    expect(leaks).toEqual([]);
  }

  function browser() {
    const client = handlerClient((request) => Auth(request, config), { origin });
    return { ...client, token: () => client.browser.cookie(origin, cookieName) };
  }

  /** A user, made through the adapter, with a password. */
  async function member() {
    const user = { id: randomUUID(), email: `keys-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() };
    await adapter.createUser!(user);
    await adapter.setPassword!({ userId: user.id, hash: await hashPassword("violet staircase 42"), updatedAt: new Date() });
    return user;
  }

  test("no key or value holds the token of an email link or of a session, after sign-ins through Auth()", async () => {
    const email = `link-${randomUUID()}@example.com`;
    const viaLink = browser();
    expect((await viaLink.post("/auth/signin/nodemailer", { email, callbackUrl: `${origin}/home` })).status).toBe(302);
    const mail = await smtp.waitForMail({ to: email, timeoutMs: 5000 });
    const link = new URL(mail.urls.find((url) => new URL(url).pathname === "/auth/callback/nodemailer")!);
    const linkToken = link.searchParams.get("token")!;
    // The pending link: its record is stored, under Latch's digest of the token only.
    await expectNowhere(linkToken);

    expect((await viaLink.request(link.pathname + link.search)).headers.get("location")).toBe(`${origin}/home`);
    expect(await viaLink.session()).toMatchObject({ user: { email } });
    const linkSession = viaLink.token()!;

    const user = await member();
    const viaPassword = browser();
    expect((await viaPassword.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email: user.email, password: "violet staircase 42" })).headers.get("location")).toBe(`${origin}/home`);
    expect(await viaPassword.session()).toMatchObject({ user: { email: user.email } });
    const passwordSession = viaPassword.token()!;

    // Both sessions are stored (the digest keys exist) and readable, and no token is anywhere.
    expect(await redis.exists(keys.session(linkSession), keys.session(passwordSession))).toBe(2);
    for (const secret of [linkToken, linkSession, passwordSession]) await expectNowhere(secret);

    // Signing out deletes the session and its entry in the user's set.
    await viaPassword.post("/auth/signout");
    expect(await redis.exists(keys.session(passwordSession))).toBe(0);
    expect(await redis.scard(keys.userSessions(user.id))).toBe(0);
  });

  test("the sessions page marks the browser's own session as current, by its id: the stored sessions hold no token", async () => {
    const user = await member();
    const signIn = async () => {
      const client = handlerClient((request) => Auth(request, { ...config, session: { strategy: "database", control: SessionControl() } }), { origin });
      expect((await client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email: user.email, password: "violet staircase 42" })).status).toBe(302);
      return client;
    };
    const [first, second] = [await signIn(), await signIn()];
    for (const client of [first, second]) {
      const { sessions } = (await (await client.request("/auth/sessions", { headers: { accept: "application/json" } })).json()) as { sessions: { id: string; current: boolean }[] };
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      const own = await adapter.getSessionAndUser!(client.browser.cookie(origin, cookieName)!);
      expect(sessions.find((session) => session.current)?.id).toBe(own?.session.id);
    }
  });

  /** A session written as an earlier version did: under its token, the token in the record and in the user's set. */
  async function legacySession(userId: string, expires = new Date(Date.now() + 30 * 86_400_000)) {
    const sessionToken = randomUUID();
    const record = { sessionToken, userId, expires, id: randomUUID(), createdAt: new Date(), lastSeenAt: null, userAgent: "Firefox 128 on Linux", ip: null, auth_time: Math.floor(Date.now() / 1000), mfa_time: null, amr: ["pwd"] };
    await redis.multi().set(`${prefix}session:${encodeURIComponent(sessionToken)}`, JSON.stringify(record), "PXAT", expires.getTime()).sadd(`${prefix}user:sessions:${encodeURIComponent(userId)}`, sessionToken).exec();
    return { sessionToken, record, legacyKey: `${prefix}session:${encodeURIComponent(sessionToken)}` };
  }

  test("a session stored before the upgrade keeps its browser signed in, and is moved to its digest key with its expiry", async () => {
    const user = await member();
    const { sessionToken, record, legacyKey } = await legacySession(user.id);
    const visitor = browser();
    visitor.browser.setCookie(origin, `${cookieName}=${sessionToken}; Path=/; HttpOnly; SameSite=Lax`);
    expect(await visitor.session()).toMatchObject({ user: { email: user.email } });

    expect(await redis.exists(legacyKey)).toBe(0);
    expect(await redis.pexpiretime(keys.session(sessionToken))).toBe(record.expires.getTime());
    expect(await redis.smembers(keys.userSessions(user.id))).toEqual([keys.sessionEntry(sessionToken)]);
    const moved = JSON.parse((await redis.get(keys.session(sessionToken)))!) as Record<string, unknown>;
    expect(moved).not.toHaveProperty("sessionToken");
    expect(moved).toMatchObject({ userId: user.id, id: record.id, userAgent: record.userAgent, auth_time: record.auth_time, amr: ["pwd"] });
    await expectNowhere(sessionToken);

    // Still signed in from the digest key; signing out ends it.
    expect(await visitor.session()).toMatchObject({ user: { email: user.email } });
    await visitor.post("/auth/signout");
    expect(await redis.exists(keys.session(sessionToken))).toBe(0);
    expect(await visitor.session()).toBeNull();
  });

  test("sign-out of a session never read since the upgrade deletes its key and its entry", async () => {
    const user = await member();
    const { sessionToken, legacyKey } = await legacySession(user.id);
    const visitor = browser();
    visitor.browser.setCookie(origin, `${cookieName}=${sessionToken}; Path=/; HttpOnly; SameSite=Lax`);
    await visitor.post("/auth/signout");
    expect(await redis.exists(legacyKey, keys.session(sessionToken))).toBe(0);
    expect(await redis.scard(keys.userSessions(user.id))).toBe(0);
    expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull();
  });

  test("two reads at once of a session from before the upgrade both find it", async () => {
    const user = await member();
    const { sessionToken, record } = await legacySession(user.id);
    const [first, second] = await Promise.all([adapter.getSessionAndUser!(sessionToken), adapter.getSessionAndUser!(sessionToken)]);
    for (const found of [first, second]) expect(found).toMatchObject({ session: { sessionToken, id: record.id, userId: user.id }, user: { id: user.id } });
    expect(await redis.smembers(keys.userSessions(user.id))).toEqual([keys.sessionEntry(sessionToken)]);
  });

  test("a sign-out, or an end of all sessions, at the moment a read moves a session from before the upgrade still ends it", async () => {
    for (let round = 0; round < 10; round++) {
      const user = await member();
      const [one, two] = [await legacySession(user.id), await legacySession(user.id)];
      await Promise.all([adapter.getSessionAndUser!(one.sessionToken), adapter.deleteSession!(one.sessionToken)]);
      await Promise.all([adapter.getSessionAndUser!(two.sessionToken), adapter.deleteSessions!(user.id)]);
      for (const { sessionToken, legacyKey } of [one, two]) {
        expect(await redis.exists(legacyKey, keys.session(sessionToken))).toBe(0);
        expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull();
      }
      expect(await redis.scard(keys.userSessions(user.id))).toBe(0);
    }
  });

  test("updateSession of a session from before the upgrade moves it and writes the change", async () => {
    const user = await member();
    const { sessionToken, legacyKey, record } = await legacySession(user.id);
    const expires = new Date(Date.now() + 40 * 86_400_000);
    expect(await adapter.updateSession!({ sessionToken, expires })).toMatchObject({ sessionToken, expires, id: record.id });
    expect(await redis.exists(legacyKey)).toBe(0);
    expect(await redis.pexpiretime(keys.session(sessionToken))).toBe(expires.getTime());
  });

  test("session control lists, ends by id and ends all of a user's sessions, from before and after the upgrade", async () => {
    const user = await member();
    const old = [await legacySession(user.id), await legacySession(user.id)];
    const fresh = await adapter.createSession!({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 86_400_000) });

    const listed = await adapter.listSessions!(user.id);
    expect(listed.map((session) => session.id).sort()).toEqual([old[0]!.record.id, old[1]!.record.id, fresh.id].sort());
    // A listed session names no token, not even one an earlier version stored in its record.
    expect(listed.map((session) => session.sessionToken)).toEqual(["", "", ""]);

    const ended = await adapter.deleteSessionById!(user.id, old[0]!.record.id);
    expect(ended).toMatchObject({ id: old[0]!.record.id, userId: user.id, sessionToken: "" });
    expect(await redis.exists(old[0]!.legacyKey)).toBe(0);
    expect(await adapter.getSessionAndUser!(old[0]!.sessionToken)).toBeNull();

    expect(await adapter.deleteSessions!(user.id)).toBe(2);
    expect(await redis.exists(old[1]!.legacyKey, keys.session(fresh.sessionToken))).toBe(0);
    expect(await redis.scard(keys.userSessions(user.id))).toBe(0);
  });

  test("deleteUser removes the user's sessions from before and after the upgrade", async () => {
    const user = await member();
    const old = await legacySession(user.id);
    const fresh = await adapter.createSession!({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 86_400_000) });
    await adapter.deleteUser!(user.id);
    expect(await redis.exists(old.legacyKey, keys.session(fresh.sessionToken), keys.userSessions(user.id))).toBe(0);
  });
});
