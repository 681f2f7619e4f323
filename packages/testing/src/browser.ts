/**
 * A small browser stand-in for tests that drive whole flows over real HTTP: it keeps cookies per
 * origin and follows redirects itself, across origins, the way a browser does.
 */
import { CookieJar, type Cookie } from "./cookie-jar.js";

export type { Cookie } from "./cookie-jar.js";

/** Options of {@link TestBrowser.follow}. */
export interface FollowOptions {
  /** Redirects to follow before giving up with an error; default 20. */
  maxRedirects?: number;
  /**
   * Stops before requesting a URL for which this returns true, e.g. a client's `redirect_uri`
   * that no server listens on. The redirect that pointed there is the result's `response`.
   */
  stopAt?: (url: URL) => boolean;
}

/** Where {@link TestBrowser.follow} ended. */
export interface FollowResult {
  /** The last response received: not a redirect, or the redirect to the URL `stopAt` chose. */
  response: Response;
  /** The last URL: the one `response` came from, or the `stopAt` URL (not requested). */
  url: URL;
  /** Every URL visited, starting with the first, ending with `url`. */
  urls: string[];
}

/** A cookie-keeping HTTP client, from {@link createBrowser}. */
export interface TestBrowser {
  /**
   * One request: sends the cookies stored for the URL's origin and path, stores the response's
   * `Set-Cookie` headers, and never follows a redirect (use {@link TestBrowser.follow}).
   */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * Requests `input` and follows `Location` headers. 303, and 301/302 after a POST, continue with a
   * GET without body (Fetch standard, HTTP-redirect fetch step 12); 307/308 repeat the method and body.
   * An `Authorization` header is dropped when the redirect leaves the origin.
   */
  follow(input: string | URL, init?: RequestInit, options?: FollowOptions): Promise<FollowResult>;
  /** The live cookies of `origin` (any path). */
  cookies(origin: string | URL): Cookie[];
  /** The value of cookie `name` that a request to `url` would send. */
  cookie(url: string | URL, name: string): string | undefined;
  /** Stores a cookie as if `url` had answered with `Set-Cookie: <header>` (e.g. `"theme=dark; Path=/"`). */
  setCookie(url: string | URL, header: string): void;
  /** The underlying jar. */
  readonly jar: CookieJar;
}

/** Options of {@link createBrowser}. */
export interface BrowserOptions {
  /** The `fetch` to send requests with; default the global one. */
  fetch?: typeof fetch;
  /** Headers sent with every request unless the request sets them (e.g. `user-agent`). */
  headers?: HeadersInit;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Creates a browser-like client with an empty cookie jar.
 *
 * @example
 * ```ts
 * const browser = createBrowser();
 * const { response, urls } = await browser.follow(authorizationUrl, undefined, {
 *   stopAt: (url) => url.pathname === "/callback",
 * });
 * const code = new URL(urls.at(-1)!).searchParams.get("code");
 * browser.cookies("http://127.0.0.1:3000"); // → [{ name: "authjs.session-token", … }]
 * ```
 */
export function createBrowser(options: BrowserOptions = {}): TestBrowser {
  const jar = new CookieJar();
  const send = options.fetch ?? globalThis.fetch;
  const defaults = new Headers(options.headers);

  const request = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    for (const [name, value] of defaults) if (!headers.has(name)) headers.set(name, value);
    const cookie = jar.header(url);
    if (cookie) headers.set("cookie", headers.has("cookie") ? `${headers.get("cookie")}; ${cookie}` : cookie);
    const response = await send(url, { ...init, headers, redirect: "manual" });
    jar.storeResponse(url, response);
    return response;
  };

  const follow = async (input: string | URL, init: RequestInit = {}, followOptions: FollowOptions = {}): Promise<FollowResult> => {
    const maxRedirects = followOptions.maxRedirects ?? 20;
    let url = new URL(input);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    const urls = [url.href];
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, { ...init, method, body, headers });
      const location = response.headers.get("location");
      if (!redirectStatuses.has(response.status) || location === null) return { response, url, urls };
      const next = new URL(location, url);
      urls.push(next.href);
      // A non-HTTP target (an app scheme) or one the caller wants to inspect is not requested.
      if (!next.protocol.startsWith("http") || followOptions.stopAt?.(next)) return { response, url: next, urls };
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects, last to ${next.origin}${next.pathname}`);
      if (response.status === 303 ? method !== "HEAD" : response.status <= 302 && method === "POST") {
        method = "GET";
        body = undefined;
        for (const name of ["content-type", "content-length", "content-encoding", "content-language"]) headers.delete(name);
      }
      if (next.origin !== url.origin) headers.delete("authorization");
      url = next;
    }
  };

  return {
    fetch: request,
    follow,
    cookies: (origin) => jar.cookies(origin),
    cookie: (url, name) => jar.cookiesFor(url).find((c) => c.name === name)?.value,
    setCookie: (url, header) => jar.setCookie(url, header),
    jar,
  };
}

/**
 * Signs `browser` in through the OAuth or OpenID provider `provider` of the auth routes at `base`
 * (`<base>/csrf`, then the sign-in form's POST to `<base>/signin/<provider>`), following every
 * redirect to the provider and back, and ending at `<base>/session`.
 */
export async function followProviderSignIn(browser: TestBrowser, base: string, provider: string): Promise<FollowResult> {
  const { csrfToken } = (await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string };
  return browser.follow(`${base}/signin/${provider}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${base}/session` }),
  });
}

/**
 * A browser whose requests under `base` go to `handle` in this process (`Auth()` with a config)
 * and every other to the network (a real provider), signed in through `provider` with
 * {@link followProviderSignIn}.
 */
export async function providerSignedInBrowser(handle: (request: Request) => Promise<Response>, base: string, provider: string): Promise<TestBrowser> {
  const browser = createBrowser({
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      return request.url.startsWith(base) ? handle(request) : fetch(request);
    }) as typeof fetch,
  });
  await followProviderSignIn(browser, base, provider);
  return browser;
}
