/**
 * The security headers of a rendered page. The Content-Security-Policy allows exactly the inline
 * `<script>` and `<style>` elements the page holds, by the SHA-256 of their text (CSP Level 3
 * §8.4), so nothing injected into the page can run or restyle it; the page cannot be framed
 * (clickjacking, OWASP), sends no `Referer` to other sites (the email callback URL carries a
 * token) and is never sniffed as another type.
 */
import { sha256Base64 } from "../crypto/index.js";

// The pages' inline elements; a script's text can hold neither `</script` nor `<!--` (the layout
// neutralises them), a style's text is built from validated values only.
const inlineElement = /<(script|style)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;

// The pages' inline texts are few (a theme's styles, the passkey script), so each is hashed once:
// a page, a refusal under attack above all, is rendered without waiting for a digest. Bounded,
// in case an app's page text varies per request.
const sourceHashes = new Map<string, Promise<string>>();

function sourceHash(text: string): Promise<string> {
  let hash = sourceHashes.get(text);
  if (!hash) {
    if (sourceHashes.size >= 64) sourceHashes.clear();
    sourceHashes.set(text, (hash = sha256Base64(text).then((digest) => `'sha256-${digest}'`)));
    hash.catch(() => sourceHashes.delete(text));
  }
  return hash;
}

async function hashSources(texts: readonly string[]): Promise<string> {
  const hashes = await Promise.all([...new Set(texts)].map(sourceHash));
  return hashes.length ? hashes.join(" ") : "'none'";
}

/**
 * The headers every page Latch renders is sent with, computed from the page's final HTML.
 *
 * @example
 * ```ts
 * const headers = await pageSecurityHeaders(renderSignOutPage(props).html)
 * headers["Content-Security-Policy"] // "default-src 'none'; script-src 'sha256-…'; …"
 * ```
 */
export async function pageSecurityHeaders(html: string): Promise<Record<string, string>> {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, tag, text] of html.matchAll(inlineElement)) (tag!.toLowerCase() === "script" ? scripts : styles).push(text!);
  const policy = [
    "default-src 'none'",
    `script-src ${await hashSources(scripts)}`,
    `style-src ${await hashSources(styles)}`,
    // Theme and provider logos: the site's own, data: URLs, or (theme only) remote images.
    "img-src 'self' data: https: http:",
    // The passkey script fetches its options and the CSRF token from the site itself.
    "connect-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": policy,
    "X-Frame-Options": "DENY",
    // same-origin, not no-referrer: a form POST under no-referrer carries `Origin: null`, which
    // fails the Origin checks frameworks make (SvelteKit) on the pages' own forms.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
  };
}
