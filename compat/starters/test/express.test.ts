/**
 * The Express walkthrough (docs/site/getting-started/express.md) in a project made by `npm init -y` (CommonJS, until the
 * walkthrough's `npm pkg set type=module`): the quick start's three files, copied out of
 * the page, the packed tarballs and tsx installed as it says, `npx tsx server.ts`, and a sign-in through the
 * built-in page in Chromium, a wrong password first. Then the same project with the database
 * setup's `auth.ts` (docs/site/guides/sign-in-methods.md) on PostgreSQL: migrations without top-level await, and a
 * credentials user found or created through the adapter, with a database session.
 */
import { launchChromium, chromiumAvailable, needService, services } from "@latch/testing";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { childEnv, filesOf, freePort, newProject, npm, packLatch, removeProject, page, signInTwice, start, writeFiles } from "./project.js";

const run = promisify(execFile);
let project: string | undefined;
let packs: Record<string, string>;
let browser: Browser | undefined;
const database = "latch_starter_express";
const pgUser = process.env.PGUSER ?? "postgres";
const databaseUrl = (name: string) => `postgres://${pgUser}@${services.postgres.host}:${services.postgres.port}/${name}`;
const admin = databaseUrl(process.env.PGDATABASE ?? "test");

const chromium = await chromiumAvailable();
const postgres = chromium && (await needService(services.postgres));

beforeAll(async () => {
  if (!chromium) return;
  project = await newProject("express-app");
  packs = await packLatch(join(project, "..", "packs"), ["core", "express", "adapter-pg"]);
  // The walkthrough's install lines (its `npm pkg set type=module` only if it says so).
  if (/^npm pkg set type=module\b/m.test(page("getting-started/express.md"))) await npm(project, "pkg", "set", "type=module");
  await npm(project, "install", packs["@latch/core"]!, packs["@latch/express"]!, "express");
  await npm(project, "install", "-D", "tsx");
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  removeProject(project);
}, 300_000);

/** Runs `npx tsx server.ts` on a free port and signs in twice in Chromium; returns the server's output. */
async function runAndSignIn(env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await start(project!, "npx", ["tsx", "server.ts"], { AUTH_SECRET: "starter-express-secret-0123456789abcdefghi", PORT: String(port), ...env }, `${origin}/`);
  const context = await browser!.newContext();
  try {
    await signInTwice(await context.newPage(), { protectedUrl: `${origin}/dashboard`, signInPath: "/auth/signin", greeting: "Your dashboard, Ada" });
    return server.output();
  } finally {
    await context.close();
    await server.stop();
  }
}

describe.runIf(chromium)("an npm init project with the Express walkthrough's files", () => {
  test("the starter is CommonJS, as npm init makes it; the walkthrough makes it ESM", () => {
    expect(JSON.parse(readFileSync(new URL("../express-app/package.json", import.meta.url), "utf8")).type).toBe("commonjs");
    expect(page("getting-started/express.md")).toContain("npm pkg set type=module");
    expect(JSON.parse(readFileSync(join(project!, "package.json"), "utf8")).type).toBe("module");
  });

  test("the quick start runs and signs in through the built-in page", async () => {
    const files = filesOf(page("getting-started/express.md"));
    expect(files.map(([name]) => name)).toEqual(["users.ts", "auth.ts", "server.ts"]);
    writeFiles(project!, files);
    expect(await runAndSignIn()).not.toMatch(/\n\s+at /);
  }, 120_000);

  describe.runIf(postgres)("with the database setup's auth.ts", () => {
    beforeAll(async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${database}`);
      await client.end();
      await npm(project!, "install", packs["@latch/pg"]!, "pg", "nodemailer");
    }, 300_000);

    afterAll(async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    });

    test("migrates at start, and a credentials user gets a row and a database session", async () => {
      const files = filesOf(page("guides/sign-in-methods.md"));
      expect(files.map(([name]) => name)).toEqual(["auth.ts"]);
      writeFiles(project!, files);
      const url = databaseUrl(database);
      const output = await runAndSignIn({ DATABASE_URL: url, EMAIL_SERVER: "smtp://127.0.0.1:9" });
      expect(output).not.toMatch(/\n\s+at /);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const users = await client.query("SELECT id, email FROM users");
        expect(users.rows.map((r) => r.email)).toEqual(["ada@example.com"]);
        const sessions = await client.query('SELECT "userId" FROM sessions');
        expect(sessions.rows.map((r) => r.userId)).toEqual([users.rows[0].id]);
      } finally {
        await client.end();
      }
    }, 120_000);

    test("the database auth.ts also loads in a CommonJS project: no top-level await", async () => {
      const cjs = join(project!, "commonjs");
      writeFiles(cjs, [["package.json", JSON.stringify({ type: "commonjs" })], ...filesOf(page("getting-started/express.md")).filter(([name]) => name === "users.ts"), ...filesOf(page("guides/sign-in-methods.md"))]);
      writeFiles(cjs, [["main.ts", 'import { ready } from "./auth.js"\nready.then(() => console.log("migrated"))\n']]);
      const { stdout } = await run("npx", ["tsx", "main.ts"], { cwd: cjs, env: childEnv({ DATABASE_URL: databaseUrl(database), EMAIL_SERVER: "smtp://127.0.0.1:9" }) });
      expect(stdout.trim()).toBe("migrated");
    }, 120_000);
  });
});
