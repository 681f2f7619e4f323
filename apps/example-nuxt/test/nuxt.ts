/**
 * What the example's suites share: Node 24 from the runtime matrix (Nuxt 4.5 needs Node ^22.19 or
 * ^24.11), the example's own Nuxt (from its lock file), and `nuxt build` of a folder with it.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runtimeNode, servicesRequired } from "@latch/testing";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const nuxtBin = `${appDir}node_modules/nuxt/bin/nuxt.mjs`;

/** Node 24's binary; `undefined` when it is not installed. */
export const node = runtimeNode(root, "node24");

/** Why the suites cannot run here, or `undefined`; with every service required (CI) a missing piece fails the suite. */
export const missing = !node
  ? "Node 24 is not installed: run `npm ci --prefix runtimes`"
  : !existsSync(nuxtBin)
    ? "Nuxt is not installed for the example: run `npm ci --prefix apps/example-nuxt`"
    : undefined;
if (missing && (servicesRequired() || process.env.CI)) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

/** The environment of a build and of the built server: no telemetry, nothing of the test's own. */
export const baseEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NUXT_TELEMETRY_DISABLED: "1" };

/**
 * `nuxt prepare` of the example itself when its `.nuxt/` is not there yet: Vite resolves the
 * tsconfig of a Vue file in a folder inside the example (the quick start's) through the example's
 * own, which points into its `.nuxt/`.
 */
export function prepareExample(): void {
  if (existsSync(`${appDir}.nuxt/tsconfig.app.json`)) return;
  const result = spawnSync(node!, [nuxtBin, "prepare"], { cwd: appDir, env: baseEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`nuxt prepare failed:\n${result.stdout}\n${result.stderr}`);
}

/** `nuxt build` in `dir` on Node 24; throws with Nuxt's output when it fails. Answers how long it took (ms). */
export function build(dir: string): number {
  const started = Date.now();
  const result = spawnSync(node!, [nuxtBin, "build"], { cwd: dir, env: baseEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`nuxt build failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}
