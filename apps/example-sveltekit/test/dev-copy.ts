/**
 * Runs a copy of test/authjs-app (an app written for `@auth/sveltekit`) with SvelteKit's
 * development server, after renaming the package in its imports and applying `edit` to its
 * files. No build: `vite dev` compiles on request.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { appDir, freePort } from "./server.js";

export const fixture = fileURLToPath(new URL("./authjs-app/", import.meta.url));
const viteBin = join(createRequire(import.meta.url).resolve("vite/package.json"), "..", "bin", "vite.js");

/** Every file under `dir`. */
export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A running copy. */
export interface DevCopy {
  readonly dir: string;
  readonly origin: string;
  /** The files whose text the rename changed, relative to `dir`. */
  readonly renamed: string[];
  stop(): Promise<void>;
}

/**
 * Copies the fixture to `.compat/<name>-<pid>`, replaces `@auth/sveltekit` with
 * `@latch/sveltekit` in every file, applies `edit(relativePath, text)`, and starts `vite dev` on a
 * free port with `AUTH_SECRET` set. `stop()` ends the server and removes the copy.
 */
export async function startDevCopy(name: string, edit: (path: string, text: string) => string = (_p, t) => t): Promise<DevCopy> {
  const dir = join(appDir, ".compat", `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(fixture, dir, { recursive: true });
  const renamed: string[] = [];
  for (const file of files(dir)) {
    const text = readFileSync(file, "utf8");
    const path = file.slice(dir.length + 1);
    const next = edit(path, text.replaceAll("@auth/sveltekit", "@latch/sveltekit"));
    if (next.includes("@latch/sveltekit") && text.includes("@auth/sveltekit")) renamed.push(path);
    if (next !== text) writeFileSync(file, next);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dev = spawn(process.execPath, [viteBin, "dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", AUTH_SECRET: "dev-copy-secret-0123456789abcdefghijklmnop" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  dev.stdout.on("data", (c: Buffer) => (output += c.toString()));
  dev.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (dev.exitCode === null && dev.signalCode === null) {
      const exited = new Promise((resolve) => dev.once("exit", resolve));
      dev.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    // The parent goes too once no other copy is in it.
    try {
      rmdirSync(join(appDir, ".compat"));
    } catch {
      // another copy is still running
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 60_000);
      dev.stdout.on("data", () => output.includes(String(port)) && (clearTimeout(timer), resolve()));
      dev.on("exit", (code) => (clearTimeout(timer), reject(new Error(`the dev server exited with ${code}:\n${output}`))));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { dir, origin, renamed, stop };
}
