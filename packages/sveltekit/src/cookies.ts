import type { Cookie } from "@latch/core";
import type { Cookies } from "@sveltejs/kit";

/** Sets the cookies of a core response on SvelteKit's response (deletions are `Max-Age=0`). */
export function applyCookies(cookies: Cookies, list: readonly Cookie[] | undefined): void {
  for (const { name, value, options } of list ?? []) {
    cookies.set(name, value, { ...options, path: options.path ?? "/" });
  }
}

/**
 * The `Cookie` header of the request as it stands now: SvelteKit's cookies, including any set or
 * deleted earlier in this request (by a sign-in or sign-out action that ran before a load).
 */
export function cookieHeaderOf(cookies: Cookies): string {
  return cookies
    .getAll()
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");
}
