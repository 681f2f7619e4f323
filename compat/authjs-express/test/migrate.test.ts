/**
 * The Express steps of docs/site/migrating/from-authjs.md, applied to an app written for Auth.js
 * (fixtures/app.ts: `@auth/express`, its providers, `@auth/core/jwt`). The renames are read from
 * the page's table, so the guide and this test cannot say different things: the renamed copy must
 * import no Auth.js module, type-check against Latch, run, sign in with a password over HTTP and
 * read the session in Auth.js's cookie, keep a session that Auth.js's format sealed before the
 * switch (the same `AUTH_SECRET`), and pass the guide's last step, `latch check`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBrowser } from "@latch/testing";
import { buildCli, latch, repoRoot } from "../../../packages/cli/test/run-cli.js";
import { mintToken, sessionClaims } from "../../../packages/core/test/token-format.js";

const here = fileURLToPath(new URL("..", import.meta.url));
/** The guide; `LATCH_DOCS` points at another copy of docs/site (e.g. an older one, to see it fail). */
const guide = join(process.env.LATCH_DOCS ?? fileURLToPath(new URL("../../../docs/site", import.meta.url)), "migrating/from-authjs.md");
const fixture = join(here, "fixtures/app.ts");
/** The migrated copy: inside the repository, so that it resolves `@latch/*` and `express` from its node_modules. */
const copyDir = join(here, `.migrated-${process.pid}`);
const secret = "an-auth-js-secret-kept-across-the-switch-0123456789";

/** The rows of the guide's rename table (between `<!-- #region renames -->` and its end): Auth.js module → Latch module. */
export function renamesOf(page: string): [string, string][] {
  const start = page.indexOf("<!-- #region renames -->");
  const end = page.indexOf("<!-- #endregion renames -->");
  if (start < 0 || end < start) throw new Error("the guide has no renames region");
  return [...page.slice(start, end).matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)].map((m) => [m[1]!, m[2]!]);
}

/** A module specifier in quotes is renamed when it is a table row's Auth.js module or a subpath of it. */
export function applyRenames(source: string, renames: readonly [string, string][]): string {
  return source.replace(/(["'])((?:@[\w.-]+\/)?[\w.-]+)(\/[\w./-]+)?\1/g, (whole, quote: string, name: string, path = "") => {
    const row = renames.find(([from]) => from === name);
    return row ? `${quote}${row[1]}${path}${quote}` : whole;
  });
}

/** The module specifiers a source imports (import … from, import "…", export … from, declare module). */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:from|import|declare module)\s+["']([^"']+)["']/g)].map((m) => m[1]!);
}

const renames = renamesOf(readFileSync(guide, "utf8"));
const original = readFileSync(fixture, "utf8");
const migrated = applyRenames(original, renames);

describe("the guide's renames", () => {
  test("the table names each integration's package and core's", () => {
    expect(Object.fromEntries(renames)).toEqual({
      "@auth/express": "@latch/express",
      "next-auth": "@latch/next",
      "@auth/sveltekit": "@latch/sveltekit",
      "@auth/core": "@latch/core",
    });
  });

  test("rename a package and its subpaths, and nothing that merely starts with its name", () => {
    const source = [
      `import { ExpressAuth } from "@auth/express"`,
      `import GitHub from '@auth/express/providers/github'`,
      `import NextAuth from "next-auth"`,
      `import { SessionProvider } from "next-auth/react"`,
      `declare module "@auth/core/types" {}`,
      `import { PrismaAdapter } from "@auth/prisma-adapter"`,
      `const name = "next-auth-app"`,
    ].join("\n");
    expect(applyRenames(source, renames).split("\n")).toEqual([
      `import { ExpressAuth } from "@latch/express"`,
      `import GitHub from '@latch/express/providers/github'`,
      `import NextAuth from "@latch/next"`,
      `import { SessionProvider } from "@latch/next/react"`,
      `declare module "@latch/core/types" {}`,
      `import { PrismaAdapter } from "@auth/prisma-adapter"`,
      `const name = "next-auth-app"`,
    ]);
  });

  test("the app is written for Auth.js, and its copy imports Latch where it imported Auth.js, nothing else changed", () => {
    expect(specifiers(original)).toEqual(["express", "@auth/express", "@auth/express/providers/credentials", "@auth/express/providers/github", "@auth/core/jwt"]);
    expect(original).not.toContain("@latch/");
    expect(specifiers(migrated)).toEqual(["express", "@latch/express", "@latch/express/providers/credentials", "@latch/express/providers/github", "@latch/core/jwt"]);
    expect(migrated.replace(/@latch\/(express|core)/g, "@auth/$1")).toBe(original);
  });
});

