import type { CallbacksOptions } from "../types/callbacks.js";

/**
 * The default `redirect` callback (OWASP unvalidated redirects): a path on this site, or an
 * absolute URL with the same origin; anything else goes to `baseUrl`. `//host` and `/\host`
 * are protocol-relative URLs to other hosts and are refused.
 */
export const defaultRedirect: NonNullable<CallbacksOptions["redirect"]> = ({ url, baseUrl }) => {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url;
  } catch {
    // not a URL: fall through
  }
  return baseUrl;
};

/** Where to go after an action: the body's `callbackUrl`, else the query's, else the cookie's, else the origin; through `redirect`. */
export async function resolveCallbackUrl(params: {
  bodyValue: unknown;
  queryValue: string | undefined;
  cookieValue: string | undefined;
  origin: string;
  redirect: NonNullable<CallbacksOptions["redirect"]>;
}): Promise<string> {
  const { bodyValue, queryValue, cookieValue, origin, redirect } = params;
  const candidate = typeof bodyValue === "string" && bodyValue ? bodyValue : queryValue || cookieValue;
  if (!candidate) return origin;
  return redirect({ url: candidate, baseUrl: origin });
}
