import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root and the built binary the tests run. */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const binary = join(repoRoot, "packages/cli/dist/bin.js");

/** What one run of `latch` gave back. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `latch` in `cwd` as a child process (no terminal: stdout and stderr are pipes). */
export function latch(args: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const base: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME };
  return new Promise((resolve) => {
    execFile(process.execPath, [binary, ...args], { cwd, env: { ...base, ...env } as NodeJS.ProcessEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A fresh folder outside the repository whose `node_modules` is the repository's (as an installed app's would be). */
export function appFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "latch-cli-"));
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  return dir;
}

/** The preset modules of core's sources (what `latch providers` should list). */
export function coreProviderModules(): string[] {
  return readdirSync(join(repoRoot, "packages/core/src/providers"))
    .filter((f) => f.endsWith(".ts") && !/\.test\.ts$|\.test-d\.ts$|^test-/.test(f) && f !== "index.ts" && f !== "types.ts")
    .map((f) => f.slice(0, -3))
    .sort();
}

/** The newest modification time of the files under `dir`. */
function newest(dir: string): number {
  return Math.max(0, ...readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => statSync(join(dir, file)).mtimeMs));
}

/**
 * Builds what the binary imports when it is missing (core, the adapters), then the CLI when its
 * build is older than its sources. Test files run side by side: one builds (under a lock
 * directory), the others wait for it.
 */
export async function buildCli(): Promise<void> {
  const { execFileSync } = await import("node:child_process");
  const lock = join(repoRoot, "packages/cli/.build-lock");
  try {
    mkdirSync(lock);
  } catch {
    // A lock left by a run that was killed is not waited for beyond the build's own time.
    for (let waited = 0; existsSync(lock) && waited < 150_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
    return;
  }
  try {
    const npm = (workspace: string) => execFileSync("npm", ["run", "build", "-w", workspace], { cwd: repoRoot, stdio: "ignore" });
    if (!existsSync(join(repoRoot, "packages/core/dist/index.js"))) npm("@latch/core");
    if (!existsSync(join(repoRoot, "packages/adapter-pg/dist/index.js"))) npm("@latch/pg");
    if (!existsSync(join(repoRoot, "packages/adapter-typeorm/dist/index.js"))) npm("@latch/typeorm");
    if (!existsSync(binary) || statSync(binary).mtimeMs < newest(join(repoRoot, "packages/cli/src"))) npm("@latch/cli");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
