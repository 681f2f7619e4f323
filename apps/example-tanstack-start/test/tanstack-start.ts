/**
 * What the example's suites share: Node 24 from the runtime matrix (TanStack Start needs Node ≥
 * 22.12), the example's own TanStack Start, Vite and Nitro (from its lock file), and `vite build`.
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
  : !existsSync(vite) || !existsSync(`${appDir}node_modules/@tanstack/react-start`)
    ? "TanStack Start is not installed for the example: run `npm ci --prefix apps/example-tanstack-start`"
    : undefined;
if (missing && (servicesRequired() || process.env.CI)) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

/** The built server, as TanStack Start's Node hosting (Nitro) makes it: run with `node` from the app's folder. */
export const serverEntry = ".output/server/index.mjs";

/** `vite build` of the example (or of the app in `cwd`, a folder inside it) on Node 24; throws with its output when it fails. Answers how long it took (ms). */
export function build(cwd = appDir): number {
  const started = Date.now();
  const result = spawnSync(node!, [vite, "build"], { cwd, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}
