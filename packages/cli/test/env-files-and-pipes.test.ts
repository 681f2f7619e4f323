/**
 * The built `latch` as a developer runs it: `migrate` and `check` read the `.env.local` that
 * `latch secret` writes (then `.env`; the environment wins), and `latch migrate plan | head` ends
 * quietly when the reader stops early. Against the real PostgreSQL on 127.0.0.1.
 */
import { execFile } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { needService, postgresUrl, services } from "@latch/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appFolder, binary, buildCli, latch } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const url = postgresUrl;
const postgresUp = await needService(services.postgres);

describe.runIf(postgresUp)("env files and pipes", () => {
  const schema = `latch_env_${Math.random().toString(36).slice(2, 10)}`;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });

  test("migrate reads DATABASE_URL from the .env.local that latch secret wrote", async () => {
    const dir = appFolder();
    expect((await latch(["secret"], dir)).code).toBe(0);
    // Without the database in the file, migrate does not know where to go.
    expect((await latch(["migrate", "status", "--schema", schema], dir)).code).toBe(2);
    appendFileSync(join(dir, ".env.local"), `DATABASE_URL=${url}\n`);
    const status = await latch(["migrate", "status", "--schema", schema], dir);
    expect(status.stderr).toBe("");
    expect(status.stdout).toContain(`schema "${schema}"`);
    expect(status.code).toBe(1); // every migration pending
  });

  test("a variable of the environment wins over the files; .env is read after .env.local", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, ".env.local"), `DATABASE_URL=postgres://nobody@127.0.0.1:1/none\n`);
    writeFileSync(join(dir, ".env"), `DATABASE_URL=postgres://nobody@127.0.0.1:2/none\n`);
    const fromEnvironment = await latch(["migrate", "status", "--schema", schema], dir, { DATABASE_URL: url });
    expect(fromEnvironment.code).toBe(1);
    const fromLocal = await latch(["migrate", "status", "--schema", schema], dir);
    expect(fromLocal.code).toBe(3); // the database of .env.local does not answer
    expect(fromLocal.stderr).toContain("127.0.0.1:1");
  });

  test("check reads AUTH_SECRET from .env.local", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, "auth.mjs"), `import Credentials from "@latch/core/providers/credentials"\nexport default { providers: [Credentials({ authorize: () => null })] }\n`);
    expect((await latch(["check"], dir, { AUTH_URL: "https://app.example.com" })).stdout).toContain("MissingSecret");
    await latch(["secret"], dir);
    const result = await latch(["check"], dir, { AUTH_URL: "https://app.example.com" });
    expect(result.stdout).not.toContain("MissingSecret");
    expect(result.code).toBe(0);
  });

  test("migrate plan into a reader that has already stopped ends quietly", async () => {
    const dir = appFolder();
    // `true` reads nothing and exits at once: every line the plan writes meets a closed pipe.
    const script = `"${process.execPath}" "${binary}" migrate plan --url "${url}" --schema ${schema} | true; exit \${PIPESTATUS[0]}`;
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile("bash", ["-c", script], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME } }, (error, _stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stderr });
      });
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });
});
