/** Runs the demo the way a newcomer does: `npm start` at the repository root, as a child process. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
export { freePort } from "@latch/testing";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** A running (or exited) `npm start`. */
export interface StartedDemo {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves with the demo's origin once it says it is listening; rejects if it exits first. */
  ready: Promise<string>;
  stop(): Promise<void>;
}

/** Options of {@link startDemo}. */
export interface StartDemoOptions {
  port: number;
  oidcPort: number;
  /** Extra arguments after `npm start --`. */
  args?: string[];
  env?: Record<string, string>;
  /** The data directory; a fresh temporary one by default (removed by `stop`). */
  dataDir?: string;
}

/** Spawns `npm start -- <args>` at the repository root with its own data directory and ports. */
export function startDemo(options: StartDemoOptions): StartedDemo {
  const ownData = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "latch-demo-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.port), DEMO_OIDC_PORT: String(options.oidcPort), LATCH_DEMO_DATA: dataDir, ...options.env };
  // As from a shell: the test runner's own variables do not leak into the demo.
  delete env.NODE_ENV;
  delete env.VITEST;
  delete env.HOST;
  Object.assign(env, options.env);
  const child = spawn("npm", ["start", "--", ...(options.args ?? [])], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Latch demo on (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", check);
    void exited.then((code) => reject(new Error(`npm start exited (${code}) before listening:\n${text}`)));
  });
  ready.catch(() => undefined);
  return {
    child,
    output: () => text,
    exited,
    ready,
    async stop() {
      // npm runs the demo through a shell: end the whole process group it leads.
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
        await exited;
      }
      if (ownData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
