import { describe, expect, it } from "vitest";
import { safeColor, safeImageUrl } from "./colors.js";
import { colorSyntax } from "./css-values.js";
import { buildStyles } from "../pages/styles.js";

describe("safeColor", () => {
  it.each(["#fff", "#FFFA", "#24292f", "#24292f80", "rgb(36, 41, 47)", "rgba(0,0,0,.5)", "rgb(0 0 0 / 50%)",
    "hsl(210 20% 30%)", "hsla(210deg, 20%, 30%, 0.4)", "red", "RebeccaPurple", "transparent"])("accepts %s", (c) => {
    expect(safeColor(c)).toBe(c);
  });

  it.each(["red;}</style><script>", "#12345", "#ggg", "url(https://evil.example/x.png)", "rgb(0,0,0);color:red",
    "rgb(var(--x),0,0)", "expression(alert(1))", "notacolor", "", "   ", "red blue", "#fff\n}body{display:none",
    "hsl(1,2)"])("rejects %j", (c) => {
    expect(safeColor(c)).toBeUndefined();
  });

  it("takes a keyword CSS does not name in the pages' syntax check only, which the browser then checks", () => {
    expect(colorSyntax("notacolor")).toBe("notacolor");
    expect(colorSyntax("RebeccaPurple")).toBe("RebeccaPurple");
    for (const c of ["red;}</style><script>", "red blue", "rgb(var(--x),0,0)", "expression(alert(1))", "", "red1"]) expect(colorSyntax(c)).toBeUndefined();
  });

  it("rejects non-strings", () => {
    expect(safeColor(undefined)).toBeUndefined();
    expect(safeColor(123)).toBeUndefined();
    expect(safeColor({ toString: () => "red" })).toBeUndefined();
  });
});

describe("safeImageUrl", () => {
  it("keeps https, data images and same-origin paths", () => {
    expect(safeImageUrl("https://cdn.example/logo.png", { allowRemote: true })).toBe("https://cdn.example/logo.png");
    expect(safeImageUrl("data:image/svg+xml;base64,PHN2Zy8+", { allowRemote: false })).toBe("data:image/svg+xml;base64,PHN2Zy8+");
    expect(safeImageUrl("/logo.svg", { allowRemote: false })).toBe("/logo.svg");
  });

  it("drops scripts, protocol-relative URLs and remote URLs when not allowed", () => {
    expect(safeImageUrl("javascript:alert(1)", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("data:text/html,<script>", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("//evil.example/x.png", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("/\\evil.example/x.png", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("https://cdn.example/logo.png", { allowRemote: false })).toBeUndefined();
  });
});

describe("buildStyles", () => {
  it("follows the browser preference for colorScheme auto (the default)", () => {
    const css = buildStyles({});
    expect(css).toContain("@media (prefers-color-scheme:dark)");
    expect(css).toMatch(/^:root\{color-scheme:light;/);
  });

  it("uses one fixed palette for light and dark", () => {
    expect(buildStyles({ colorScheme: "dark" })).toMatch(/^:root\{color-scheme:dark;/);
    expect(buildStyles({ colorScheme: "light" })).toMatch(/^:root\{color-scheme:light;/);
    expect(buildStyles({ colorScheme: "dark" })).not.toContain("prefers-color-scheme");
    expect(buildStyles({ colorScheme: "light" })).not.toContain("prefers-color-scheme");
  });

  it("puts a valid brand colour and button text in the variables", () => {
    const css = buildStyles({ colorScheme: "light", brandColor: "#0f766e", buttonText: "rgb(250, 250, 250)" });
    expect(css).toContain(":root{--brand:#0f766e;--brand-text:#ffffff;--link:#0f766e}:root{--brand-text:rgb(250, 250, 250)}");
  });

  it("sets a colour keyword only where the browser knows it, so a misspelled one leaves the defaults", () => {
    expect(buildStyles({ colorScheme: "light", brandColor: "rebeccapurple", buttonText: "ivory" })).toContain(
      "@supports (color:rebeccapurple){:root{--brand:rebeccapurple;--brand-text:#ffffff;--link:rebeccapurple}}@supports (color:rebeccapurple) and (color:ivory){:root{--brand-text:ivory}}",
    );
    expect(buildStyles({ colorScheme: "light", brandColor: "#0f766e", buttonText: "notacolor" })).toContain(
      ":root{--brand:#0f766e;--brand-text:#ffffff;--link:#0f766e}@supports (color:notacolor){:root{--brand-text:notacolor}}",
    );
  });

  it("falls back to the defaults for invalid theme colours", () => {
    const css = buildStyles({ brandColor: "red;}</style><script>", buttonText: "x}" });
    expect(css).toBe(buildStyles({}));
    expect(css).not.toContain("<");
  });
});
