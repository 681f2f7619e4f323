/**
 * Credentials sign-in through `Auth()`: what the log says (one line for a refusal the user caused,
 * the error with its stack for a fault), what the `signIn` event receives, and the clear
 * configuration error when database sessions meet a user that `authorize` made up.
 */
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import type { User } from "@latch/core";
import { Client, alice, baseConfig, origin, quietLogger } from "./client.js";

describe("log lines", () => {
  test("a wrong password is one warn line with no stack, and no error", async () => {
    const { logs, logger } = quietLogger();
    const response = await new Client(baseConfig({ logger })).signIn({ username: "alice", password: "nope" });
    expect(response.headers.get("location")).toContain("error=CredentialsSignin");
    expect(logs.error).toEqual([]);
    expect(logs.warn).toHaveLength(1);
    const [code, detail] = logs.warn[0]!;
    expect(code).toBe("CredentialsSignin");
    expect(detail).toEqual([expect.any(String)]);
    expect(String(detail[0])).not.toMatch(/\n\s+at /);
  });

  test("a missing CSRF token is one warn line too", async () => {
    const { logs, logger } = quietLogger();
    const client = new Client(baseConfig({ logger }));
    const response = await client.post("/auth/callback/credentials", { username: "alice", password: "wonderland" });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(logs.error).toEqual([]);
    expect(logs.warn.map(([code]) => code)).toEqual(["MissingCSRF"]);
  });

  test("a fault (authorize throws) is logged as an error with the error and its stack", async () => {
    const { logs, logger } = quietLogger();
    await new Client(baseConfig({ logger })).signIn({ username: "crash", password: "x" });
    expect(logs.warn).toEqual([]);
    expect(logs.error).toHaveLength(1);
    const [code, detail] = logs.error[0]!;
    expect(code).toBe("CallbackRouteError");
    expect((detail[0] as Error).stack).toMatch(/\n\s+at /);
  });
});

describe("the signIn event", () => {
  test("receives what authorize returned, as it returned it", async () => {
    const returned = { id: 42 as unknown as string, name: "Numeric Id", email: "n@example.com", extra: "kept" };
    const seen: unknown[] = [];
    const config = baseConfig({
      providers: [Credentials({ authorize: () => returned as User })],
      events: { signIn: ({ user }) => void seen.push(user) },
    });
    const response = await new Client(config).signIn({});
    expect(response.headers.get("location")).toBe(`${origin}/home`);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(returned);
    expect(seen[0]).toEqual({ id: 42, name: "Numeric Id", email: "n@example.com", extra: "kept" });
  });
});

describe("database sessions and a user authorize made up", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  test("the log names the fix, the user gets the Configuration page, no session is written", async () => {
    const { logs, logger } = quietLogger();
    const client = new Client(baseConfig({ logger, adapter: PostgresAdapter(db), session: { strategy: "database" } }));
    const response = await client.signIn();
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
    const [code, detail] = logs.error[0]!;
    expect(code).toBe("CallbackRouteError");
    const message = (detail[0] as Error).message;
    expect(message).toContain(`id "${alice.id}"`);
    expect(message).toContain("adapter.createUser");
    expect(message).toContain('strategy: "jwt"');
    const page = await client.fetch(response.headers.get("location")!);
    expect(page.status).toBe(500);
    expect(await page.text()).toMatch(/not set up correctly[\s\S]*Error code: Configuration/);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions");
    expect(rows[0]!.n).toBe(0);
  });

  test("a session callback that returns the session as it got it does not hand the session token to the browser", async () => {
    const adapter = PostgresAdapter(db);
    await db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [alice.id, alice.email, alice.name]);
    const client = new Client(baseConfig({ adapter, session: { strategy: "database" }, callbacks: { session: ({ session }) => session } }));
    await client.signIn();
    const token = client.jar.get("authjs.session-token");
    expect(token).toBeTruthy();
    const body = await (await client.fetch("/auth/session")).text();
    expect(JSON.parse(body)).toMatchObject({ user: { email: alice.email } });
    expect(body).not.toContain(token!);
    expect(body).not.toContain("sessionToken");
  });
});

describe("users that authorize returns", () => {
  test("a user without an id gets a new random one per sign-in (JWT sessions), which becomes the session's sub", async () => {
    const subs: string[] = [];
    const provider = Credentials({ credentials: { username: {} }, authorize: ({ username }) => ({ name: String(username) }) });
    const config = baseConfig({ providers: [provider], callbacks: { jwt: ({ token }) => (subs.push(String(token.sub)), token) } });
    for (let i = 0; i < 2; i++) {
      const client = new Client(config);
      const response = await client.signIn({ username: "anon" });
      expect(response.headers.get("location")).toBe(`${origin}/home`);
      expect(await client.session()).toMatchObject({ user: { name: "anon" } });
    }
    expect(subs[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(subs.filter((s) => s !== subs[0])).size).toBeGreaterThan(0);
  });

  test("a credentials callback with a JSON body that is not an object is refused without calling authorize", async () => {
    let calls = 0;
    const provider = Credentials({ credentials: { username: {} }, authorize: () => (calls++, { id: "1" }) });
    const client = new Client(baseConfig({ providers: [provider] }));
    const response = await client.fetch("/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/json" }, body: "[]" });
    expect(response.status).toBeLessThan(500);
    expect(calls).toBe(0);
  });
});
