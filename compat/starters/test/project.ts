/**
 * A new project as a user makes it: a copy of a committed starter (generated once by the
 * framework's own tool), installed with `npm ci` from its lock file, the packed Latch tarballs
 * installed the way the documentation says, and its files dropped in exactly as written.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { Page } from "playwright-core";
export { freePort } from "@latch/testing";

const run = promisify(execFile);
export const root = fileURLToPath(new URL("../../..", import.meta.url));
const starters = fileURLToPath(new URL("..", import.meta.url));

/**
 * The text of a page of the documentation site, e.g. `page("getting-started/express.md")`;
 * `LATCH_DOCS` points at another copy of docs/site (e.g. an older one, to see it fail).
 */
export function page(path: string): string {
  return readFileSync(join(process.env.LATCH_DOCS ?? join(root, "docs/site"), path), "utf8");
}

/**
 * The files a page shows: each code block whose first line names a file
 * (`// src/auth.ts: …` or `<!-- src/routes/+page.svelte -->`), as `[path, text]` in order.
 */
export function filesOf(text: string): [string, string][] {
  const files: [string, string][] = [];
  for (const [, body] of text.matchAll(/```(?:ts|tsx|svelte)(?: [^\n]*)?\n([\s\S]*?)```/g)) {
    const name = /^(?:\/\/|<!--) ([^\s:,(]+\.(?:tsx?|svelte))\b/.exec(body!)?.[1];
    if (name) files.push([name, body!]);
  }
  return files;
}

/** Packs the named workspaces (built first when they have no `dist/`) into `dir`; their tarball paths. */
export async function packLatch(dir: string, workspaces: string[]): Promise<Record<string, string>> {
  const missing = workspaces.filter((w) => !existsSync(join(root, "packages", w, "dist")));
  const names = workspaces.map((w) => (JSON.parse(readFileSync(join(root, "packages", w, "package.json"), "utf8")) as { name: string }).name);
  if (missing.length) await run("npm", ["run", "build", ...names.filter((_, i) => missing.includes(workspaces[i]!)).flatMap((n) => ["-w", n])], { cwd: root });
  mkdirSync(dir, { recursive: true });
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir, ...names.flatMap((n) => ["-w", n])], { cwd: root });
  const entries = JSON.parse(stdout) as { name: string; filename: string }[];
  return Object.fromEntries(entries.map((e) => [e.name, join(dir, e.filename.replace(/^@/, "").replace("/", "-"))]));
}

/**
 * A temporary copy of `compat/starters/<starter>`, installed from its lock file: its
 * `node_modules` comes along when `npm ci --prefix compat/starters/<starter>` has made it (as
 * `.ci/run` does), else `npm ci` runs in the copy. Build output is left behind.
 */
export async function newProject(starter: string): Promise<string> {
  const base = mkdtempSync(join(tmpdir(), `latch-${starter}-`));
  const dir = join(base, starter);
  const from = join(starters, starter);
  const installed = existsSync(join(from, "node_modules", ".package-lock.json"));
  const skipped = installed ? /[/\\](\.next|\.svelte-kit)$/ : /[/\\](node_modules|\.next|\.svelte-kit)$/;
  cpSync(from, dir, { recursive: true, verbatimSymlinks: true, filter: (path) => !skipped.test(path.slice(from.length)) });
  if (!installed) await npm(dir, "ci");
  return dir;
}

/** Runs npm in a project, from the local cache when it has the packages. */
export async function npm(dir: string, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    // A failed build says why on stdout (Next.js's type errors, for one).
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(" ")} failed in ${dir}:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`, { cause: error });
  }
}

/** Writes files into a project, making their folders. */
export function writeFiles(dir: string, files: [string, string][]): void {
  for (const [name, text] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** The environment of the project's own commands: none of the test runner's variables. */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ["VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID", "NODE_OPTIONS", "TEST", "LATCH_TEST_JSON"]) delete env[name];
  if (!("NODE_ENV" in extra)) delete env.NODE_ENV;
  return env;
}

/** A server started in a project: its output so far, and `stop()`. */
export interface Started {
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` in `dir` and waits until `url` answers (any status). */
export async function start(dir: string, command: string, args: string[], env: NodeJS.ProcessEnv, url: string): Promise<Started> {
  const child: ChildProcess = spawn(command, args, { cwd: dir, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await gone;
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`${command} ${args.join(" ")} exited:\n${output}`);
    try {
      await fetch(url, { redirect: "manual" });
      return { output: () => output, stop };
    } catch {
      if (Date.now() > until) {
        await stop();
        throw new Error(`${url} did not answer within 120 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** What the sign-in in the browser needs: the page that asks for a session, and what it shows. */
export interface SignInPlan {
  /** The protected page (absolute URL); without a session it leads to the built-in sign-in page. */
  protectedUrl: string;
  /** The built-in sign-in page's path, e.g. `/auth/signin` or `/api/auth/signin`. */
  signInPath: string;
  /** What the protected page says once signed in. */
  greeting: string;
}

/**
 * Opens the protected page, lands on the built-in sign-in page, signs in with a wrong password
 * (refused: the page again, with the error), then with the right one, and sees the greeting.
 */
export async function signInTwice(page: Page, plan: SignInPlan): Promise<void> {
  try {
    await signInSteps(page, plan);
  } catch (error) {
    const body = await page.locator("body").innerText().catch(() => "");
    throw new Error(`${(error as Error).message}\nat ${page.url()}:\n${body.slice(0, 500)}`, { cause: error });
  }
}

async function signInSteps(page: Page, plan: SignInPlan): Promise<void> {
  const form = () => page.locator('form[action$="/callback/credentials"]');
  await page.goto(plan.protectedUrl);
  await page.waitForURL((url) => url.pathname === plan.signInPath, { timeout: 30_000 });
  await form().locator("input[name=email]").fill("ada@example.com");
  await form().locator("input[name=password]").fill("wrong horse");
  await form().locator("button").click();
  await page.waitForURL((url) => url.pathname === plan.signInPath && url.searchParams.get("error") === "CredentialsSignin", { timeout: 30_000 });
  await expect.poll(() => page.locator("[role=alert]").innerText()).toMatch(/check them/i);
  await form().locator("input[name=email]").fill("ada@example.com");
  await form().locator("input[name=password]").fill("correct horse");
  await form().locator("button").click();
  await page.waitForURL(plan.protectedUrl, { timeout: 30_000 });
  await expect.poll(() => page.locator("body").innerText(), { timeout: 30_000 }).toContain(plan.greeting);
}

/** Removes a project made by {@link newProject}. */
export function removeProject(dir: string | undefined): void {
  if (dir) rmSync(dirname(dir), { recursive: true, force: true });
}
