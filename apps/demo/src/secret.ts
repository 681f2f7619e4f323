import { randomBytes } from "node:crypto";

/**
 * The demo's secret: `AUTH_SECRET` when set; in development a fresh random one (sessions then
 * end when the server restarts); in production, none, so Latch refuses to start sessions.
 */
export function demoSecret(env: Record<string, string | undefined>, log: (line: string) => void): string | undefined {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") return undefined;
  log("AUTH_SECRET is not set: using a random secret for this run (development only). Set AUTH_SECRET to keep sessions across restarts.");
  return randomBytes(33).toString("base64url");
}
