/**
 * Requests that attack the conversion of a framework's request into the `Request` that Latch's
 * core sees: an absolute-form request line, forged `Host` and `X-Forwarded-*` headers, a malformed
 * or `user@host` `Host`, `TRACE`, a JSON request without a body, a cross-site form POST without
 * the CSRF token. Each integration runs them
 * against its own server on 127.0.0.1, over a real socket, so the request line is sent exactly as
 * written.
 *
 * @example
 * ```ts
 * for (const attack of requestConversionAttacks({ basePath: "/auth", origin: "https://app.example", siteUrlSet: true })) {
 *   it(attack.name, () => runRequestAttack(attack, { host: "127.0.0.1", port }))
 * }
 * ```
 */
import { request as httpRequest } from "node:http";

/** The answer to an attack, as read from the socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One attack: the request as sent, and the check its answer must pass. */
export interface RequestAttack {
  /** Says what is attacked, for the test's title. */
  readonly name: string;
  readonly method: string;
  /** The request target exactly as it goes on the request line (absolute form included). */
  readonly target: string;
  /** Headers as sent; `host` included (no other `Host` is added). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Throws an `Error` that says what is wrong with the answer. */
  check(response: RawResponse): void;
}

/** Options of {@link requestConversionAttacks}. */
export interface RequestAttackOptions {
  /** Where the integration serves Latch, such as `/auth`. */
  basePath: string;
  /** The `Host` the server is reached at, such as `127.0.0.1:3000`. */
  host: string;
  /**
   * The only origin the URLs Latch writes may have: the site URL's (`AUTH_URL`) when the server
   * was given one, else `http://<host>`.
   */
  origin: string;
  /** True when the server was configured with a site URL: then a forged `Host` must change nothing. */
  siteUrlSet: boolean;
  /**
   * Fields a credentials provider of the server accepts (`{ username: "ada", password: "right" }`):
   * the cross-site POST sends them, so that only the CSRF check stands between it and a session.
   * Without them it sends a guess.
   */
  credentials?: Readonly<Record<string, string>>;
}

const stackTrace = /\n\s+at\s|node_modules|\.ts:\d+|\.js:\d+/;

function fail(message: string, response: RawResponse): never {
  throw new Error(`${message} (status ${response.status}, body ${JSON.stringify(response.body.slice(0, 300))})`);
}

/** A 4xx with a JSON body and no internals. */
function expectRefused(response: RawResponse): void {
  if (response.status < 400 || response.status >= 500) fail("expected a 4xx answer", response);
  if (!String(response.headers["content-type"] ?? "").includes("application/json")) fail("expected a JSON body", response);
  if (stackTrace.test(response.body)) fail("the answer shows internals", response);
}

/**
 * The providers list names every provider's sign-in and callback URL: all of them must be on
 * `origin`. Or the request is refused as malformed (4xx JSON).
 */
function expectOriginOrRefused(origin: string) {
  return (response: RawResponse): void => {
    // A server may refuse a malformed request line or Host itself, with no body, before any app
    // code runs (`@hono/node-server`): nothing was written on any origin.
    if (response.status >= 400 && response.status < 500) return response.body === "" ? undefined : expectRefused(response);
    if (response.status !== 200) fail("expected 200 or a 4xx", response);
    const urls = [...response.body.matchAll(/"(?:signinUrl|callbackUrl)":"([^"]*)"/g)].map((m) => m[1]!);
    if (!urls.length) fail("expected provider URLs in the answer (configure at least one provider)", response);
    for (const url of urls) if (new URL(url).origin !== origin) fail(`a URL Latch wrote is not on ${origin}: ${url}`, response);
  };
}

/** Anything but a 5xx, and no session cookie with a value among the answer's cookies. */
function expectNoSessionStarted(response: RawResponse): void {
  if (response.status >= 500) fail("expected no server error", response);
  const cookies = [response.headers["set-cookie"] ?? []].flat();
  const started = cookies.find((cookie) => /session-token(\.\d+)?=[^;]/.test(cookie));
  if (started) fail(`a session cookie was set: ${started.split("=")[0]}`, response);
}

/**
 * The attack cases for a server whose Latch is mounted at `basePath` and must write URLs on
 * `origin` only. The server needs at least one provider configured (its URLs are what is checked).
 */
