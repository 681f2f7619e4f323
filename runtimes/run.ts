/**
 * `npm run runtimes`: core's portable checks (checks.ts) on every runtime Latch says it runs on —
 * the Node running this (Node 20 here), Node 22 and 24, Bun, Deno and workerd — and the sign-in
 * round over HTTP against each runtime's own server, bare and through @latch/hono. Prints one line per
 * runtime, `<runtime> N passed` (with `, N failed` and the failures above it when any), and exits
 * non-zero when a check fails or a runtime does not run. With LATCH_RUNTIMES_JSON set, also writes
 * the totals there as `{ "passed": N, "failed": N }`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Browser, viaHttp } from "./browser.js";
import { buildAll, outDir, type Builds } from "./build.js";
import { honoRound, jwtRound } from "./checks.js";

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, "node_modules");
const timeoutMs = 60_000;

interface Runtime {
  name: string;
  /** The executable; undefined for the Node running this script. */
  binary?: string;
  /** Runs the checks. */
  args: (builds: Builds) => string[];
  /** Serves the app on a free port of 127.0.0.1 and reports it (`listening <port>`, or on fd 3). */
  serve: (builds: Builds) => string[];
  /** Serves the same app through @latch/hono, reported the same way. */
  serveHono: (builds: Builds) => string[];
}

// Deno gets no config, no package.json and no npm: only the import map says where modules are.
const denoRun = (b: Builds) => ["run", "--no-config", "--no-remote", "--no-npm", "--no-lock", "--import-map", b.denoImportMap];

const runtimes: Runtime[] = [
  { name: `node${process.versions.node.split(".")[0]}`, args: (b) => [b.native], serve: (b) => [b.nodeServer], serveHono: (b) => [b.hono.nodeServer] },
  { name: "node22", binary: join(modules, "node22", "bin", "node"), args: (b) => [b.native], serve: (b) => [b.nodeServer], serveHono: (b) => [b.hono.nodeServer] },
  { name: "node24", binary: join(modules, "node24", "bin", "node"), args: (b) => [b.native], serve: (b) => [b.nodeServer], serveHono: (b) => [b.hono.nodeServer] },
  // Bun never installs anything itself here: every package comes from node_modules.
  { name: "bun", binary: join(modules, "@oven", "bun-linux-x64", "bin", "bun"), args: (b) => ["--no-install", b.native], serve: (b) => ["--no-install", b.bunServer], serveHono: (b) => ["--no-install", b.hono.bunServer] },
  {
    name: "deno",
    binary: join(modules, "@deno", "linux-x64-glibc", "deno"),
    args: (b) => [...denoRun(b), b.deno],
    serve: (b) => [...denoRun(b), "--allow-net=127.0.0.1", b.denoServer],
    // Hono's env(c) reads Deno.env: a Deno app runs with --allow-env.
    serveHono: (b) => [...denoRun(b), "--allow-net=127.0.0.1", "--allow-env", b.hono.denoServer],
  },
  {
    name: "workerd",
    binary: join(modules, "@cloudflare", "workerd-linux-64", "bin", "workerd"),
    args: (b) => ["test", b.workerConfig],
    serve: (b) => ["serve", b.workerConfig, "--control-fd", "3"],
    serveHono: (b) => ["serve", b.hono.workerConfig, "--control-fd", "3"],
  },
];

const childEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DENO_DIR: join(outDir, "deno-cache"), NO_COLOR: "1" };

function ensureInstalled(): void {
  if (runtimes.every((runtime) => !runtime.binary || existsSync(runtime.binary))) return;
  console.log("installing the runtimes (runtimes/package-lock.json) …");
  execFileSync("npm", ["ci", "--prefix", here, "--no-audit", "--no-fund"], { stdio: ["ignore", "ignore", "inherit"] });
}

interface Outcome {
  passed: number;
  failures: string[];
}

