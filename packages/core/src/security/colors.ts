/**
 * Validation of user-supplied colours and image URLs before they are put in CSS or markup.
 * A theme value is configuration, not request input, but a typo or a copied snippet must not
 * be able to end the `<style>` element or inject rules.
 */

/** The CSS named colours (CSS Color Module Level 4), plus `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet " +
    "brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan " +
    "darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta " +
    "darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue " +
    "darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey " +
    "dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray " +
    "green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush " +
    "lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray " +
    "lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray " +
    "lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon " +
    "mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue " +
    "mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin " +
    "navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen " +
    "paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple " +
    "rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna " +
    "silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle " +
    "tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Function notation: only numbers, units, separators and `none` inside; no nested calls,
// quotes, braces, semicolons or angle brackets can get through.
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*(?:[-+]?[0-9.]+(?:%|deg|grad|rad|turn)?|none)(?:\s*[,/]?\s*(?:[-+]?[0-9.]+(?:%|deg|grad|rad|turn)?|none)){2,3}\s*\)$/i;

/**
 * Returns `value` when it is a plain CSS colour (hex, `rgb()`/`rgba()`/`hsl()`/`hsla()` with
 * literal numbers, or a named colour), otherwise `undefined`.
 *
 * @example
 * ```ts
 * safeColor("#3b82f6");          // "#3b82f6"
 * safeColor("red;}</style>");    // undefined
 * ```
 */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  if (v.length === 0 || v.length > 64) return undefined;
  if (HEX.test(v) || FUNCTIONAL.test(v) || NAMED_COLORS.has(v.toLowerCase())) return v;
  return undefined;
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
