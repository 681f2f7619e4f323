import type { AuthContext } from "../config/context.js";

type Ctx = Pick<AuthContext, "baseUrl" | "origin" | "pages">;

function build(base: string, origin: string, query: Record<string, string | undefined>): string {
  const url = new URL(base, origin);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The sign-in page (`pages.signIn` or the built-in one) with a query. */
export function signInPageUrl(ctx: Ctx, query: Record<string, string | undefined> = {}): string {
  return build(ctx.pages.signIn ?? `${ctx.baseUrl}/signin`, ctx.origin, query);
}

/** The error page (`pages.error` or the built-in one) with `?error=<code>`. */
export function errorPageUrl(ctx: Ctx, query: Record<string, string | undefined>): string {
  return build(ctx.pages.error ?? `${ctx.baseUrl}/error`, ctx.origin, query);
}

/** Any page of the user's own, with a query. */
export function pageUrl(ctx: Ctx, path: string, query: Record<string, string | undefined>): string {
  return build(path, ctx.origin, query);
}
