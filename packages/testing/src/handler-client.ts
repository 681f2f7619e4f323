/**
 * A browser of one for a request handler run in process (`Auth()`, an app's `fetch` handler)
 * instead of over the network: it keeps the cookies the handler sets and posts forms with the
 * CSRF token, as the built-in pages do. Redirects are not followed: tests read `Location`.
 */
import { createBrowser, type TestBrowser } from "./browser.js";

/** The client {@link handlerClient} makes. */
export interface HandlerClient {
  /** One request to `path` (resolved against the origin), cookies sent and kept. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The token of `GET <basePath>/csrf` (its cookie kept). */
  csrf(): Promise<string>;
  /** A form POST (`application/x-www-form-urlencoded`) of `fields` and the CSRF token to `path`. */
  post(path: string, fields?: Readonly<Record<string, string>>): Promise<Response>;
  /** `GET <basePath>/session`, read as JSON. */
  session(): Promise<unknown>;
  /** The browser underneath, with its cookie jar. */
  readonly browser: TestBrowser;
}

/** Where {@link handlerClient}'s requests are made. */
export interface HandlerClientOptions {
  /** The origin of the requests; default `http://localhost:3000`. */
  origin?: string;
  /** The auth routes' base path; default `/auth`. */
  basePath?: string;
}

/**
 * A cookie-keeping client whose requests go to `handle` in this process.
 *
 * @example
 * ```ts
 * const visitor = handlerClient((request) => Auth(request, config))
 * await visitor.post("/auth/callback/password", { email, password })
 * ```
 */
export function handlerClient(handle: (request: Request) => Response | Promise<Response>, options: HandlerClientOptions = {}): HandlerClient {
  const origin = options.origin ?? "http://localhost:3000";
  const basePath = options.basePath ?? "/auth";
  const browser = createBrowser({ fetch: async (input, init) => handle(new Request(input, init)) });
  const request = (path: string, init?: RequestInit) => browser.fetch(new URL(path, origin), init);
  const csrf = async () => ((await (await request(`${basePath}/csrf`)).json()) as { csrfToken: string }).csrfToken;
  return {
    request,
    csrf,
    async post(path, fields = {}) {
      const body = new URLSearchParams({ csrfToken: await csrf(), ...fields });
      return request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    },
    async session() {
      return (await request(`${basePath}/session`)).json();
    },
    browser,
  };
}
