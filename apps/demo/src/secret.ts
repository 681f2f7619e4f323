import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The demo's secret: `AUTH_SECRET` when set. In development without it, a random one generated on
 * first start and kept in `secretFile` (mode 0600), so links and sessions survive restarts; the
 * console says so. In production, none: Latch then refuses to work (`MissingSecret`).
 */
export function demoSecret(env: Record<string, string | undefined>, log: (line: string) => void, secretFile: string | null): string | undefined {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") return undefined;
  if (secretFile && existsSync(secretFile)) {
    log(`AUTH_SECRET is not set: using the development secret generated earlier in ${secretFile}.`);
    return readFileSync(secretFile, "utf8").trim();
  }
  const secret = randomBytes(33).toString("base64url");
  if (secretFile) {
    mkdirSync(dirname(secretFile), { recursive: true });
    writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  }
  log(`AUTH_SECRET is not set: generated a random development secret${secretFile ? ` (kept in ${secretFile})` : ""}. Set AUTH_SECRET in production.`);
  return secret;
}
