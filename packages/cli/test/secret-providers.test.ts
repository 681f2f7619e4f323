import { readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { appFolder, buildCli, coreProviderModules, latch } from "./run-cli.js";

beforeAll(buildCli, 180_000);

describe("latch secret", () => {
  test("creates .env.local with 32 random bytes, base64url, readable by the owner only", async () => {
    const dir = appFolder();
    const result = await latch(["secret"], dir);
    expect(result.code).toBe(0);
    const text = readFileSync(join(dir, ".env.local"), "utf8");
    const [, secret] = /^AUTH_SECRET=([A-Za-z0-9_-]+)\n$/.exec(text) ?? [];
    expect(Buffer.from(secret!, "base64url")).toHaveLength(32);
    expect(statSync(join(dir, ".env.local")).mode & 0o777).toBe(0o600);
    // The secret itself is never printed unless asked for.
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  test("appends to an existing file and keeps its lines", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, ".env.local"), "DATABASE_URL=postgres://db/app");
    expect((await latch(["secret"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, ".env.local"), "utf8")).toMatch(/^DATABASE_URL=postgres:\/\/db\/app\nAUTH_SECRET=[A-Za-z0-9_-]{43}\n$/);
  });

  test("refuses to replace an AUTH_SECRET without --force, and replaces only that line with it", async () => {
    const dir = appFolder();
    const file = join(dir, ".env.local");
    writeFileSync(file, "A=1\nAUTH_SECRET=keep-me\nB=2\n");
    const refused = await latch(["secret"], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--force");
    expect(readFileSync(file, "utf8")).toBe("A=1\nAUTH_SECRET=keep-me\nB=2\n");
    expect((await latch(["secret", "--force"], dir)).code).toBe(0);
    expect(readFileSync(file, "utf8")).toMatch(/^A=1\nAUTH_SECRET=[A-Za-z0-9_-]{43}\nB=2\n$/);
  });

  test("--print prints a new secret each time and writes nothing", async () => {
    const dir = appFolder();
    const [first, second] = [await latch(["secret", "--print"], dir), await latch(["secret", "--print"], dir)];
    expect(first.stdout).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}\n$/);
    expect(second.stdout).not.toBe(first.stdout);
    expect(existsSync(join(dir, ".env.local"))).toBe(false);
  });

  test("--file names another file", async () => {
    const dir = appFolder();
    expect((await latch(["secret", "--file", ".env"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, ".env"), "utf8")).toMatch(/^AUTH_SECRET=/);
  });
});

describe("the command line", () => {
  test("an unknown command or option exits 2 with the usage", async () => {
    const dir = appFolder();
    for (const args of [["frobnicate"], ["secret", "--colour"], ["migrate", "undo"], []]) {
      const result = await latch(args, dir);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout + result.stderr).toContain("Usage: latch");
    }
  });

  test("colours only on a terminal (FORCE_COLOR stands for one), never with NO_COLOR", async () => {
    const dir = appFolder();
    const escape = "\x1b[";
    expect((await latch(["secret"], dir)).stdout).not.toContain(escape);
    expect((await latch(["secret", "--file", "b"], dir, { FORCE_COLOR: "1" })).stdout).toContain(escape);
    expect((await latch(["secret", "--file", "c"], dir, { FORCE_COLOR: "1", NO_COLOR: "1" })).stdout).not.toContain(escape);
  });
});

describe("latch providers", () => {
  test("lists every preset of core with its id, name, type and variables", async () => {
    const result = await latch(["providers", "--json"], appFolder());
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout) as { module: string; id: string; name: string; type: string; env: string[] }[];
    // providers/oauth holds the factories of an app's own provider (OAuth(), OIDC()): no id, no preset.
    expect(list.map((p) => p.module)).toEqual(coreProviderModules().filter((m) => m !== "oauth"));
    expect(list.find((p) => p.id === "email")).toMatchObject({ module: "email", type: "email" });
    expect(list.find((p) => p.id === "github")).toEqual({ module: "github", id: "github", name: "GitHub", type: "oauth", env: ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET", "AUTH_GITHUB_ISSUER"] });
    expect(list.find((p) => p.id === "microsoft-entra-id")?.env[0]).toBe("AUTH_MICROSOFT_ENTRA_ID_ID");
    expect(list.find((p) => p.id === "resend")).toMatchObject({ type: "email", env: ["AUTH_RESEND_KEY"] });
    expect(list.find((p) => p.id === "credentials")).toMatchObject({ type: "credentials", env: [] });
  });

  test("the table names each preset once and --type filters it", async () => {
    const result = await latch(["providers", "--type", "email"], appFolder());
    expect(result.code).toBe(0);
    const rows = result.stdout.split("\n").filter((line) => / email /.test(line));
    expect(rows.map((line) => line.split(/\s+/)[0]).sort()).toEqual(["email", "mailgun", "nodemailer", "postmark", "resend", "sendgrid"]);
    expect(result.stdout).not.toContain("github");
  });
});
