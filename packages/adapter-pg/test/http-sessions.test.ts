/**
 * Database sessions over real HTTP: Express + Latch + this adapter on the real PostgreSQL.
 * The adapter is the real one; `recorded` only counts the calls that pass through it.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Adapter } from "@latch/core/adapters";
import Credentials from "@latch/core/providers/credentials";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const schema = randomDatabaseName();
const maxAge = 3600;
const updateAge = 600;
const user = { id: "3b9c1a52-1111-4aaa-8bbb-000000000001", name: "Ada", email: "ada@example.com", emailVerified: null };

function recorded(adapter: Adapter, calls: string[]): Adapter {
  const out: Adapter = {};
  for (const [name, fn] of Object.entries(adapter)) {
    (out as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(name);
      return (fn as (...a: unknown[]) => unknown)(...args);
    };
  }
  return out;
}

describe.runIf(await needService(services.postgres))("database sessions over HTTP on PostgreSQL", () => {
  const pool = schemaPool(schema);
  const calls: string[] = [];
  let server: Server;
  let base: string;
  let failingBase: string;
  const errors: string[] = [];

  const config = (adapter: Adapter): ExpressAuthConfig => ({
    secret: "database-sessions-test-secret-0123456789",
    trustHost: true,
    adapter,
    session: { strategy: "database", maxAge, updateAge },
    logger: { error: (code) => errors.push(code) },
    providers: [Credentials({ authorize: ({ password }) => (password === "right" ? { id: user.id, name: user.name, email: user.email } : null) })],
  });

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    const adapter = PostgresAdapter(pool);
    await adapter.createUser!(user);
    const failing: Adapter = { ...adapter, createSession: () => Promise.reject(new Error("disk full")) };
    const app = express();
    app.use("/auth", ExpressAuth(config(recorded(adapter, calls))));
    app.use("/failing/auth", ExpressAuth(config(failing)));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    base = `${origin}/auth`;
    failingBase = `${origin}/failing/auth`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  async function csrf(at = base): Promise<{ token: string; cookie: string }> {
    const res = await fetch(`${at}/csrf`);
    const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
    return { token: ((await res.json()) as { csrfToken: string }).csrfToken, cookie };
  }

  async function signIn(at = base): Promise<Response> {
    const { token, cookie } = await csrf(at);
    return fetch(`${at}/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: token, password: "right" }),
    });
  }

  function sessionCookieOf(res: Response): string | undefined {
    return res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  }

  const sessionRows = async () => (await pool.query(`SELECT "sessionToken", expires FROM sessions WHERE "userId" = $1`, [user.id])).rows;

  test("sign-in stores exactly one session row; the cookie holds only its token", async () => {
    const res = await signIn();
    expect(res.status).toBe(302);
    const cookie = sessionCookieOf(res)!;
    const token = cookie.split(";")[0]!.split("=")[1]!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].sessionToken).toBe(token);
    expect(Math.abs(new Date(rows[0].expires).valueOf() - (Date.now() + maxAge * 1000))).toBeLessThan(5000);
    const counts = await pool.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM accounts)::int AS accounts`);
    expect(counts.rows[0]).toEqual({ users: 1, accounts: 0 });
    await pool.query(`DELETE FROM sessions`);
  });

  test("the default session token is 256 random bits: 64 hex characters, new at every sign-in", async () => {
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(sessionCookieOf(await signIn())!.split(";")[0]!.split("=")[1]!);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(tokens).size).toBe(3);
    expect((await sessionRows()).map((r) => r.sessionToken).sort()).toEqual([...tokens].sort());
    await pool.query(`DELETE FROM sessions`);
  });

  test("reads inside updateAge write nothing; a read after it extends expires once", async () => {
    const cookie = sessionCookieOf(await signIn())!.split(";")[0]!;
    const [{ expires: stored }] = await sessionRows();
    calls.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/session`, { headers: { cookie } });
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(user.email);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(calls).toEqual(["getSessionAndUser", "getSessionAndUser", "getSessionAndUser"]);
    expect((await sessionRows())[0].expires).toEqual(stored);

    // Age the row past updateAge: its expiry is now more than updateAge older than a fresh one.
    await pool.query(`UPDATE sessions SET expires = now() + make_interval(secs => $1)`, [maxAge - updateAge - 5]);
    calls.length = 0;
    const renewed = await fetch(`${base}/session`, { headers: { cookie } });
    expect(renewed.status).toBe(200);
    const setCookie = sessionCookieOf(renewed)!;
    expect(setCookie).toContain("Expires=");
    const [{ expires: moved }] = await sessionRows();
    expect(Math.abs(new Date(moved).valueOf() - (Date.now() + maxAge * 1000))).toBeLessThan(5000);
    expect(calls).toEqual(["getSessionAndUser", "updateSession"]);

    calls.length = 0;
    const again = await fetch(`${base}/session`, { headers: { cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(calls).toEqual(["getSessionAndUser"]);
    await pool.query(`DELETE FROM sessions`);
  });

  test("an expired session is deleted when accessed and its cookie cleared", async () => {
    const cookie = sessionCookieOf(await signIn())!.split(";")[0]!;
    await pool.query(`UPDATE sessions SET expires = now() - interval '1 minute'`);
    const res = await fetch(`${base}/session`, { headers: { cookie } });
    expect(await res.json()).toBeNull();
    expect(sessionCookieOf(res)).toMatch(/Max-Age=0/);
    expect(await sessionRows()).toHaveLength(0);
  });

  test("sign-out deletes the row and clears the cookie", async () => {
    const session = sessionCookieOf(await signIn())!.split(";")[0]!;
    expect(await sessionRows()).toHaveLength(1);
    const { token, cookie } = await csrf();
    const res = await fetch(`${base}/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `${cookie}; ${session}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: token }),
    });
    expect(res.status).toBe(302);
    expect(sessionCookieOf(res)).toMatch(/Max-Age=0/);
    expect(await sessionRows()).toHaveLength(0);
    const after = await fetch(`${base}/session`, { headers: { cookie: session } });
    expect(await after.json()).toBeNull();
  });

  test("an adapter that fails mid sign-in gives the error page with a code, never a 500, and no session", async () => {
    errors.length = 0;
    const res = await signIn(failingBase);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/failing\/auth\/error\?error=Configuration$/);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(errors).toContain("AdapterError");
    expect(await sessionRows()).toHaveLength(0);
    const page = await fetch(res.headers.get("location")!);
    expect(page.status).toBe(500);
    expect(await page.text()).not.toMatch(/disk full|at \w+ \(/);
  });
});
