/**
 * Auth.js lives in `bench/authjs/`, a folder outside the workspace with its own lock (its optional
 * peers conflict with the workspace's). This installs it from that lock when it is missing or
 * out of date, and says why when it cannot.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The folder holding Auth.js's package.json, lock and node_modules. */
export const authJsDir = fileURLToPath(new URL("./authjs/", import.meta.url));

const installTimeoutMs = 180_000;

function readJson(path: string): Record<string, unknown> | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>) : undefined;
}

/** The exact @auth/core version pinned in bench/authjs/package.json. */
export function pinnedVersion(): string {
  const deps = readJson(`${authJsDir}package.json`)?.dependencies as Record<string, string> | undefined;
  const pinned = deps?.["@auth/core"];
  if (!pinned) throw new Error("bench/authjs/package.json does not depend on @auth/core");
  return pinned;
}

function installedVersion(): string | undefined {
  return readJson(`${authJsDir}node_modules/@auth/core/package.json`)?.version as string | undefined;
}

/** The gist of a failed npm run: its error code and first message line, or the error itself. */
function npmFailure(error: Error & { killed?: boolean }, stderr: string): string {
  if (error.killed) return `npm ci did not finish within ${installTimeoutMs / 1000} s`;
  const lines = stderr.split("\n").flatMap((l) => (/^npm (error|ERR!) /.test(l) ? [l.replace(/^npm (error|ERR!)\s*/, "").trim()] : []));
  const code = lines.find((l) => l.startsWith("code "))?.slice(5);
  const informative = lines.filter((l) => l && !/^(code|syscall|errno|at) |^[{}]|^\w+: '|^A complete log/.test(l));
  const message = informative.find((l) => /request to|failed/.test(l)) ?? informative[0];
  const gist = [code, message].filter(Boolean).join(": ");
  return gist || error.message.split("\n")[0]!;
}

function npmCi(): Promise<string | undefined> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // Few, short retries: without a registry the bench should say so soon, not after a minute.
  const args = ["ci", "--prefix", authJsDir, "--legacy-peer-deps", "--no-audit", "--no-fund", "--fetch-retries=1", "--fetch-retry-mintimeout=2000", "--fetch-retry-maxtimeout=10000"];
  return new Promise((resolve) => {
    execFile(npm, args, { timeout: installTimeoutMs, shell: process.platform === "win32" }, (error, _stdout, stderr) => {
      resolve(error ? npmFailure(error, String(stderr)) : undefined);
    });
  });
}

/**
 * Makes sure the pinned @auth/core is installed in bench/authjs/node_modules. Returns
 * `undefined` when it is, or why it could not be installed.
 */
export async function ensureAuthJs(): Promise<string | undefined> {
  const pinned = pinnedVersion();
  const installed = installedVersion();
  if (installed === pinned) return undefined;
  console.log(
    installed
      ? `Reinstalling @auth/core ${pinned} in bench/authjs (found ${installed})...`
      : `Installing @auth/core ${pinned} in bench/authjs (first run; npm ci from bench/authjs/package-lock.json)...`,
  );
  const failure = await npmCi();
  if (failure) return `npm ci in bench/authjs failed: ${failure}`;
  const now = installedVersion();
  return now === pinned ? undefined : `npm ci in bench/authjs installed @auth/core ${now ?? "nothing"}, not ${pinned}`;
}
