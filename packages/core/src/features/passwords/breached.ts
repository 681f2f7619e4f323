/**
 * The breached-password check of ASVS 5.0 §6.2.12, off unless configured: a new password is
 * looked up in a k-anonymity range API such as Have I Been Pwned's. Only the first five hex
 * digits of the password's SHA-1 leave the server; the service answers every suffix it knows
 * under that prefix, and the comparison happens here.
 *
 * @example
 * ```ts
 * import Password from "@latch/core/providers/password"
 * import { HaveIBeenPwned } from "@latch/core/passwords/breached"
 *
 * const providers = [Password({ breached: HaveIBeenPwned({ onError: "refuse" }) })]
 * ```
 *
 * @module @latch/core/passwords/breached
 */
import { digest } from "../../crypto/digests.js";
import { toHex, utf8 } from "../../crypto/encoding.js";
import { PasswordCheckUnavailable, type BreachedCheckFailure } from "./errors.js";

export { PasswordBreached, PasswordCheckUnavailable, type BreachedCheckFailure } from "./errors.js";

/** A breached-password check, as `Password({ breached })` takes it. */
export interface BreachedPasswordCheck {
  /** Passwords seen in breaches at least this many times are refused. */
  readonly threshold: number;
  /** When the service cannot be asked: accept the password (`"allow"`, logged) or refuse it (`"refuse"`). */
  readonly onError: "allow" | "refuse";
  /**
   * How many times the password appears in breaches (0 when never). Throws
   * {@link PasswordCheckUnavailable} when the service gives no usable answer.
   */
  count(password: string): Promise<number>;
}

/** Options of {@link HaveIBeenPwned}. */
export interface HaveIBeenPwnedOptions {
  /** The range endpoint; the five-digit prefix is appended. Default `https://api.pwnedpasswords.com/range/`. */
  endpoint?: string;
  /**
   * Send `Add-Padding: true` (default `true`): the service pads every answer with fake suffixes
   * (count 0) to a similar size, so the answer's length does not tell an observer the prefix.
   */
  padding?: boolean;
  /** Refuse a password seen at least this many times (default 1: any breach). */
  threshold?: number;
  /** Milliseconds to wait for the answer (default 3000); then the service counts as down. */
  timeout?: number;
  /** What a down or slow service means for the password (default `"allow"`, with a logged warning). */
  onError?: "allow" | "refuse";
  /** The `fetch` to call the service with (default the global one). */
  fetch?: typeof globalThis.fetch;
}

/** The uppercase hex SHA-1 of the password's UTF-8 bytes (Web Crypto, or node:crypto under the `node` condition). */
async function sha1Hex(password: string): Promise<string> {
  return toHex(await digest("SHA-1", utf8(password))).toUpperCase();
}

/** The count on the line of `suffix` in a range answer (`SUFFIX:COUNT` lines), 0 when absent; padding lines count 0. */
export function countInRange(body: string, suffix: string): number {
  for (const line of body.split("\n")) {
    const [candidate, count] = line.trim().split(":");
    if (candidate?.toUpperCase() !== suffix) continue;
    const n = Number(count);
    if (!Number.isInteger(n) || n < 0) throw new PasswordCheckUnavailable("response");
    return n;
  }
  return 0;
}

function failureOf(error: unknown): BreachedCheckFailure {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "network";
}

/**
 * A check against the Have I Been Pwned range API (or any service speaking it), by k-anonymity:
 * `GET <endpoint><first 5 hex digits of SHA-1>`. Nothing about the password is logged.
 *
 * @example
 * ```ts
 * Password({ breached: HaveIBeenPwned() })
 * Password({ breached: HaveIBeenPwned({ endpoint: "https://hibp-mirror.internal/range/", threshold: 10, timeout: 1000 }) })
 * ```
 */
export function HaveIBeenPwned(options: HaveIBeenPwnedOptions = {}): BreachedPasswordCheck {
  const endpoint = options.endpoint ?? "https://api.pwnedpasswords.com/range/";
  const threshold = options.threshold ?? 1;
  const timeout = options.timeout ?? 3000;
  if (!Number.isInteger(threshold) || threshold < 1) throw new RangeError("threshold must be an integer of at least 1.");
  if (!(timeout > 0)) throw new RangeError("timeout must be a positive number of milliseconds.");
  const headers: Record<string, string> = options.padding === false ? {} : { "Add-Padding": "true" };
  return {
    threshold,
    onError: options.onError ?? "allow",
    async count(password) {
      const hash = await sha1Hex(password);
      const fetcher = options.fetch ?? globalThis.fetch;
      let response: Response;
      let body: string;
      try {
        response = await fetcher(`${endpoint}${hash.slice(0, 5)}`, { headers, signal: AbortSignal.timeout(timeout), redirect: "error" });
        if (!response.ok) {
          await response.body?.cancel();
          throw new PasswordCheckUnavailable("status");
        }
        body = await response.text();
      } catch (error) {
        if (error instanceof PasswordCheckUnavailable) throw error;
        throw new PasswordCheckUnavailable(failureOf(error));
      }
      return countInRange(body, hash.slice(5));
    },
  };
}
