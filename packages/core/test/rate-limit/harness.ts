/**
 * Drives credential sign-ins through `Auth()` with a chosen client address, handed off the way an
 * integration does (`setClientAddress`). One CSRF token serves every attempt, so a thousand
 * attempts are a thousand requests.
 */
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { origin, secret } from "../client.js";

/** A credentials provider that knows alice/wonderland and bob/builder, counting its calls. */
export function countingCredentials() {
  const calls = { count: 0 };
  const users: Record<string, { password: string; id: string }> = { alice: { password: "wonderland", id: "1" }, bob: { password: "builder", id: "2" } };
  const provider = Credentials({
    credentials: { username: {}, password: {} },
    authorize({ username, password }) {
      calls.count++;
      const user = users[String(username)];
      return user && user.password === password ? { id: user.id, name: String(username) } : null;
    },
  });
  return { provider, calls };
}

/** Log lines and events, kept for assertions. */
export function recorder() {
  const lines: string[] = [];
  const events: unknown[] = [];
  const logger = {
    error: (code: string, ...m: unknown[]) => void lines.push(`error ${code} ${m.map(String).join(" ")}`),
    warn: (code: string, ...m: unknown[]) => void lines.push(`warn ${code} ${m.map(String).join(" ")}`),
    debug: () => {},
  };
  return { lines, events, logger, onRateLimited: (message: unknown) => void events.push(message) };
}

/** A signed-in-less visitor whose CSRF cookie and token are fetched once. */
export class Attacker {
  #csrf?: { token: string; cookie: string };
  constructor(readonly config: AuthConfig) {}

  async #token(): Promise<{ token: string; cookie: string }> {
    if (!this.#csrf) {
      const response = await Auth(new Request(`${origin}/auth/csrf`), this.config as Omit<AuthConfig, "raw">);
      const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      this.#csrf = { token: ((await response.json()) as { csrfToken: string }).csrfToken, cookie };
    }
    return this.#csrf;
  }

  /** POSTs a credentials sign-in from `ip` (omitted: no address handed off). */
  async signIn(fields: Record<string, string>, options: { ip?: string; path?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const { token, cookie } = await this.#token();
    const request = new Request(`${origin}${options.path ?? "/auth/callback/credentials"}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...options.headers },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: `${origin}/home`, ...fields }),
    });
    setClientAddress(request, options.ip);
    return Auth(request, this.config as Omit<AuthConfig, "raw">);
  }
}

export function config(overrides: Partial<AuthConfig>): AuthConfig {
  return { secret, trustHost: true, providers: [], ...overrides };
}
