import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

/**
 * The env files the commands read, in the folder they run in, first wins: `.env.local` (where
 * `latch secret` writes AUTH_SECRET) and then `.env`, as Next.js and Vite read them. A variable
 * already set in the environment is kept.
 */
export const envFiles = [".env.local", ".env"] as const;

/** Sets in `env` each variable of the env files in `cwd` that `env` does not have yet; returns the files read. */
export function loadEnvFiles(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const read: string[] = [];
  for (const name of envFiles) {
    const file = join(cwd, name);
    if (!existsSync(file)) continue;
    for (const [key, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) env[key] ??= value;
    read.push(name);
  }
  return read;
}
