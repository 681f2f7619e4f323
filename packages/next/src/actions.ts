import { Auth, type ResponseInternal, type Session, type User } from "@latch/core";
import * as errors from "@latch/core/errors";
import { clientAddressHeader } from "@latch/core/rate-limit";
import type { PreparedConfig } from "./config.js";
import { setCookies } from "./cookies.js";
import { nextRequestScope } from "./next-scope.js";
import { assertSecret, originOrNull } from "./session.js";

/** Options of the server-side `signIn`: FormData, or these fields (others are posted to the provider, e.g. credentials). */
export type SignInOptions = FormData | ({ redirect?: boolean; redirectTo?: string } & Record<string, unknown>);

/** Extra query parameters of the authorization URL (OAuth and OIDC providers). */
export type AuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/** Options of the server-side `signOut`. */
export interface SignOutOptions {
  /** Redirect through Next.js's `redirect()` (default `true`); with `false` the URL is returned. */
  redirect?: boolean;
  /** Where to go afterwards; default the current page (`Referer`), else `/`. */
  redirectTo?: string;
}

/** The data `unstable_update` passes to the `jwt` (as `session`) or `session` (as `newSession`) callback. */
export type UpdateData = Partial<Session | { user: Partial<User> }>;

interface CallContext {
  headers: Headers;
  origin: string;
  base: string;
}

async function callContext(prepared: PreparedConfig): Promise<CallContext> {
  assertSecret(prepared);
  const { headers: nextHeaders } = await nextRequestScope();
  const headers = new Headers(await nextHeaders());
  const origin = originOrNull(prepared, headers, "http");
  if (!origin) throw new errors.InvalidRequest("The request's Host header is not a valid host.");
  return { headers, origin, base: `${origin}${prepared.config.basePath}` };
}

/** Posts to one of Latch's actions from the server, and hands its cookies to Next.js's cookie store. */
async function post(prepared: PreparedConfig, call: CallContext, url: string, body: string, type: string): Promise<ResponseInternal> {
  const headers = new Headers();
  // The declared client-address header travels too, so rate limits see the same client.
  const addressHeader = prepared.config.rateLimit ? clientAddressHeader(prepared.config.rateLimit.options.clientAddress) : undefined;
  for (const name of ["cookie", "user-agent", "x-forwarded-for", ...(addressHeader ? [addressHeader] : [])]) {
    const value = call.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set("content-type", type);
  const result = await Auth(new Request(url, { method: "POST", headers, body }), prepared.serverCall);
  const { cookies: nextCookies } = await nextRequestScope();
  setCookies(await nextCookies(), result.cookies ?? []);
  return result;
}

type ErrorClass = new (message?: string) => errors.AuthError;

/** The error a redirect to the sign-in or error page with `?error=<type>` stands for, if it is one. */
function errorOf(prepared: PreparedConfig, call: CallContext, location: string | undefined): errors.AuthError | undefined {
  if (!location) return undefined;
  let url: URL;
  try {
    url = new URL(location, call.origin);
  } catch {
    return undefined;
  }
  const type = url.searchParams.get("error");
  if (!type) return undefined;
  const pages = prepared.config.pages ?? {};
  const errorPages = [pages.signIn ?? `${prepared.config.basePath}/signin`, pages.error ?? `${prepared.config.basePath}/error`];
  if (!errorPages.some((page) => new URL(page, call.origin).pathname === url.pathname)) return undefined;
  if (type === "CredentialsSignin") {
    const error = new errors.CredentialsSignin("The credentials were refused.");
    error.code = url.searchParams.get("code") ?? error.code;
    return error;
  }
  const known = (Object.values(errors) as unknown[]).find((value): value is ErrorClass => typeof value === "function" && (value as { type?: string }).type === type);
  return known ? new known(`Sign-in failed: ${type}.`) : new errors.AuthError(`Sign-in failed: ${type}.`);
}

function providerOf(prepared: PreparedConfig, id: string): { id: string; type: string } | undefined {
  for (const entry of prepared.config.providers) {
    const provider = (typeof entry === "function" ? entry() : entry) as { id: string; type: string; options?: { id?: string } };
    const providerId = provider.options?.id ?? provider.id;
    if (providerId === id) return { id: providerId, type: provider.type };
  }
  return undefined;
}

/** Server-side sign-in; see {@link NextAuthResult.signIn}. */
export async function serverSignIn(prepared: PreparedConfig, provider?: string, options: SignInOptions = {}, authorizationParams?: AuthorizationParams): Promise<any> {
  const call = await callContext(prepared);
  const fields = options instanceof FormData ? Object.fromEntries([...options.entries()].filter(([k]) => !k.startsWith("$ACTION"))) : { ...options };
  const { redirect: shouldRedirect = true, redirectTo, ...rest } = fields as Record<string, unknown> & { redirect?: unknown; redirectTo?: unknown };
  const callbackUrl = String(redirectTo ?? call.headers.get("referer") ?? "/");
  const go = shouldRedirect !== false && shouldRedirect !== "false";
  const found = provider ? providerOf(prepared, provider) : undefined;
  if (!found) {
    const url = `${call.base}/signin?${new URLSearchParams({ callbackUrl })}`;
    return go ? (await nextRequestScope()).redirect(url) : url;
  }
  const query = new URLSearchParams(authorizationParams as ConstructorParameters<typeof URLSearchParams>[0]).toString();
  const action = found.type === "credentials" ? "callback" : "signin";
  const url = `${call.base}/${action}/${encodeURIComponent(found.id)}${query ? `?${query}` : ""}`;
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) if (typeof value === "string") body.set(key, value);
  body.set("callbackUrl", callbackUrl);
  const result = await post(prepared, call, url, body.toString(), "application/x-www-form-urlencoded");
  if (result.status === 429 || result.status === 503) throw new errors.RateLimited("Too many sign-in attempts.", Number(result.headers?.["Retry-After"]) || 60);
  const failure = errorOf(prepared, call, result.redirect);
  if (failure) throw failure;
  const target = result.redirect ?? url;
  return go ? (await nextRequestScope()).redirect(target) : target;
}

/** Server-side sign-out; see {@link NextAuthResult.signOut}. */
export async function serverSignOut(prepared: PreparedConfig, options: SignOutOptions = {}): Promise<any> {
  const call = await callContext(prepared);
  const callbackUrl = options.redirectTo ?? call.headers.get("referer") ?? "/";
  const result = await post(prepared, call, `${call.base}/signout`, new URLSearchParams({ callbackUrl }).toString(), "application/x-www-form-urlencoded");
  const target = result.redirect ?? `${call.origin}/`;
  return options.redirect === false ? target : (await nextRequestScope()).redirect(target);
}

/** Server-side session update; see {@link NextAuthResult.unstable_update}. */
export async function serverUpdate(prepared: PreparedConfig, data: UpdateData): Promise<Session | null> {
  const call = await callContext(prepared);
  const result = await post(prepared, call, `${call.base}/session`, JSON.stringify({ data }), "application/json");
  const body = result.body;
  return (result.status ?? 200) === 200 && typeof body === "object" && body !== null ? (body as Session) : null;
}
