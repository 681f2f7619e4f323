// The rate limiter's refusal, loaded with the limiter; every other error is answered in error-response.ts.
import type { PageContext } from "../config/slices.js";
import type { RateLimited } from "../errors.js";
import { answersJson, type ActionRow } from "../rows/row.js";
import { html } from "../security/escape.js";
import type { ResponseInternal } from "../types/response.js";

// The page's frame, loaded at the first refusal a browser gets, once.
let layoutCode: Promise<typeof import("../pages/layout.js")> | undefined;

/**
 * A request refused by a rate limit: 429 (503 when the store failed closed) with `Retry-After`, as
 * JSON `{ url }` of the sign-in page with `?error=RateLimited`, or a page saying how long to wait.
 */
export async function rateLimitedResponse(
  ctx: PageContext,
  req: { readonly jsonMode: boolean; readonly row?: Pick<ActionRow, "answer"> },
  error: RateLimited,
  status: 429 | 503,
): Promise<ResponseInternal> {
  const headers = { "Retry-After": String(error.retryAfter), "Cache-Control": "private, no-cache, no-store" };
  const signIn = new URL(ctx.pages.signIn ?? `${ctx.baseUrl}/signin`, ctx.origin);
  signIn.searchParams.set("error", error.type);
  if (answersJson(req)) return { status, headers, body: { url: signIn.toString() } };
  const { renderDocument } = await (layoutCode ??= import("../pages/layout.js"));
  const body = html`<p>There have been too many attempts from your network or for this account. Wait ${String(error.retryAfter)} seconds, then try again.</p>
<p class="muted">Error code: ${error.type}</p>
<p class="links"><a href="${signIn.toString()}">Sign in</a><a href="${ctx.origin}">Home</a></p>
`;
  return { status, headers, body: renderDocument({ title: "Too many attempts", theme: ctx.theme, body }) };
}

