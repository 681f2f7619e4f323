/**
 * How a session was earned (PROTOCOL §4): `auth_time`, `mfa_time` and `amr`, the same names in
 * the session token's claims and in a database session's fields. Read back from either, only
 * well-formed values count: anything else has earned nothing.
 */
import type { AuthenticationMethod, SessionAuthentication } from "../adapter.js";

/** What a session earned, as Latch decides with it: times in seconds, methods without repeats. */
export interface Earned {
  /** The last first factor (seconds). */
  auth_time: number;
  /** The last second factor (seconds); absent when none was given. */
  mfa_time?: number;
  amr: AuthenticationMethod[];
}

const methods: ReadonlySet<string> = new Set<AuthenticationMethod>(["pwd", "otp", "hwk", "swk", "user", "mfa", "mbx"]);

function seconds(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

/** The earned factors a token or a stored session carries; `null` when it carries none (or not well formed). */
export function earnedOf(record: SessionAuthentication | Record<string, unknown> | null | undefined): Earned | null {
  const authTime = seconds(record?.auth_time);
  if (authTime === undefined || !Array.isArray(record?.amr)) return null;
  const amr = [...new Set((record.amr as unknown[]).filter((m): m is AuthenticationMethod => typeof m === "string" && methods.has(m)))];
  const mfaTime = seconds(record?.mfa_time);
  return { auth_time: authTime, ...(mfaTime !== undefined && { mfa_time: mfaTime }), amr };
}

/** The fields to store or put into the token (`mfa_time` only when a second factor was given). */
export function earnedFields(earned: Earned): { auth_time: number; mfa_time?: number; amr: AuthenticationMethod[] } {
  return { auth_time: earned.auth_time, ...(earned.mfa_time !== undefined && { mfa_time: earned.mfa_time }), amr: [...earned.amr] };
}

/** Now, in seconds since the epoch. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
