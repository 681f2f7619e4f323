/**
 * Shared pieces of the OAuth/OIDC end-to-end tests: Latch behind Express on a loopback port, a
 * browser stand-in with a cookie jar, the real OpenID Provider, and PGlite for adapter assertions.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig, Provider } from "@latch/core";
import { OIDC } from "@latch/core/providers/oauth";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import express from "express";
import type { TestBrowser } from "@latch/testing";

export { createBrowser, startOpenIDProvider, type OpenIDClient, type OpenIDProvider, type TamperKind, type TestBrowser } from "@latch/testing";

export const secret = "oauth-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** A running Latch app; `config` is read on every request, so tests may swap it. */
export interface LatchServer {
  origin: string;
  /** Replaces the configuration (the next request uses it). */
  configure(config: ExpressAuthConfig): void;
  close(): Promise<void>;
}

/** Log lines kept for assertions; nothing is printed. */
export const logs: { code: string; args: unknown[] }[] = [];

export const quietLogger: NonNullable<AuthConfig["logger"]> = {
  error: (code, ...args) => void logs.push({ code, args }),
  warn: () => {},
  debug: () => {},
};

/** Starts Express with Latch on `/auth` at 127.0.0.1 on a free port. */
export async function startLatch(): Promise<LatchServer> {
  let config: ExpressAuthConfig = { providers: [] };
  const app = express();
  // A new object per swap keeps Latch's per-config caches honest.
  app.use("/auth", ExpressAuth(() => config));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  // Node closes an idle connection after 5 s; on a loaded machine fetch could pick that socket for
  // the next request just as it closes (ECONNRESET), e.g. after a slow store's setup between tests.
  server.keepAliveTimeout = 120_000;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    configure(next) {
      config = { secret, trustHost: true, logger: quietLogger, ...next };
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** An oidc provider entry pointing at the test OP, written as a plain object as Auth.js apps write it. */
export function oidcProvider(id: string, issuer: string, options: Record<string, unknown> = {}): Provider {
  return { id, name: `OP ${id}`, type: "oidc", issuer, ...options } as Provider;
}

/** The same provider made by `OIDC()`: its flow also verifies the ID token's signature. */
export function oidcFactoryProvider(id: string, issuer: string, options: Record<string, unknown> = {}): Provider {
  return OIDC({ id, name: `OP ${id}`, issuer, ...options });
}

/** The result of a sign-in attempt as the browser ends it. */
export interface SignInResult {
  /** The last URL the browser was sent to. */
  url: URL;
  response: Response;
  /** Every URL visited. */
  urls: string[];
}

/** Options of {@link startSignIn}. */
export interface StartOptions {
  /** Query of the POST /signin/<id> URL (authorization parameters). */
  query?: Record<string, string>;
  callbackUrl?: string;
}

/** POST /signin/<id> with the CSRF token, as the sign-in page's form does. Returns the redirect. */
export async function postSignIn(browser: TestBrowser, origin: string, providerId: string, options: StartOptions = {}): Promise<Response> {
  const csrf = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  const url = new URL(`${origin}/auth/signin/${providerId}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const body = new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: options.callbackUrl ?? `${origin}/dashboard` });
  return browser.fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
}

/**
 * Signs in with `providerId`, following redirects through the provider. With `stopAtCallback`
 * it stops before requesting Latch's callback URL (its `url` is that URL, with code and state).
 * Auto-submitting `form_post` pages are submitted as a browser would.
 */
export async function signIn(
  browser: TestBrowser,
  origin: string,
  providerId: string,
  options: StartOptions & { stopAtCallback?: boolean } = {},
): Promise<SignInResult> {
  const start = await postSignIn(browser, origin, providerId, options);
  const location = start.headers.get("location");
  if (start.status !== 302 || !location) throw new Error(`sign-in did not redirect (HTTP ${start.status})`);
  const isCallback = (url: URL) => url.pathname.includes("/callback/");
  let result = await browser.follow(location, undefined, { stopAt: options.stopAtCallback ? isCallback : () => false });
  if (options.stopAtCallback) return result;
  // Only the provider's own page auto-submits; Latch's sign-in page also has a form.
  const form = result.url.origin === origin ? null : formPost(await result.response.clone().text().catch(() => ""));
  if (form) result = await browser.follow(form.action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.body });
  return result;
}

/** The auto-submitting form of a `response_mode=form_post` page, if the page is one. */
export function formPost(html: string): { action: string; body: URLSearchParams } | null {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) return null;
  const body = new URLSearchParams();
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) body.set(decode(match[1]!), decode(match[2]!));
  return { action: decode(action), body };
}

function decode(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

/** GET /auth/session through the browser. */
export async function session(browser: TestBrowser, origin: string): Promise<{ user?: { name?: string; email?: string } } | null> {
  return (await (await browser.fetch(`${origin}/auth/session`)).json()) as never;
}

/** True when the browser holds a session cookie for `origin`. */
export function hasSessionCookie(browser: TestBrowser, origin: string): boolean {
  return browser.cookies(origin).some((c) => c.name.startsWith("authjs.session-token") && c.value !== "");
}

/** PGlite with the @latch/pg schema, the adapter, and row counts for "nothing was written" checks. */
export async function pgliteAdapter() {
  const db = new PGlite();
  await migrate(db);
  const count = async (table: string) => Number(((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0] as { n: number }).n);
  return {
    db,
    adapter: PostgresAdapter(db),
    counts: async () => ({ users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") }),
    accounts: async () => (await db.query(`SELECT * FROM accounts ORDER BY id`)).rows as Record<string, unknown>[],
    users: async () => (await db.query(`SELECT * FROM users ORDER BY email`)).rows as Record<string, unknown>[],
  };
}
