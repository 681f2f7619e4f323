import type { CallbacksOptions } from "../types/callbacks.js";

/**
 * The default `redirect` callback (OWASP unvalidated redirects): a path on this site, or an
 * absolute http(s) URL with the same origin; anything else goes to `baseUrl`. `//host` and `/\host`
 * are protocol-relative URLs to other hosts and are refused; so are `blob:` URLs (their origin is
 * the site's, yet a script made their content) and every other scheme (`javascript:`, `data:`,
 * `vbscript:`…).
 */
export const defaultRedirect: NonNullable<CallbacksOptions["redirect"]> = ({ url, baseUrl }) => {
  const target = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? `${baseUrl}${url}` : url;
  try {
    // Line breaks, control and non-ASCII characters cannot go into a Location header (and CR/LF
    // would split the response); the URL parser drops or percent-encodes them.
    const parsed = new URL(target);
    const isWeb = parsed.protocol === "http:" || parsed.protocol === "https:";
    if (isWeb && parsed.origin === new URL(baseUrl).origin) return /^[\x21-\x7e]*$/.test(target) ? target : parsed.href;
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
