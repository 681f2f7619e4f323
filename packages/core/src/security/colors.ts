/**
 * A colour for the emails, where no browser checks a name: the shape of a CSS colour
 * ({@link colorSyntax}) and, for a keyword, one of the names of CSS Color Module Level 4.
 */
import { colorSyntax } from "./css-values.js";

export { safeImageUrl } from "./css-values.js";

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

/**
 * Returns `value`, trimmed, when it is a plain CSS colour (hex, `rgb()`/`rgba()`/`hsl()`/`hsla()`
 * with literal numbers, or a named colour), otherwise `undefined`.
 *
 * @example
 * ```ts
 * safeColor("#3b82f6");          // "#3b82f6"
 * safeColor("notacolor");        // undefined
 * safeColor("red;}</style>");    // undefined
 * ```
 */
export function safeColor(value: unknown): string | undefined {
  const v = colorSyntax(value);
  return v && (!/^[a-z]+$/i.test(v) || NAMED_COLORS.has(v.toLowerCase())) ? v : undefined;
}
