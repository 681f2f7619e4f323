/**
 * Starts the example's production build (`build/index.js`, made by `npm run build`) as its own
 * Node process on a free loopback port, with the environment a deployment would give it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
export { freePort } from "@latch/testing";

export const appDir = fileURLToPath(new URL("..", import.meta.url));
const entry = fileURLToPath(new URL("../build/index.js", import.meta.url));

/** A running example server. */
export interface ExampleServer {
  readonly origin: string;
  readonly port: number;
  /** Everything the server printed. */
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `node build/index.js` on `port` with `env` added (an empty value removes a variable); resolves once it listens.
 * Rate limits are off (`AUTH_RATE_LIMIT=false`) unless `env` says otherwise: the suites sign in many
 * times from one loopback address; rate-limit.test.ts runs the production default.
 */
export async function startExample(port: number, env: Record<string, string>): Promise<ExampleServer> {
  if (!existsSync(entry)) throw new Error(`No build at ${entry}: run \`npm run build -w @latch/example-sveltekit\` first (the root \`npm run build\` does).`);
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: appDir,
    // An empty value leaves the variable out (ORIGIN: "" → SvelteKit takes the origin from the request).
    env: Object.fromEntries(Object.entries({ PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), ORIGIN: origin, NODE_ENV: "production", AUTH_RATE_LIMIT: "false", ...env }).filter(([, value]) => value !== "")),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 30_000);
    const check = () => {
      if (output.includes("Listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the example exited with ${code}:\n${output}`));
    });
  });
  return {
    origin,
    port,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
