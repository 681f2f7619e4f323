/**
 * What the example's suites share: Node 24 from the runtime matrix (SolidStart 2 needs Node ≥ 24),
 * the example's own SolidStart, Nitro and Vite (from its lock file), and `vite build`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runtimeNode, servicesRequired } from "@latch/testing";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const vite = `${appDir}node_modules/vite/bin/vite.js`;

/** Node 24's binary; `undefined` when it is not installed. */
export const node = runtimeNode(root, "node24");

/** Why the suites cannot run here, or `undefined`; with every service required (CI) a missing piece fails the suite. */
export const missing = !node
  ? "Node 24 is not installed: run `npm ci --prefix runtimes`"
  : !existsSync(`${appDir}node_modules/@solidjs/start/package.json`) || !existsSync(vite)
    ? "SolidStart is not installed for the example: run `npm ci --prefix apps/example-solid-start`"
    : undefined;
if (missing && (servicesRequired() || process.env.CI)) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

/** The environment of a build: nothing of the test's own. */
export const baseEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };

/** `vite build` of the example (or of the app in `cwd`, a folder inside it) on Node 24; throws with its output when it fails. Answers how long it took (ms). */
export function build(cwd = appDir): number {
  const started = Date.now();
  const result = spawnSync(node!, [vite, "build"], { cwd, env: baseEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}
