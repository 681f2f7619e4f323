/**
 * Starts the built example with `next start` on a free port, and stops it. The build is made by
 * `npm run build` (the first step of `npm test`), never here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RawResponse, RequestAttack } from "@latch/testing";
export { freePort } from "@latch/testing";
import { freePort } from "@latch/testing";

/** The example app's directory. */
export const appDir = fileURLToPath(new URL("..", import.meta.url));
const rootNextBin = fileURLToPath(new URL("../../../node_modules/next/dist/bin/next", import.meta.url));

/** The app's own Next.js (an app on another major version has it in its node_modules), else the root's. */
function nextBinOf(dir: string): string {
  const own = `${dir}/node_modules/next/dist/bin/next`;
  return existsSync(own) ? own : rootNextBin;
}

/** True when `next build` has run (its `.next/BUILD_ID` exists). */
export function isBuilt(dir = appDir): boolean {
  return existsSync(`${dir}/.next/BUILD_ID`);
}

/** A running `next start`. */
export interface NextServer {
  readonly origin: string;
  readonly port: number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Runs `next start` in `dir` with `env` added, and waits until it answers. */
export async function startNext(env: Record<string, string>, dir = appDir, chosenPort?: number): Promise<NextServer> {
  const port = chosenPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [nextBinOf(dir), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    // Rate limits off unless a test turns them on: the suites sign in many times from one address.
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", AUTH_RATE_LIMIT: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${origin}/api/auth/csrf`);
      return { origin, port, output: () => output, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error(`next start did not answer:\n${output}`);
}

/**
 * True for the answers `next start` gives itself, before any code of the app (or Latch) runs, to
 * two of the request-conversion attacks: an absolute-form request line gets Next.js's 308 to that
 * very target (Next.js 16) or to it with one slash less (Next.js 15, which a browser reads as a
 * path on the site); no browser sends one to an origin server, and Latch writes no URL. TRACE gets
 * a 500 page without details (undici's Request refuses the method).
 */
export function answeredByNext(attack: RequestAttack, answer: RawResponse): boolean {
  if (attack.target.startsWith("http")) {
    const targets = [attack.target, attack.target.replace("://", ":/")];
    return answer.status === 308 && targets.includes(String(answer.headers.location)) && !answer.body.includes("/api/auth/callback");
  }
  if (attack.method === "TRACE") return answer.status >= 400 && !/\n\s+at\s|node_modules|\.js:\d+/.test(answer.body);
  return false;
}