describe("the Auth.js Express app, renamed, on Latch", () => {
  let server: Server;
  let base: string;
  const env = { AUTH_SECRET: secret, AUTH_GITHUB_ID: "github-client-id", AUTH_GITHUB_SECRET: "github-client-secret" };
  const before: Record<string, string | undefined> = {};

  beforeAll(async () => {
    mkdirSync(copyDir, { recursive: true });
    writeFileSync(join(copyDir, "app.ts"), migrated);
    for (const [name, value] of Object.entries(env)) {
      before[name] = process.env[name];
      process.env[name] = value;
    }
    const { app } = (await import(join(copyDir, "app.ts"))) as { app: import("express").Express };
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(copyDir, { recursive: true, force: true });
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test("type-checks against Latch's packages", () => {
    const program = ts.createProgram([join(copyDir, "app.ts")], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      customConditions: ["source"],
      skipLibCheck: true,
      types: ["node"],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(diagnostics).toEqual([]);
  }, 120_000);

  test("lists the providers under the same path, with the same callback URLs", async () => {
    const providers = (await (await fetch(`${base}/auth/providers`)).json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(providers)).toEqual(["github", "credentials"]);
    expect(providers.github!.callbackUrl).toBe(`${base}/auth/callback/github`);
  });

  test("signs in with a password over HTTP; the session is in authjs.session-token and reaches getSession and /auth/session", async () => {
    const browser = createBrowser();
    expect((await browser.fetch(`${base}/api/me`)).status).toBe(401);
    const { csrfToken } = (await (await browser.fetch(`${base}/auth/csrf`)).json()) as { csrfToken: string };
    const signIn = (password: string) =>
      browser.fetch(`${base}/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email: "ada@example.com", password, callbackUrl: `${base}/` }),
      });
    const wrong = await signIn("wrong horse");
    expect(wrong.headers.get("location")).toContain("error=CredentialsSignin");
    expect(browser.cookie(base, "authjs.session-token")).toBeUndefined();

    const right = await signIn("correct horse");
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe(`${base}/`);
    expect(browser.cookies(base).map((c) => c.name)).toEqual(expect.arrayContaining(["authjs.csrf-token", "authjs.callback-url", "authjs.session-token"]));

    expect(await (await browser.fetch(`${base}/`)).text()).toBe("Signed in as Ada Lovelace");
    expect(await (await browser.fetch(`${base}/api/me`)).json()).toEqual({ name: "Ada Lovelace", email: "ada@example.com", role: "admin" });
    const session = (await (await browser.fetch(`${base}/auth/session`)).json()) as { user: { name: string; email: string }; expires: string; role: string };
    expect(session.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(session.role).toBe("admin");
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
  });

  test("a session sealed in Auth.js's format before the switch, with the same AUTH_SECRET, is still signed in", async () => {
    const token = await mintToken({ ...sessionClaims({ id: "1", name: "Ada Lovelace", email: "ada@example.com" }, 3600), role: "admin" }, { secret });
    const cookie = `authjs.session-token=${token}`;
    expect(await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()).toEqual({ name: "Ada Lovelace", email: "ada@example.com", role: "admin" });
    // Sealed with another secret, it opens nowhere: the user is signed out.
    const other = await mintToken(sessionClaims({ id: "1", name: "Ada Lovelace", email: "ada@example.com" }), { secret: `${secret}-other` });
    expect((await fetch(`${base}/api/me`, { headers: { cookie: `authjs.session-token=${other}` } })).status).toBe(401);
  });

  test("the last step, `latch check`, loads the migrated config and finds nothing to fix in production; without the secret it says so", async () => {
    await buildCli();
    // The CLI loads the app as an installed app would: @latch/express from its build.
    if (!existsSync(join(repoRoot, "packages/express/dist/index.js"))) execFileSync("npm", ["run", "build", "-w", "@latch/express"], { cwd: repoRoot, stdio: "ignore" });
    const production = { AUTH_URL: "https://app.example.com", NODE_ENV: "production", AUTH_GITHUB_ID: env.AUTH_GITHUB_ID, AUTH_GITHUB_SECRET: env.AUTH_GITHUB_SECRET };
    const checked = await latch(["check", "--config", "app.ts"], copyDir, { ...production, AUTH_SECRET: secret });
    expect(checked.stdout).toContain("No problem found");
    expect(checked.stdout).toMatch(/github\s+https:\/\/app\.example\.com\/auth\/callback\/github/);
    expect(checked.code).toBe(0);
    const unset = await latch(["check", "--config", "app.ts"], copyDir, production);
    expect(unset.stdout).toContain("MissingSecret");
    expect(unset.code).toBe(1);
  }, 300_000);
});
