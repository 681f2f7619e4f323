/**
 * Drives `Auth()` the way a browser would: one origin, a cookie store fed by `Set-Cookie`,
 * and the sign-in form posted with the CSRF token. Everything runs through the real handler.
 */
import { Auth, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { CredentialsSignin } from "@latch/core";

export const secret = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const origin = "http://localhost:3000";

export const alice = { id: "user-1", name: "Alice", email: "alice@example.com", image: "https://img.example/alice.png" };

/** Refuses with its own code, as applications do for a locked account. */
export class LockedAccount extends CredentialsSignin {
  override code = "locked";
}

/** A credentials provider that knows alice/wonderland and locks "mallory". */
export function credentials() {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    async authorize({ username, password }) {
      if (username === "mallory") throw new LockedAccount();
      if (username === "crash") throw new Error("database down");
      return username === "alice" && password === "wonderland" ? { ...alice } : null;
    },
  });
}

/** Log lines a test may look at; nothing is printed. */
export interface Logs {
  error: [string, unknown[]][];
  warn: [string, unknown[]][];
}

export function quietLogger(): { logs: Logs; logger: NonNullable<AuthConfig["logger"]> } {
  const logs: Logs = { error: [], warn: [] };
  return {
    logs,
    logger: {
      error: (code, ...message) => void logs.error.push([code, message]),
      warn: (code, ...message) => void logs.warn.push([code, message]),
      debug: () => {},
    },
  };
}

/** A working config: secret, trusted host, the credentials provider, a silent logger. */
export function baseConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret, trustHost: true, providers: [credentials()], logger: quietLogger().logger, ...overrides };
}

/** One parsed `Set-Cookie` header. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string>;
  raw: string;
}

export function parseSetCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((raw) => {
    const [pair = "", ...rest] = raw.split(";");
    const eq = pair.indexOf("=");
    const attributes: Record<string, string> = {};
    for (const part of rest) {
      const at = part.indexOf("=");
      const key = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase();
      attributes[key] = at === -1 ? "" : part.slice(at + 1).trim();
    }
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes, raw };
  });
}

/** A browser stand-in for one origin, calling `Auth()` directly. */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    readonly config: AuthConfig,
    readonly base = origin,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(response: Response): SetCookie[] {
    const cookies = parseSetCookies(response);
    for (const cookie of cookies) {
      if (cookie.attributes["max-age"] === "0" || cookie.value === "") this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return cookies;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    const response = await Auth(new Request(new URL(path, this.base), { ...init, headers }), this.config as Omit<AuthConfig, "raw">);
    this.store(response);
    return response;
  }

  async csrfToken(): Promise<string> {
    const response = await this.fetch("/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  post(path: string, fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...Object.fromEntries(new Headers(headers)) },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async signIn(fields: Record<string, string> = { username: "alice", password: "wonderland" }): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.post("/auth/callback/credentials", { csrfToken, callbackUrl: `${this.base}/home`, ...fields });
  }

  async session(): Promise<unknown> {
    return (await this.fetch("/auth/session")).json();
  }
}

/** True when a body looks like it carries a stack trace. */
export function hasStackTrace(body: string): boolean {
  return /\bat .+\(.*:\d+:\d+\)|node:internal|\.ts:\d+:\d+/.test(body);
}
