/**
 * Session control over real HTTP on the real PostgreSQL: one user signed in on three browsers
 * (three cookie jars) lists, ends one, ends the others; another user cannot end them.
 * Express + Latch + this adapter, credentials sign-in with database sessions.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listSessions, revokeAllSessions, revokeOtherSessions, revokeSession, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { SessionControl } from "@latch/core/sessions";
import { ExpressAuth } from "@latch/express";
import { createBrowser, needService, randomDatabaseName, schemaPool, services, type TestBrowser } from "@latch/testing";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const schema = randomDatabaseName();
const alice = { id: crypto.randomUUID(), name: "Alice", email: "alice@example.com", emailVerified: null };
const bob = { id: crypto.randomUUID(), name: "Bob", email: "bob@example.com", emailVerified: null };
const agents = {
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  chrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  safari: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
};

interface Listed {
  id: string;
  userAgent: string | null;
  current: boolean;
  createdAt: string | null;
  lastSeenAt: string | null;
  ip: string | null;
}

describe.runIf(await needService(services.postgres))("session control on PostgreSQL", () => {
  const pool = schemaPool(schema);
  const revoked: unknown[] = [];
  let server: Server;
  let base: string;
  let config: AuthConfig;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    const adapter = PostgresAdapter(pool);
    await adapter.createUser!(alice);
    await adapter.createUser!(bob);
    config = {
      secret: "session-control-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      session: { strategy: "database", control: SessionControl(), ipAddress: (request) => request.headers.get("x-test-client-ip") },
      events: { sessionRevoked: (message) => void revoked.push(message) },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [
        Credentials({
          authorize: ({ username }) => (username === "alice" ? alice : username === "bob" ? bob : null),
        }),
      ],
    };
    const app = express();
    app.use("/auth", ExpressAuth(config));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  const csrf = async (browser: TestBrowser) => ((await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string }).csrfToken;

  async function signIn(username: string, userAgent: string, headers: Record<string, string> = {}): Promise<TestBrowser> {
    const browser = createBrowser({ headers: { "user-agent": userAgent, ...headers } });
    const res = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await csrf(browser), username }),
    });
    expect(res.status).toBe(302);
    expect(browser.cookie(base, "authjs.session-token")).toBeTruthy();
    return browser;
  }

  const sessionOf = async (browser: TestBrowser) => (await (await browser.fetch(`${base}/session`)).json()) as { user: { email: string } } | null;

  async function list(browser: TestBrowser): Promise<{ status: number; sessions: Listed[]; text: string }> {
    const res = await browser.fetch(`${base}/sessions`);
    const text = await res.text();
    return { status: res.status, text, sessions: res.status === 200 ? (JSON.parse(text) as { sessions: Listed[] }).sessions : [] };
  }

  async function revoke(browser: TestBrowser, body: Record<string, unknown>, withCsrf = true): Promise<Response> {
    return browser.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(withCsrf ? { csrfToken: await csrf(browser), ...body } : body),
    });
  }

  const rowsOf = async (userId: string) => Number((await pool.query(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [userId])).rows[0].n);

  test("three browsers: list three, end one (signed out at its next request), end all others; another user cannot end them", async () => {
    const firefox = await signIn("alice", agents.firefox, { "x-test-client-ip": "198.51.100.4" });
    const chrome = await signIn("alice", agents.chrome);
    const safari = await signIn("alice", agents.safari);
    const mallory = await signIn("bob", agents.firefox);

    const listed = await list(firefox);
    expect(listed.status).toBe(200);
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.map((s) => s.userAgent).sort()).toEqual(["Chrome 120 on Windows", "Firefox 128 on Linux", "Safari 17 on iOS"]);
    expect(listed.sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(["Firefox 128 on Linux"]);
    expect(listed.sessions.find((s) => s.current)!.ip).toBe("198.51.100.4");
    expect(listed.sessions.find((s) => !s.current)!.ip).toBeNull();
    for (const s of listed.sessions) expect(new Date(s.createdAt!).valueOf()).toBeGreaterThan(Date.now() - 600_000);
    // The ids are opaque: no session token appears in the list.
    for (const browser of [firefox, chrome, safari]) expect(listed.text).not.toContain(browser.cookie(base, "authjs.session-token")!);

    // Another user cannot end alice's sessions: 403, nothing deleted.
    const chromeId = listed.sessions.find((s) => s.userAgent?.startsWith("Chrome"))!.id;
    const refused = await revoke(mallory, { id: chromeId });
    expect(refused.status).toBe(403);
    expect(await rowsOf(alice.id)).toBe(3);
    expect(await sessionOf(chrome)).toMatchObject({ user: { email: alice.email } });
    // Nor through the server API with his own user id.
    expect(await revokeSession(config, bob.id, chromeId)).toBe(false);
    expect(await rowsOf(alice.id)).toBe(3);
    // A revoke without the CSRF token ends nothing.
    const noCsrf = await revoke(firefox, { id: chromeId }, false);
    expect(noCsrf.status).not.toBe(200);
    expect(await rowsOf(alice.id)).toBe(3);

    // End one: that browser is signed out at its next request, the others are not.
    revoked.length = 0;
    const ended = await revoke(firefox, { id: chromeId });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ revoked: 1 });
    expect(await sessionOf(chrome)).toBeNull();
    expect(await sessionOf(safari)).toMatchObject({ user: { email: alice.email } });
    expect(await sessionOf(firefox)).toMatchObject({ user: { email: alice.email } });
    expect(revoked).toEqual([{ userId: alice.id, scope: "session", sessionId: chromeId, count: 1 }]);
    expect((await list(firefox)).sessions).toHaveLength(2);

    // End all others: only the current browser stays signed in.
    const others = await revoke(firefox, { others: true });
    expect(await others.json()).toEqual({ revoked: 1 });
    expect(await sessionOf(safari)).toBeNull();
    expect(await sessionOf(firefox)).toMatchObject({ user: { email: alice.email } });
    expect((await list(firefox)).sessions.map((s) => s.current)).toEqual([true]);
    // Bob's session was never touched.
    expect(await rowsOf(bob.id)).toBe(1);
    expect(await sessionOf(mallory)).toMatchObject({ user: { email: bob.email } });
  });

  test("signed out: 401 JSON, or the page redirects to sign-in; malformed revokes are 400", async () => {
    const stranger = createBrowser();
    expect((await list(stranger)).status).toBe(401);
    const page = await stranger.fetch(`${base}/sessions`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/auth/signin?callbackUrl=");
    expect((await revoke(stranger, { all: true })).status).toBe(401);

    const browser = await signIn("alice", agents.chrome);
    for (const body of [{}, { id: 7 }, { id: "" }, { others: true, all: true }, { id: "1", all: true }, { others: "yes" }]) {
      expect((await revoke(browser, body)).status).toBe(400);
    }
    expect((await browser.fetch(`${base}/sessions/revoke`)).status).toBe(400);
    expect((await browser.fetch(`${base}/sessions/other`)).status).toBe(400);
    expect(await sessionOf(browser)).not.toBeNull();
    await revokeAllSessions(config, alice.id);
  });

  test("the sessions page lists them with the page headers; its forms end one, then everything", async () => {
    const here = await signIn("alice", agents.firefox);
    const there = await signIn("alice", agents.safari);
    const res = await here.fetch(`${base}/sessions`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await res.text();
    expect(html).toContain("<title>Your sessions</title>");
    expect(html).toContain("Firefox 128 on Linux</strong> (this browser)");
    expect(html).toContain("Safari 17 on iOS");
    const csrfToken = /name="csrfToken" value="([0-9a-f]{64})"/.exec(html)![1]!;
    const otherId = /name="id" value="([^"]+)"/.exec(html)![1]!;
    const form = (fields: Record<string, string>) =>
      here.fetch(`${base}/sessions/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, callbackUrl: base.replace(/\/auth$/, "/"), ...fields }),
      });
    const one = await form({ id: otherId });
    expect(one.status).toBe(302);
    expect(one.headers.get("location")).toBe(`${base}/sessions`);
    expect(await sessionOf(there)).toBeNull();

    const all = await form({ all: "true" });
    expect(all.status).toBe(302);
    expect(all.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))).toMatch(/Max-Age=0/);
    expect(await rowsOf(alice.id)).toBe(0);
  });

  test("the server API lists and ends sessions; last seen moves only when the session is extended", async () => {
    const one = await signIn("alice", agents.firefox);
    await signIn("alice", agents.chrome);
    const sessions = await listSessions(config, alice.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.createdAt instanceof Date && s.current === false)).toBe(true);
    const seenBefore = sessions.map((s) => s.lastSeenAt!.valueOf());

    // A plain read inside updateAge writes nothing, so last seen stays.
    await sessionOf(one);
    expect((await listSessions(config, alice.id)).map((s) => s.lastSeenAt!.valueOf()).sort()).toEqual(seenBefore.sort());
    // Past updateAge the read extends the session and moves last seen with it.
    await pool.query(`UPDATE sessions SET expires = now() + interval '29 days', "lastSeenAt" = now() - interval '1 day' WHERE "userId" = $1`, [alice.id]);
    await sessionOf(one);
    const after = await listSessions(config, alice.id);
    expect(after.filter((s) => s.lastSeenAt!.valueOf() > Date.now() - 600_000)).toHaveLength(1);

    // Given the request, the session of its cookie is the current one.
    const request = new Request(`${base}/anything`, { headers: { cookie: `authjs.session-token=${one.cookie(base, "authjs.session-token")}` } });
    const marked = await listSessions(config, alice.id, { request });
    expect(marked.filter((s) => s.current).map((s) => s.userAgent)).toEqual(["Firefox 128 on Linux"]);
    const keep = marked.find((s) => s.current)!;
    expect(await revokeOtherSessions(config, alice.id, keep.id)).toBe(1);
    expect(await revokeSession(config, alice.id, keep.id)).toBe(true);
    expect(await revokeSession(config, alice.id, keep.id)).toBe(false);
    expect(await sessionOf(one)).toBeNull();
    expect(await revokeAllSessions(config, alice.id)).toBe(0);
  });

  test("sessions stored before Latch kept details list with nulls, after the ones it knows, and can be ended", async () => {
    await revokeAllSessions(config, alice.id);
    const recent = await signIn("alice", agents.chrome);
    // As an Auth.js database (or Latch before session details) left it: no created, last seen or browser.
    await pool.query(`INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ($1, $2, now() + interval '10 days')`, [crypto.randomUUID(), alice.id]);
    const listed = await list(recent);
    expect(listed.status).toBe(200);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions[0]).toMatchObject({ userAgent: "Chrome 120 on Windows", current: true });
    expect(listed.sessions[1]).toMatchObject({ userAgent: null, createdAt: null, lastSeenAt: null, current: false });
    expect((await (await revoke(recent, { id: listed.sessions[1]!.id })).json())).toEqual({ revoked: 1 });
    expect(await rowsOf(alice.id)).toBe(1);
  });

  test("the server API refuses JWT sessions without revocation, naming what to set", async () => {
    const jwtConfig: AuthConfig = { ...config, adapter: undefined, session: { strategy: "jwt" } };
    await expect(listSessions(jwtConfig, alice.id)).rejects.toMatchObject({ type: "UnsupportedStrategy" });
    await expect(revokeAllSessions(jwtConfig, alice.id)).rejects.toThrow(/session\.revocation/);
  });
});
