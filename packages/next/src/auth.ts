import type { Session } from "@latch/core";
import type { NextApiRequest } from "next";
import { NextRequest, connection, type NextFetchEvent } from "next/server";
import { configFor, type NextAuthConfigInput, type PreparedConfig } from "./config.js";
import { serializeSetCookie, setCookies } from "./cookies.js";
import { intercept, isInterceptorEvent, wrapRoute, type AppRouteHandlerContext, type AuthWrappedHandler } from "./interceptor.js";
import { nextRequestScope } from "./next-scope.js";
import { readSession } from "./session.js";

/** A Pages Router request as `auth(req, res)` needs it: its headers. */
type PagesRequest = Pick<NextApiRequest, "headers">;
/** A Pages Router response as `auth(req, res)` needs it: to add `Set-Cookie` headers. */
interface PagesResponse {
  getHeader(name: string): number | string | string[] | undefined;
  setHeader(name: string, value: string | string[]): unknown;
  headersSent?: boolean;
}

/**
 * Reads the session, in every place Next.js runs code:
 * - `auth()` in Server Components, Server Actions and Route Handlers (through `next/headers`);
 * - `auth(req, res)` in Pages Router API routes, `auth(context)` in `getServerSideProps`;
 * - `auth(handler)` wraps a Route Handler (`req.auth` is the session) or the request interceptor;
 * - `export { auth as proxy }` (or `as middleware`): the interceptor, which asks the `authorized`
 *   callback and redirects to the sign-in page with a `callbackUrl` when it answers `false`.
 *
 * It fails closed: when the session cannot be read it is `null`. With no secret configured, the
 * readers throw `MissingSecretError` and the interceptor treats the request as signed out.
 * `AppSession` is the session with the fields of the config's `plugins` (`SessionOf`).
 */
export interface AuthFunction<AppSession = Session> {
  /** The session of the current request (Server Components, Server Actions, Route Handlers). */
  (): Promise<AppSession | null>;
  /** The session of a Pages Router API route's request. */
  (req: PagesRequest, res: PagesResponse): Promise<AppSession | null>;
  /** The session of a `getServerSideProps` request. */
  (context: { req: PagesRequest; res: PagesResponse }): Promise<AppSession | null>;
  /** The request interceptor: `export { auth as proxy }` (Next.js 16) or `export { auth as middleware }`. */
  (request: NextRequest, event?: NextFetchEvent): Promise<Response>;
  /** Wraps a Route Handler or the interceptor; the handler's request carries `auth`. */
  (handler: AuthWrappedHandler): (request: Request, context: AppRouteHandlerContext | NextFetchEvent | any) => Promise<Response>;
}

function headersOf(incoming: PagesRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  return headers;
}

async function pagesSession(prepared: PreparedConfig, req: PagesRequest, res: PagesResponse): Promise<Session | null> {
  const { session, cookies } = await readSession(prepared, headersOf(req.headers));
  if (cookies.length && !res.headersSent) {
    const existing = res.getHeader("set-cookie");
    const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    res.setHeader("set-cookie", [...before, ...cookies.map(serializeSetCookie)]);
  }
  return session;
}

/**
 * `auth()` with no arguments. A session is per request and checked against the clock (a JWT's
 * expiry), so before anything else it marks the render as dynamic (`connection()`) and reads the
 * request's headers and cookies: with `cacheComponents`, prerendering (at build time, and the
 * prefetch renders that see cookies) stops at that boundary instead of meeting `Date.now()`.
 */
async function currentSession(input: NextAuthConfigInput): Promise<Session | null> {
  await connection();
  const { headers: nextHeaders, cookies: nextCookies } = await nextRequestScope();
  const [requestHeaders, cookieStore] = await Promise.all([nextHeaders(), nextCookies()]);
  const headers = new Headers(requestHeaders);
  const { session, cookies } = await readSession(await configFor(input, undefined), headers);
  if (cookies.length) setCookies(cookieStore, cookies);
  return session;
}

function isRequest(value: unknown): value is NextRequest {
  return value instanceof Request || (typeof value === "object" && value !== null && "nextUrl" in value && "headers" in value);
}

function isPagesContext(value: unknown): value is { req: PagesRequest; res: PagesResponse } {
  return typeof value === "object" && value !== null && "req" in value && "res" in value;
}

/** Builds the `auth` function of {@link NextAuth} for a config input. */
export function createAuth(input: NextAuthConfigInput): AuthFunction {
  function auth(...args: unknown[]): unknown {
    const [first, second] = args;
    // A wrapped handler is returned at once (a Route Handler export must be a function, not a promise).
    if (typeof first === "function") {
      const handler = first as AuthWrappedHandler;
      return async (incoming: Request, context: unknown) => {
        const request = incoming instanceof NextRequest || "nextUrl" in incoming ? (incoming as NextRequest) : new NextRequest(incoming);
        const prepared = await configFor(input, request);
        return isInterceptorEvent(context) ? intercept(prepared, request, context, handler) : wrapRoute(prepared, request, context, handler);
      };
    }
    return read(first, second);
  }
  async function read(first: unknown, second: unknown): Promise<unknown> {
    if (first === undefined) return currentSession(input);
    if (isRequest(first)) return intercept(await configFor(input, first), first, second as NextFetchEvent);
    if (isPagesContext(first)) return pagesSession(await configFor(input, undefined), first.req, first.res);
    if (typeof first === "object" && first !== null && "headers" in first && second) {
      return pagesSession(await configFor(input, undefined), first as PagesRequest, second as PagesResponse);
    }
    throw new TypeError("auth() takes no arguments, (req, res), (context), a request or a handler.");
  }
  return auth as AuthFunction;
}
