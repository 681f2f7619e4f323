/**
 * A database session read (`GET /session`, `strategy: "database"`) through `@latch/pg` on the
 * real PostgreSQL (127.0.0.1:5432, database `test`, a schema of its own), next to its floor
 * measured in the same rounds: a bare `(Request) => Response` handler on the same `pg` pool that
 * reads the cookie, runs the same single `SELECT … JOIN` (sessions, users and the joins the
 * adapter's read has), checks the expiry and answers the session as JSON. Both are counted in
 * statements per read, each statement one round trip. Skipped, with the reason, when PostgreSQL
 * does not answer.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { migrate, PostgresAdapter } from "@latch/pg";
import pg from "pg";
import { check, get, secret, sessionCookie, user } from "./fixtures.js";
import { measureWithCpu, rate } from "./measure.js";

const noStore: [string, string][] = [["Cache-Control", "private, no-cache, no-store"], ["Expires", "0"], ["Pragma", "no-cache"], ["Content-Type", "application/json"]];

interface Row {
  expires: Date;
  name: string | null;
  email: string;
  image: string | null;
}

/** The floor: cookie read, one query, expiry checked, JSON answered. */
function floorHandler(query: (sql: string, params: unknown[]) => Promise<{ rows: Row[] }>, sessionAndUser: string) {
  return async (request: Request): Promise<Response> => {
    const header = request.headers.get("cookie") ?? "";
    const at = header.indexOf(`${sessionCookie}=`);
    const end = header.indexOf(";", at);
    const token = at === -1 ? undefined : decodeURIComponent(header.slice(at + sessionCookie.length + 1, end === -1 ? undefined : end));
    const row = token ? (await query(sessionAndUser, [token])).rows[0] : undefined;
    const session = row && row.expires.valueOf() > Date.now() ? { user: { name: row.name, email: row.email, image: row.image }, expires: row.expires.toISOString() } : null;
    return new Response(JSON.stringify(session), { headers: noStore });
  };
}

/** The figures of the run, or why it was skipped. */
export type DatabaseSessionFigures = { latch: number; floor: number; latchStatements: number; floorStatements: number } | { skipped: string };

export async function databaseSessionBench(): Promise<DatabaseSessionFigures> {
  const schema = `latch_bench_${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({ host: "127.0.0.1", port: 5432, user: process.env.PGUSER ?? "postgres", database: "test", max: 4, options: `-c search_path=${schema}` });
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    const skipped = `PostgreSQL at 127.0.0.1:5432 (database test) did not answer: ${(error as Error).message}`;
    console.log(`\nDatabase session read (@latch/pg) against its floor: skipped (${skipped})`);
    await pool.end();
    return { skipped };
  }
  let statements = 0;
  let lastStatement = "";
  const counted = { query: (sql: string, params?: unknown[]) => ((statements++, (lastStatement = sql)), pool.query(sql, params)) };
  try {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    const adapter = PostgresAdapter(counted);
    const created = await adapter.createUser!({ ...user, id: randomUUID(), emailVerified: null });
    const sessionToken = randomUUID();
    await adapter.createSession!({ sessionToken, userId: created.id, expires: new Date(Date.now() + 3_600_000) });
    // updateAge = maxAge: no read moves the expiry, so every read is the read alone, as the floor's.
    const config: AuthConfig = { secret, trustHost: true, adapter, session: { strategy: "database", maxAge: 3600, updateAge: 3600 }, providers: [Credentials({ authorize: () => null })] };
    // The floor runs the very statement the adapter's getSessionAndUser sends, taken from its read.
    await adapter.getSessionAndUser!(sessionToken);
    const floor = floorHandler(counted.query as never, lastStatement);
    const cookie = `${sessionCookie}=${sessionToken}`;
    const names = { latch: "Latch, @latch/pg", floor: "floor: bare handler, the same SELECT … JOIN with pg" };
    const cases = [
      { name: names.latch, run: async () => (await Auth(get("session", cookie), config as Omit<AuthConfig, "raw">)).text() },
      { name: names.floor, run: async () => (await floor(get("session", cookie))).text() },
    ];
    const perRead: number[] = [];
    for (const c of cases) {
      const body = JSON.parse(await c.run()) as { user?: { email?: string } } | null;
      check(body?.user?.email === user.email, `${c.name} did not read the database session: ${JSON.stringify(body)}`);
      statements = 0;
      for (let i = 0; i < 200; i++) await c.run();
      perRead.push(statements / 200);
    }
    const results = await measureWithCpu(cases, { rounds: 7, minMs: 300 });
    const latch = results.get(names.latch)!;
    const floorFigures = results.get(names.floor)!;
    console.log("\nDatabase session read (GET /session, strategy database) against its floor, same pool, same rounds (wall clock; this process's CPU time)");
    console.log(`  ${names.latch.padEnd(52)} ${rate(latch.opsPerSec)}  ${latch.cpuMicros.toFixed(1).padStart(7)} µs CPU   ${perRead[0]!.toFixed(2)} statements (round trips) per read`);
    console.log(`  ${names.floor.padEnd(52)} ${rate(floorFigures.opsPerSec)}  ${floorFigures.cpuMicros.toFixed(1).padStart(7)} µs CPU   ${perRead[1]!.toFixed(2)} statements (round trips) per read`);
    console.log(`  Latch takes ${(floorFigures.opsPerSec / latch.opsPerSec).toFixed(2)}x the time of its floor (${(latch.cpuMicros / floorFigures.cpuMicros).toFixed(2)}x its CPU time)`);
    return { latch: latch.opsPerSec, floor: floorFigures.opsPerSec, latchStatements: perRead[0]!, floorStatements: perRead[1]! };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}
