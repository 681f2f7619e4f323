/**
 * The pages' stylesheet. Colours are CSS custom properties set per colour scheme; the theme's
 * brand colours are checked by {@link colorSyntax} before they are written, and set only under an
 * `@supports` of themselves, so that a name the browser does not know leaves the defaults.
 */
import type { Theme } from "../types/theme.js";
import { colorSyntax } from "../security/css-values.js";

interface Palette {
  bg: string;
  card: string;
  text: string;
  muted: string;
  border: string;
  cardBorder: string;
  field: string;
  focus: string;
  brand: string;
  brandText: string;
  link: string;
  alertBg: string;
  alertText: string;
  alertBorder: string;
}

// Every text/background pair here meets WCAG AA (4.5:1); field borders and focus rings 3:1.
// The card border and dividers are decorative and lighter.
const LIGHT: Palette = {
  bg: "#f3f4f6", card: "#ffffff", text: "#1a1d23", muted: "#4f5866", border: "#767f8c", cardBorder: "#d5d9e0",
  field: "#ffffff", focus: "#2451c7", brand: "#2451c7", brandText: "#ffffff", link: "#2451c7",
  alertBg: "#fdeceb", alertText: "#7a1717", alertBorder: "#d27a78",
};

const DARK: Palette = {
  bg: "#101216", card: "#181b21", text: "#e9ebef", muted: "#a9b1bd", border: "#6b7380", cardBorder: "#2e333c",
  field: "#101216", focus: "#8aa9ff", brand: "#8aa9ff", brandText: "#0d1733", link: "#8aa9ff",
  alertBg: "#3b1a1c", alertText: "#ffd9d6", alertBorder: "#a8514f",
};

/**
 * The rule `declarations` under `selector`, applied only where the browser knows every colour
 * keyword among `colors` (a misspelled name would otherwise blank the variables it sets); a hex or
 * functional colour needs no such guard.
 */
export function whereColorsKnown(colors: readonly string[], selector: string, declarations: string): string {
  const rule = `${selector}{${declarations}}`;
  const names = colors.filter((c) => /^[a-z]+$/i.test(c));
  return names.length ? `@supports ${names.map((c) => `(color:${c})`).join(" and ")}{${rule}}` : rule;
}

/** The theme's brand colours over a scheme's palette, or nothing without a brand colour. */
function themeRules(theme: Theme, dark: boolean): string {
  const brand = colorSyntax(theme.brandColor);
  if (!brand) return "";
  const text = colorSyntax(theme.buttonText);
  // A brand colour chosen for light backgrounds is often too dark for links on a dark card:
  // lighten it for links only.
  const link = dark ? `color-mix(in srgb, ${brand} 45%, #ffffff)` : brand;
  return (
    whereColorsKnown([brand], ":root", `--brand:${brand};--brand-text:#ffffff;--link:${link}`) +
    (text ? whereColorsKnown([brand, text], ":root", `--brand-text:${text}`) : "")
  );
}

function variables(p: Palette, scheme: "light" | "dark"): string {
  return (
    `color-scheme:${scheme};--bg:${p.bg};--card:${p.card};--text:${p.text};--muted:${p.muted};` +
    `--border:${p.border};--card-border:${p.cardBorder};--field:${p.field};--focus:${p.focus};--brand:${p.brand};` +
    `--brand-text:${p.brandText};--link:${p.link};--alert-bg:${p.alertBg};` +
    `--alert-text:${p.alertText};--alert-border:${p.alertBorder}`
  );
}

const BASE_RULES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1.5rem;padding:2rem 1rem;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.logo{max-width:150px;max-height:70px}
.card{width:100%;max-width:22rem;background:var(--card);border:1px solid var(--card-border);border-radius:12px;padding:2rem 1.75rem}
h1{margin:0 0 1.25rem;font-size:1.375rem;line-height:1.3;text-align:center}
p{margin:0 0 1rem}
.muted{color:var(--muted);font-size:.875rem}
form{margin:0}
.stack>*+*{margin-top:.75rem}
label{display:block;margin-bottom:.25rem;font-weight:600;font-size:.9375rem}
input{display:block;width:100%;margin:0 0 1rem;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--border);border-radius:8px}
button{display:flex;align-items:center;justify-content:center;gap:.75rem;width:100%;min-height:2.75rem;padding:.625rem 1rem;font:inherit;font-weight:600;text-decoration:none;border:1px solid transparent;border-radius:8px;cursor:pointer;background:var(--brand);color:var(--brand-text)}
button:hover{filter:brightness(1.08)}
.provider{background:var(--p-bg,var(--card));color:var(--p-text,var(--text));border-color:var(--border)}
.provider img{width:1.5rem;height:1.5rem}
a{color:var(--link);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input:focus-visible{outline-offset:0}
.alert{margin:0 0 1.25rem;padding:.75rem 1rem;border:1px solid var(--alert-border);border-radius:8px;background:var(--alert-bg);color:var(--alert-text)}
.alert p{margin:0}
.alert .code{margin-top:.25rem;font-size:.8125rem}
.divider{display:flex;align-items:center;gap:.75rem;margin:1.25rem 0;color:var(--muted);font-size:.875rem}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid var(--card-border)}
.links{display:flex;gap:1.5rem;justify-content:center;margin:1.25rem 0 0}
`;

/**
 * Builds the page stylesheet for a theme. `extraRules` are appended as they are; callers put
 * only validated values in them.
 *
 * @example
 * ```ts
 * const css = buildStyles({ colorScheme: "dark", brandColor: "#0f766e" });
 * ```
 */
export function buildStyles(theme: Theme, extraRules = ""): string {
  const light = `:root{${variables(LIGHT, "light")}}${themeRules(theme, false)}`;
  const dark = `:root{${variables(DARK, "dark")}}${themeRules(theme, true)}`;
  let root: string;
  if (theme.colorScheme === "dark") root = dark;
  else if (theme.colorScheme === "light") root = light;
  else root = `${light}\n@media (prefers-color-scheme:dark){${dark}}`;
  return root + BASE_RULES + extraRules;
}
