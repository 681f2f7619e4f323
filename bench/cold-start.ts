/**
 * Cold start: a fresh `node` process imports `Auth` and the credentials provider and answers its
 * first GET /auth/session (with a valid session cookie), the way a serverless function starts.
 * Latch runs from its build (packages/core/dist, rebuilt here when older than its sources), as an
 * installed package would; Auth.js from bench/authjs. Runs alternate; the median is reported.
 */
import { execFile, execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { authJsDir } from "./authjs-install.js";
import { check, secret, sessionCookie, user } from "./fixtures.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const coreDir = join(root, "packages/core");
const child = fileURLToPath(new URL("./cold-start-child.mjs", import.meta.url));

function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);
}

/** Builds packages/core when its dist is missing or older than its sources. */
function ensureCoreBuild(): void {
  let built = 0;
  try {
    built = statSync(join(coreDir, "dist/index.js")).mtimeMs;
  } catch {
    // not built
  }
  if (built && built >= newest(join(coreDir, "src"))) return;
  console.log("Building @latch/core (its dist is missing or older than its sources)...");
  execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build", "-w", "@latch/core"], { cwd: root, stdio: "ignore" });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One implementation's modules for the child process. */
interface Target {
  name: string;
  core: string;
  credentials: string;
}

async function runOnce(target: Target, cookie: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [child, target.core, target.credentials, secret, cookie], { cwd: root, timeout: 60_000 });
  const result = JSON.parse(stdout) as { ms: number; user: string | null };
  check(result.user === user.email, `${target.name} did not read the session in a fresh process (got ${result.user})`);
  return result.ms;
}

/** Median milliseconds from import to the first session response, per implementation. */
export async function coldStart(sessionToken: string, withAuthJs: boolean, runs = 15): Promise<Map<string, number>> {
  ensureCoreBuild();
  const targets: Target[] = [
    { name: "Latch", core: pathToFileURL(join(coreDir, "dist/index.js")).href, credentials: pathToFileURL(join(coreDir, "dist/providers/credentials.js")).href },
  ];
  if (withAuthJs) {
    const require = createRequire(`${authJsDir}package.json`);
    targets.push({ name: "Auth.js", core: pathToFileURL(require.resolve("@auth/core")).href, credentials: pathToFileURL(require.resolve("@auth/core/providers/credentials")).href });
  }
  const cookie = `${sessionCookie}=${sessionToken}`;
  const times = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const target of i % 2 ? [...targets].reverse() : targets) times.get(target.name)!.push(await runOnce(target, cookie));
  }
  console.log(`\nCold start: fresh node process, import → first GET /auth/session response (median of ${runs} alternating runs)`);
  const medians = new Map<string, number>();
  for (const [name, list] of times) {
    medians.set(name, median(list));
    console.log(`  ${name.padEnd(8)} median ${median(list).toFixed(1).padStart(7)} ms   min ${Math.min(...list).toFixed(1).padStart(7)} ms   max ${Math.max(...list).toFixed(1).padStart(7)} ms`);
  }
  if (medians.has("Auth.js")) console.log(`  Latch ÷ Auth.js (time) = ${((medians.get("Latch")! / medians.get("Auth.js")!) * 100).toFixed(0)} %`);
  return medians;
}
