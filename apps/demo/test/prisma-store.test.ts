/**
 * `LATCH_DEMO_DATABASE=prisma npm start`: the demo on SQLite (a libSQL file) through @latch/prisma,
 * started as a newcomer starts it. The demo user signs in with the credentials form, the database
 * session is a row of the file, and a restart keeps the session and applies no migration twice.
 * Without the variable, `npm start` resolves no Prisma module at all (a resolve hook records
 * every module the demo's process loads).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, test } from "vitest";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

const folders: string[] = [];
const running: StartedDemo[] = [];
afterAll(async () => {
  await Promise.all(running.map((demo) => demo.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "latch-demo-prisma-"));
  folders.push(dir);
  return dir;
}

async function launch(env: Record<string, string>, dataDir: string): Promise<{ demo: StartedDemo; origin: string }> {
  const demo = startDemo({ port: await freePort(), oidcPort: await freePort(), env, dataDir });
  running.push(demo);
  return { demo, origin: await demo.ready };
}

const cookieOf = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(";")[0];

/** Signs the demo user in with the credentials form, as the browser posts it; returns the session cookie. */
async function signInDemoUser(origin: string): Promise<string> {
  const csrf = await fetch(`${origin}/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, origin },
    body: new URLSearchParams({ csrfToken, username: "demo", password: "latch-demo", callbackUrl: `${origin}/` }),
  });
  expect(signIn.status).toBe(302);
  const session = cookieOf(signIn, "authjs.session-token");
  expect(session).toBeDefined();
  return session!;
}

const sessionOf = async (origin: string, cookie: string) => (await (await fetch(`${origin}/auth/session`, { headers: { cookie } })).json()) as { user?: { name?: string } } | null;

describe("npm start on Prisma", { timeout: 180_000 }, () => {
  test("LATCH_DEMO_DATABASE=prisma: the demo user signs in, the session is a row of prisma.db, and a restart keeps it", async () => {
    const dataDir = folder();
    const env = { LATCH_DEMO_DATABASE: "prisma", AUTH_SECRET: "demo-on-prisma-secret-0123456789abcdef" };
    const first = await launch(env, dataDir);
    expect(first.demo.output()).toContain(`Store: SQLite ${dataDir}/prisma.db through @latch/prisma`);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
    const cookie = await signInDemoUser(first.origin);
    expect((await sessionOf(first.origin, cookie))?.user?.name).toBe("Demo User");

    const db = createClient({ url: `file:${join(dataDir, "prisma.db")}` });
    try {
      const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
      const { rows } = await db.execute({ sql: `SELECT u.name FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s."sessionToken" = ?`, args: [token] });
      expect(rows.map((row) => row.name)).toEqual(["Demo User"]);

      await first.demo.stop();
      const second = await launch(env, dataDir);
      expect((await sessionOf(second.origin, cookie))?.user?.name).toBe("Demo User");
      const migrations = await db.execute(`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`);
      expect(migrations.rows.map((row) => row.migration_name)).toEqual(["20260101000000_authjs", "20260101000001_latch", "20260101000002_signing_keys", "20260101000003_api_keys", "20260101000004_organizations_and_standings", "20260101000005_impersonation", "20260101000006_audit_events", "20260101000007_teams", "20260101000008_audit_append_only"]);
      await second.demo.stop();
    } finally {
      db.close();
    }
  });

  test("a store it does not know: says so and exits 1 before listening", async () => {
    const demo = startDemo({ port: await freePort(), oidcPort: await freePort(), env: { LATCH_DEMO_DATABASE: "mysql" }, dataDir: folder() });
    running.push(demo);
    expect(await demo.exited).toBe(1);
    expect(demo.output()).toContain('LATCH_DEMO_DATABASE is "mysql": use pglite (the default) or prisma.');
    expect(demo.output()).not.toContain("Latch demo on");
  });

  test("without it, npm start is on PGlite and resolves no Prisma module", async () => {
    const dataDir = folder();
    const hooks = folder();
    const log = join(hooks, "resolved.log");
    writeFileSync(log, "");
    writeFileSync(
      join(hooks, "hooks.mjs"),
      `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + "\\n");
  return resolved;
}`,
    );
    writeFileSync(join(hooks, "register.mjs"), `import { register } from "node:module";\nregister(${JSON.stringify(new URL(`file://${join(hooks, "hooks.mjs")}`).href)});\n`);
    const { demo, origin } = await launch({ NODE_OPTIONS: `--import ${join(hooks, "register.mjs")}`, AUTH_SECRET: "demo-on-pglite-secret-0123456789abcdef" }, dataDir);
    const cookie = await signInDemoUser(origin);
    expect((await sessionOf(origin, cookie))?.user?.name).toBe("Demo User");
    await demo.stop();
    const resolved = readFileSync(log, "utf8").split("\n").filter(Boolean);
    // The hook saw the demo's own modules and its store's: the record is of the right process.
    expect(resolved.some((url) => url.endsWith("apps/demo/src/database.ts"))).toBe(true);
    expect(resolved.some((url) => url.includes("@electric-sql/pglite"))).toBe(true);
    // Read below the repository's folder, whose own name may say "prisma".
    const root = new URL("../../../", import.meta.url).href;
    expect(resolved.map((url) => url.replace(root, "")).filter((url) => /prisma/i.test(url))).toEqual([]);
    expect(existsSync(join(dataDir, "prisma.db"))).toBe(false);
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
  });
});
