/**
 * HTML escaping. Every page is built with the {@link html} tag, which escapes each
 * interpolated value unless it is already {@link SafeHtml}, so no value reaches the markup raw.
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/**
 * Escapes text for an HTML text node or a quoted attribute value.
 *
 * @example
 * ```ts
 * escapeHtml(`<b title="x">`); // "&lt;b title=&quot;x&quot;&gt;"
 * ```
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ENTITIES[ch] ?? ch);
}

/**
 * Markup that is already safe: produced by {@link html} or {@link trustedHtml}.
 *
 * @example
 * ```ts
 * const part: SafeHtml = html`<p>${name}</p>`;
 * ```
 */
export class SafeHtml {
  /** The markup. */
  readonly value: string;
  /** Use {@link html} or {@link trustedHtml} instead. */
  constructor(value: string) {
    this.value = value;
  }
  /** The markup, so a fragment can be used where a string is expected. */
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated in {@link html}: `null`, `undefined` and `false` render nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * Template tag that escapes every interpolated value. Arrays are concatenated; nested
 * `html` fragments are kept as they are. Always quote attribute values with `"`.
 *
 * @example
 * ```ts
 * html`<a href="${url}">${label}</a>`.value;
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/**
 * Marks markup built elsewhere as safe (the page's CSS and trusted scripts). Only for values
 * that do not come from the request.
 *
 * @example
 * ```ts
 * html`<style>${trustedHtml(css)}</style>`;
 * ```
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
