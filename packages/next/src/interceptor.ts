import type { Cookie, Session } from "@latch/core";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import type { PreparedConfig } from "./config.js";
import { setCookies } from "./cookies.js";
import { logError, originOrNull, readSession, type SessionRead } from "./session.js";

/** A request that carries its session, as `auth(handler)` hands it to the handler. */
export type NextAuthRequest = NextRequest & {
  /** The session of the request, or `null`. */
  auth: Session | null;
};

/** The second argument of an App Router Route Handler. */
export interface AppRouteHandlerContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

/** What the interceptor, or a handler wrapped by `auth(handler)`, may return. */
export type HandlerResult = Response | void | undefined | null;

/** A handler that `auth()` wraps: a request interceptor (`proxy`/`middleware`) or a Route Handler. */
export type AuthWrappedHandler = (request: NextAuthRequest, context: NextFetchEvent | AppRouteHandlerContext | any) => HandlerResult | Promise<HandlerResult>;

/** True for the second argument Next.js gives an interceptor (`proxy`, `middleware`): a fetch event. */
export function isInterceptorEvent(context: unknown): context is NextFetchEvent {
  return typeof context === "object" && context !== null && typeof (context as { waitUntil?: unknown }).waitUntil === "function";
}

/** The session, or signed out when reading it throws (a missing secret included): never a truthy session. */
async function sessionOrSignedOut(prepared: PreparedConfig, request: NextRequest): Promise<SessionRead> {
  try {
    return await readSession(prepared, request.headers, request.nextUrl.protocol);
  } catch (error) {
    logError(prepared, (error as { type?: string }).type ?? "SessionReadFailed", `${(error as Error).message ?? error} The request is treated as signed out.`);
    return { session: null, cookies: [] };
  }
}

/** The `authorized` callback's answer; a callback that throws refuses the request. */
async function askAuthorized(prepared: PreparedConfig, request: NextRequest, auth: Session | null): Promise<boolean | Response> {
  if (!prepared.authorized) return true;
  try {
    const answer = await prepared.authorized({ auth, request });
    return answer instanceof Response ? answer : answer !== false;
  } catch (error) {
    logError(prepared, "AuthorizedCallbackError", `The authorized callback threw (${(error as Error)?.name ?? "error"}); the request is refused.`);
    return false;
  }
}

/**
 * The redirect to the sign-in page (`pages.signIn`, else `<basePath>/signin`) with the requested
 * URL as `callbackUrl`; `undefined` when the request is for that page already. "That page" means
 * the same origin and the same path: a sign-in page on another host (a central login) shares its
 * path with nothing of this app, so a refused request here is always redirected.
 */
function signInRedirect(prepared: PreparedConfig, request: NextRequest): Response | undefined {
  const { config } = prepared;
  const origin = originOrNull(prepared, request.headers, request.nextUrl.protocol) ?? request.nextUrl.origin;
  const target = new URL(config.pages?.signIn ?? `${config.basePath}/signin`, origin);
  const requested = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, origin);
  if (requested.origin === target.origin && requested.pathname === target.pathname) return undefined;
  target.searchParams.set("callbackUrl", requested.href);
  return NextResponse.redirect(target);
}

/** The response with the session's refreshed cookies added. */
function withCookies(response: Response, cookies: readonly Cookie[]): Response {
  if (!cookies.length) return response;
  const final = new NextResponse(response.body, response);
  setCookies(final.cookies, cookies);
  return final;
}

/**
 * The request interceptor (`proxy.ts` on Next.js 16, `middleware.ts` before): reads the session,
 * asks `authorized` (`true` continues, `false` redirects to sign-in with a `callbackUrl`, a
 * `Response` is answered as it is), runs the user's handler if there is one, and keeps the
 * session alive with its refreshed cookie.
 */
export async function intercept(prepared: PreparedConfig, request: NextRequest, event: NextFetchEvent, handler?: AuthWrappedHandler): Promise<Response> {
  const { session, cookies } = await sessionOrSignedOut(prepared, request);
  const authorized = await askAuthorized(prepared, request, session);
  let response: Response | undefined;
  if (authorized instanceof Response) response = authorized;
  else if (!authorized) response = signInRedirect(prepared, request);
  else if (handler) {
    const augmented = request as NextAuthRequest;
    augmented.auth = session;
    response = (await handler(augmented, event)) ?? undefined;
  }
  return withCookies(response ?? NextResponse.next(), cookies);
}

/** A Route Handler wrapped by `auth(handler)`: `request.auth` carries the session; `authorized` is not asked. */
export async function wrapRoute(prepared: PreparedConfig, request: NextRequest, context: unknown, handler: AuthWrappedHandler): Promise<Response> {
  const { session, cookies } = await sessionOrSignedOut(prepared, request);
  const augmented = request as NextAuthRequest;
  augmented.auth = session;
  const response = (await handler(augmented, context)) ?? new Response(null, { status: 204 });
  return withCookies(response, cookies);
}
