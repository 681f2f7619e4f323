/**
 * The checks of theme values that the pages write into their CSS and markup: the syntax of a
 * colour, and an image URL. A theme value is configuration, not request input, but a typo or a
 * copied snippet must not be able to end the `<style>` element or inject rules. Whether a colour
 * name is one CSS knows is left to the browser (`@supports`, see `pages/styles.ts`), so that the
 * pages need no list of names; the emails, which no `@supports` guards, use `safeColor`.
 */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Function notation: only numbers, units, separators and `none` inside; no nested calls,
// quotes, braces, semicolons or angle brackets can get through.
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*(?:[-+]?[0-9.]+(?:%|deg|grad|rad|turn)?|none)(?:\s*[,/]?\s*(?:[-+]?[0-9.]+(?:%|deg|grad|rad|turn)?|none)){2,3}\s*\)$/i;

// A colour keyword: letters only, so nothing but a name can get through.
const NAME = /^[a-z]{3,24}$/i;

/**
 * Returns `value`, trimmed, when it has the shape of a CSS colour: hex, `rgb()`/`rgba()`/`hsl()`/
 * `hsla()` with literal numbers, or a keyword of letters only (which the browser may not know);
 * otherwise `undefined`.
 *
 * @example
 * ```ts
 * colorSyntax(" #3b82f6 ");      // "#3b82f6"
 * colorSyntax("red;}</style>");  // undefined
 * ```
 */
export function colorSyntax(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (v.length > 64) return undefined;
  return HEX.test(v) || FUNCTIONAL.test(v) || NAME.test(v) ? v : undefined;
}

/**
 * Returns `value` when it is an image URL the pages may show: a `data:image/` URL, a path on
 * the same origin (`/logo.svg`, not `//host/…`), or, with `allowRemote`, an `https:`/`http:`
 * URL. Otherwise `undefined`.
 *
 * @example
 * ```ts
 * safeImageUrl("https://cdn.example/logo.png", { allowRemote: true }); // kept
 * safeImageUrl("javascript:alert(1)", { allowRemote: true });          // undefined
 * ```
 */
export function safeImageUrl(value: unknown, options: { allowRemote: boolean }): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (v.length === 0) return undefined;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(v)) return v;
  if (/^\/(?![/\\])/.test(v)) return v;
  if (options.allowRemote && /^https?:\/\/[^\s]+$/i.test(v)) return v;
  return undefined;
}
