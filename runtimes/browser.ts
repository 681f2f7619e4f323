/**
 * A browser stand-in for the runtime checks: one origin and a cookie jar fed by `Set-Cookie`.
 * Requests go to `Auth()` itself ({@link viaAuth}: no socket, so the same code runs inside a
 * worker) or to a server over HTTP ({@link viaHttp}).
 */
import { Auth, type AuthConfig } from "@latch/core";

/** The origin requests are made from when `Auth()` answers them directly. */
export const origin = "http://localhost:3000";

/** Where a {@link Browser} sends its requests. */
export type Send = (request: Request) => Promise<Response>;

/** Requests answered by `Auth(request, config)` in this process. */
export function viaAuth(config: AuthConfig): Send {
  return (request) => Auth(request, config);
}

/** Requests sent to a server over HTTP, redirects returned as they are. */
export function viaHttp(): Send {
  return async (request) =>
    fetch(request.url, { method: request.method, headers: request.headers, body: request.method === "GET" ? undefined : await request.text(), redirect: "manual" });
}

/** One `Set-Cookie` header, split into name, value and lower-cased attributes. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string>;
}

function parseSetCookie(raw: string): SetCookie {
  const [pair = "", ...rest] = raw.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf("=");
    attributes[(at === -1 ? part : part.slice(0, at)).trim().toLowerCase()] = at === -1 ? "" : part.slice(at + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** Cookies and requests of one visitor. */
export class Browser {
  readonly jar = new Map<string, string>();
  readonly send: Send;
  constructor(
    target: AuthConfig | Send,
    readonly base = origin,
  ) {
    this.send = typeof target === "function" ? target : viaAuth(target);
  }

  /** Sends a request with the jar's cookies and stores what the answer sets. */
  async fetch(path: string, init: RequestInit = {}): Promise<{ response: Response; cookies: SetCookie[] }> {
    const headers = new Headers(init.headers);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) headers.set("cookie", cookie);
    const response = await this.send(new Request(new URL(path, this.base), { ...init, headers }));
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const set of cookies) {
      if (set.value === "" || set.attributes["max-age"] === "0") this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return { response, cookies };
  }

  /** `GET /auth/csrf`: the token the sign-in and sign-out forms carry. */
  async csrfToken(): Promise<string> {
    const { response } = await this.fetch("/auth/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** A form POST, as the built-in pages send it. */
  post(path: string, fields: Record<string, string>): Promise<{ response: Response; cookies: SetCookie[] }> {
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** `GET /auth/session`: the session object, or `null`. */
  async session(): Promise<{ user?: Record<string, unknown>; expires?: string } | null> {
    const { response } = await this.fetch("/auth/session");
    return (await response.json()) as { user?: Record<string, unknown>; expires?: string } | null;
  }
}