export function requestConversionAttacks(options: RequestAttackOptions): RequestAttack[] {
  const { basePath, host, origin, siteUrlSet } = options;
  const fields = new URLSearchParams(options.credentials ?? { username: "alice", password: "guess", email: "alice@example.com" }).toString();
  const providers = `${basePath}/providers`;
  const onOrigin = expectOriginOrRefused(origin);
  const crossSite = `https://attacker.example`;
  const attacks: RequestAttack[] = [
    { name: "an absolute-form request line does not set the origin", method: "GET", target: `http://attacker.example${providers}`, headers: { host }, check: onOrigin },
    { name: "an absolute-form https request line does not set the origin", method: "GET", target: `https://attacker.example:8443${providers}`, headers: { host }, check: onOrigin },
    { name: "a Host with user info is refused or ignored", method: "GET", target: providers, headers: { host: `user@attacker.example` }, check: onOrigin },
    { name: "a Host with a path is refused or ignored", method: "GET", target: providers, headers: { host: `attacker.example/x` }, check: onOrigin },
    { name: "a Host with a bad port is refused or ignored", method: "GET", target: providers, headers: { host: `${host.split(":")[0]}:port` }, check: onOrigin },
    { name: "a Host that is not a host name is refused or ignored", method: "GET", target: providers, headers: { host: `[attacker` }, check: onOrigin },
    { name: "X-Forwarded-Proto: file is refused or ignored", method: "GET", target: providers, headers: { host, "x-forwarded-proto": "file" }, check: onOrigin },
    { name: "X-Forwarded-Proto: javascript is refused or ignored", method: "GET", target: providers, headers: { host, "x-forwarded-proto": "javascript" }, check: onOrigin },
    { name: "TRACE is refused with a 4xx JSON answer", method: "TRACE", target: providers, headers: { host }, check: expectRefused },
    {
      name: "a JSON request with an empty body is refused as malformed",
      method: "POST",
      target: `${basePath}/signout`,
      headers: { host, "content-type": "application/json", "content-length": "0" },
      body: "",
      check: expectRefused,
    },
    {
      name: "a JSON request whose body is only spaces is refused as malformed",
      method: "POST",
      target: `${basePath}/signout`,
      headers: { host, "content-type": "application/json" },
      body: "  ",
      check: expectRefused,
    },
    {
      name: "a cross-site form POST without the CSRF token starts no session",
      method: "POST",
      target: `${basePath}/callback/credentials`,
      headers: { host, origin: crossSite, referer: `${crossSite}/`, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: fields,
      check: expectNoSessionStarted,
    },
  ];
  if (siteUrlSet) {
    attacks.push(
      { name: "a forged Host does not change the site URL's origin", method: "GET", target: providers, headers: { host: "attacker.example" }, check: onOrigin },
      { name: "a forged X-Forwarded-Host does not change the site URL's origin", method: "GET", target: providers, headers: { host, "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" }, check: onOrigin },
      { name: "an absolute-form request line and a forged Host do not change the site URL's origin", method: "GET", target: `http://attacker.example${providers}`, headers: { host: "attacker.example" }, check: onOrigin },
    );
  }
  return attacks;
}

/** Sends an attack's request as written to `server` and reads the whole answer. */
export function sendAttack(attack: Pick<RequestAttack, "method" | "target" | "headers" | "body">, server: { host: string; port: number }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: server.host,
      port: server.port,
      method: attack.method,
      path: attack.target,
      headers: { connection: "close", ...attack.headers },
      setHost: false,
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.end(attack.body);
  });
}

/** Sends one attack to `server` and checks its answer; throws an `Error` that says what is wrong. */
export async function runRequestAttack(attack: RequestAttack, server: { host: string; port: number }): Promise<void> {
  attack.check(await sendAttack(attack, server));
}

/**
 * One wrong credentials sign-in at `authUrl` (`<origin><basePath>`) as `user<i>`, over a real
 * socket, with its own CSRF token and the `X-Forwarded-For` header given: what an integration's
 * rate-limit test sends to show that the limits count the socket's address, not the header.
 */
export async function forgedAddressAttempt(authUrl: string, i: number, forwardedFor: string): Promise<Response> {
  const csrf = await fetch(`${authUrl}/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${authUrl}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ csrfToken, username: `user${i}`, password: "guess" }),
  });
}

/**
 * The statuses of `attempts` wrong sign-ins at `authUrl` (see {@link forgedAddressAttempt}), each
 * with another forged `X-Forwarded-For` (`198.51.100.<i>`): with the limits counting the socket's
 * address they turn to 429 after the limit; behind a proxy the config trusts, never.
 */
export async function forgedAddressStatuses(authUrl: string, attempts = 8): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) statuses.push((await forgedAddressAttempt(authUrl, i, `198.51.100.${i}`)).status);
  return statuses;
}

/**
 * Signs in with a credentials form's fields (`email`, `password`) over HTTP at
 * `<origin><basePath>`, as a browser without JavaScript does; answers the `Cookie` header of the
 * session. Throws when no session cookie comes back.
 */
export async function signInOverHttp(origin: string, credentials: { email: string; password: string }, basePath = "/auth"): Promise<string> {
  const csrf = await fetch(`${origin}${basePath}/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  const body = new URLSearchParams({ csrfToken, email: credentials.email, password: credentials.password });
  const response = await fetch(`${origin}${basePath}/callback/credentials`, { method: "POST", redirect: "manual", headers: { cookie: jar, origin, "content-type": "application/x-www-form-urlencoded" }, body });
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!).find((cookie) => /session-token=./.test(cookie));
  if (!session) throw new Error(`no session cookie (status ${response.status})`);
  return session;
}