function run(runtime: Runtime, builds: Builds): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(runtime.binary ?? process.execPath, runtime.args(builds), {
      cwd: outDir,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const lines = output.split("\n");
      const plan = Number(/^1\.\.(\d+)$/m.exec(output)?.[1] ?? 0);
      const passed = lines.filter((line) => line.startsWith("ok - ")).length;
      const failures = lines.filter((line) => line.startsWith("not ok - "));
      const ran = passed + failures.length;
      if (!plan || ran < plan || code !== 0) {
        const why = signal === "SIGKILL" ? `did not finish within ${timeoutMs / 1000} s` : `exited with ${signal ?? code} after ${ran} of ${plan || "?"} checks`;
        const tail = lines.filter((line) => line.trim() && !/^(not )?ok - |^1\.\.\d+$|debug: \[ (TEST|PASS) \]/.test(line)).slice(-8);
        failures.push(`not ok - ${runtime.name} ${why}`, ...tail.map((line) => `    ${line}`));
      }
      resolve({ passed, failures });
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ passed: 0, failures: [`not ok - ${runtime.name} could not start: ${error.message}`] });
    });
  });
}

// The port a server reports: `listening <port>` on its output, or workerd's control message on fd 3.
function reportedPort(child: ChildProcess, output: { text: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port within ${timeoutMs / 1000} s`)), timeoutMs);
    const settle = (port?: number, error?: Error) => {
      clearTimeout(timer);
      if (port) resolve(port);
      else reject(error);
    };
    for (const stream of [child.stdout, child.stderr, child.stdio[3]]) {
      stream?.on("data", (chunk: Buffer) => {
        output.text += chunk;
        const found = /^listening (\d+)$|"port":\s*(\d+)/m.exec(output.text);
        if (found) settle(Number(found[1] ?? found[2]));
      });
    }
    child.on("error", (error) => settle(undefined, error));
    child.on("exit", (code) => settle(undefined, new Error(`the server exited with ${code}`)));
  });
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs / 1000} s`)), timeoutMs)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The JWT round again, from this process over a real socket, against the runtime's own server
// (or the same app through @latch/hono).
async function served(runtime: Runtime, builds: Builds, hono = false): Promise<string> {
  const name = hono ? `HTTP round, Hono: the same round and a route's session read through @latch/hono on ${runtime.name}` : `HTTP round, JWT: the same round against ${runtime.name}'s own server`;
  const args = hono ? runtime.serveHono(builds) : runtime.serve(builds);
  const child = spawn(runtime.binary ?? process.execPath, args, { cwd: outDir, env: childEnv, stdio: ["ignore", "pipe", "pipe", "pipe"] });
  const output = { text: "" };
  try {
    const port = await reportedPort(child, output);
    const browser = new Browser(viaHttp(), `http://127.0.0.1:${port}`);
    await within(hono ? honoRound(browser) : jwtRound(browser), "the round");
    return `ok - ${name}`;
  } catch (error) {
    const tail = output.text.split("\n").filter((line) => line.trim()).slice(-4).map((line) => `\n    ${line}`).join("");
    return `not ok - ${name}: ${error instanceof Error ? error.message : String(error)}${tail}`;
  } finally {
    child.kill();
  }
}

ensureInstalled();
const builds = await buildAll();
let passed = 0;
let failed = 0;
for (const runtime of runtimes) {
  const outcome = await run(runtime, builds);
  for (const round of [await served(runtime, builds), await served(runtime, builds, true)]) {
    if (round.startsWith("ok - ")) outcome.passed++;
    else outcome.failures.push(round);
  }
  const failedChecks = outcome.failures.filter((line) => line.startsWith("not ok - ")).length;
  for (const line of outcome.failures) console.log(line);
  console.log(`${runtime.name} ${outcome.passed} passed${failedChecks ? `, ${failedChecks} failed` : ""}`);
  passed += outcome.passed;
  failed += failedChecks;
}
if (process.env.LATCH_RUNTIMES_JSON) writeFileSync(process.env.LATCH_RUNTIMES_JSON, JSON.stringify({ passed, failed }));
process.exitCode = failed ? 1 : 0;
