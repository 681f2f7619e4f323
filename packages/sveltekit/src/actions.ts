import { Auth, raw } from "@latch/core";
import { AuthError } from "@latch/core/errors";
import type { Cookies } from "@sveltejs/kit";
import type { PreparedConfig } from "./config.js";
import { applyCookies } from "./cookies.js";
import { handOffClientAddress, type EventRequest } from "./request.js";
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js";

/** Fields of the sign-in form that carry authorization parameters: `authorizationParams-<name>`. */
export const authorizationParamsPrefix = "authorizationParams-";

/** What a sign-in or sign-out needs of SvelteKit's `RequestEvent`. */
export interface ActionEvent extends EventRequest {
  readonly cookies: Cookies;
}

/** A sign-in form read into `signIn`'s arguments. */
export interface SignInForm {
  provider?: string;
  options: SignInOptions;
  authorizationParams: Record<string, string>;
}

/** Reads `providerId`, `authorizationParams-<name>` and the other fields (options) of a sign-in form. */
export function readSignInForm(form: FormData): SignInForm {
  const options: SignInOptions = {};
  const authorizationParams: Record<string, string> = {};
  let provider: string | undefined;
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name === "providerId") provider = value || undefined;
    else if (name.startsWith(authorizationParamsPrefix)) authorizationParams[name.slice(authorizationParamsPrefix.length)] = value;
    else options[name] = value;
  }
  return { provider, options, authorizationParams };
}

/** `redirect` as a form (`"false"`) or an object (`false`) gives it. */
function wantsRedirect(value: unknown): boolean {
  return value !== false && value !== "false";
}

/** Where the user goes afterwards: `redirectTo`, else `callbackUrl`, else the page the form was on. */
function returnTo(options: { redirectTo?: unknown; callbackUrl?: unknown }, event: EventRequest): string {
  const given = options.redirectTo ?? options.callbackUrl;
  if (typeof given === "string" && given) return given;
  return event.request.headers.get("referer") ?? "/";
}

/**
 * A POST to core under `basePath`, sent from the server on behalf of the browser's form post: it
 * carries the browser's headers (cookies, and the `Origin`/`Sec-Fetch-Site` that core's origin
 * check reads), so a form posted from another site is refused as it would be at the endpoint.
 */
function internalPost(event: EventRequest, url: string, fields: Record<string, string>): Request {
  const headers = new Headers(event.request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  headers.delete("x-auth-return-redirect");
  headers.set("content-type", "application/x-www-form-urlencoded");
  return handOffClientAddress(event, new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) }));
}

/** The provider `id` and `type` of the config, as `setEnvDefaults` resolved them. */
function providerType(config: PreparedConfig, id: string): string | undefined {
  for (const provider of config.providers) {
    const resolved = (typeof provider === "function" ? provider() : provider) as { id?: string; type?: string; options?: { id?: string; type?: string } };
    if ((resolved.options?.id ?? resolved.id) === id) return resolved.options?.type ?? resolved.type;
  }
  return undefined;
}

/** The outcome of a sign-in or sign-out: where to send the browser. */
export interface ActionOutcome {
  url: string;
  redirect: boolean;
}

/**
 * Signs in with `provider` from the server: credentials are checked at once, OAuth and OIDC
 * return the authorization URL, email sends the link and returns the verify-request page. Without
 * a (known) provider, the sign-in page. Refused credentials go where core's page flow sends them:
 * the sign-in page with `?error=CredentialsSignin&code=<code>` (as `@auth/sveltekit` does), so a
 * wrong password is a page that says so, never a 500.
 */
export async function signInWith(
  event: ActionEvent,
  origin: string,
  config: PreparedConfig,
  provider: string | undefined,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<ActionOutcome> {
  const { redirect, redirectTo: _redirectTo, callbackUrl: _callbackUrl, ...fields } = options;
  const callbackUrl = returnTo(options, event);
  const base = `${origin}${config.basePath}`;
  const type = provider ? providerType(config, provider) : undefined;
  if (!provider || !type) {
    return { url: `${base}/signin?${new URLSearchParams({ callbackUrl })}`, redirect: wantsRedirect(redirect) };
  }
  const query = new URLSearchParams(authorizationParams).toString();
  const action = type === "credentials" ? "callback" : "signin";
  const url = `${base}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`;
  const body: Record<string, string> = { callbackUrl };
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string") body[name] = value;
  const result = await Auth(internalPost(event, url, body), { ...config, raw });
  applyCookies(event.cookies, result.cookies);
  // Refused by a rate limit (429, or 503 when its store is down): the sign-in page says so.
  if (result.status === 429 || result.status === 503) {
    const page = new URL(config.pages?.signIn ?? `${base}/signin`, origin);
    page.searchParams.set("error", "RateLimited");
    return { url: page.toString(), redirect: wantsRedirect(redirect) };
  }
  if (!result.redirect) throw new AuthError(`Signing in with "${provider}" gave no page to go to (status ${result.status ?? 200}).`);
  return { url: result.redirect, redirect: wantsRedirect(redirect) };
}

/** Signs out from the server: ends the session, clears its cookies, returns where to go. */
export async function signOutWith(event: ActionEvent, origin: string, config: PreparedConfig, options: SignOutOptions = {}): Promise<ActionOutcome> {
  const callbackUrl = returnTo(options, event);
  const result = await Auth(internalPost(event, `${origin}${config.basePath}/signout`, { callbackUrl }), { ...config, raw });
  applyCookies(event.cookies, result.cookies);
  if (!result.redirect) throw new AuthError(`Signing out gave no page to go to (status ${result.status ?? 200}).`);
  return { url: result.redirect, redirect: wantsRedirect(options.redirect) };
}
