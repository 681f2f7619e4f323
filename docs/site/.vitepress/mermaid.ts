/**
 * Mermaid diagrams drawn when the site is built, so a page shows them as static SVG and needs no
 * script: a ```mermaid fence becomes the SVG itself, inline in the page's HTML.
 *
 * Mermaid lays a diagram out by measuring text in a browser, so the SVG is made in one: the
 * system's Chromium (`LATCH_CHROMIUM`, else /usr/bin/chromium, as the tests use it) through
 * playwright-core, with mermaid's browser bundle loaded into a blank page and text measured in
 * Inter, the site's font. Chromium starts at most once per build, and only for a diagram not drawn
 * before: each SVG is kept in .vitepress/cache/mermaid under the hash of its source.
 *
 * The SVG carries no `<style>` element (Vue drops `<style>` from a page's template, and its text
 * would land in the search index): the rules mermaid writes are applied to each element as inline
 * styles, and the theme's colours become the site's CSS variables, so a diagram follows the light
 * and dark themes with no second drawing.
 *
 * markdown-it renders synchronously and drawing is asynchronous, so drawing comes first: every
 * page's diagrams are drawn when the build starts (and when `npm run docs` starts, before the local
 * search indexes the pages); a page edited under `npm run docs` has its new diagrams drawn before
 * VitePress renders it. The fence renderer then only looks the SVG up.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MarkdownRenderer, UserConfig } from "vitepress";

/** A Vite plugin as VitePress's own Vite takes it. */
type Plugin = Extract<NonNullable<NonNullable<UserConfig["vite"]>["plugins"]>[number], { name: string }>;

const require = createRequire(import.meta.url);
const cacheDir = fileURLToPath(new URL("cache/mermaid", import.meta.url));
/** Bump when the drawing below changes, so cached SVGs are drawn again. */
const version = "2";

/** Each theme colour mermaid is given, as a placeholder (`#0100nn`), and the CSS variable it becomes. */
const colours: Record<string, string> = {
  actorBkg: "var(--vp-c-bg-soft)",
  actorBorder: "var(--vp-c-brand-1)",
  actorTextColor: "var(--vp-c-text-1)",
  actorLineColor: "var(--vp-c-divider)",
  signalColor: "var(--vp-c-text-2)",
  signalTextColor: "var(--vp-c-text-1)",
  labelBoxBkgColor: "var(--vp-c-bg-alt)",
  labelBoxBorderColor: "var(--vp-c-divider)",
  labelTextColor: "var(--vp-c-text-1)",
  loopTextColor: "var(--vp-c-text-2)",
  noteBkgColor: "var(--vp-c-default-soft)",
  noteBorderColor: "var(--vp-c-divider)",
  noteTextColor: "var(--vp-c-text-1)",
  activationBkgColor: "var(--vp-c-bg-alt)",
  activationBorderColor: "var(--vp-c-text-3)",
  sequenceNumberColor: "var(--vp-c-bg)",
};
const placeholder = (n: number) => `#0100${n.toString(16).padStart(2, "0")}`;
const themeVariables = Object.fromEntries(Object.keys(colours).map((name, n) => [name, placeholder(n)]));

const hashOf = (code: string) => createHash("sha256").update(version).update(code).digest("hex").slice(0, 16);
/** Drawn SVGs by the hash of their source: read from the cache, added to by {@link drawDiagrams}. */
const drawn = new Map<string, string>();
const fence = /^(`{3,}|~{3,})mermaid[ \t]*\n([\s\S]*?)\n\1[ \t]*$/gm;

/** The source of each diagram in a Markdown text, as markdown-it gives a fence's content. */
export function diagramsIn(markdown: string): string[] {
  return [...markdown.matchAll(fence)].map((m) => `${m[2]}\n`);
}

/** Draws the diagrams not drawn yet (cache first, then Chromium, launched once for all of them). */
export async function drawDiagrams(sources: readonly string[]): Promise<void> {
  const missing = new Map<string, string>();
  for (const code of sources) {
    const hash = hashOf(code);
    if (drawn.has(hash)) continue;
    const cached = join(cacheDir, `${hash}.svg`);
    if (existsSync(cached)) drawn.set(hash, readFileSync(cached, "utf8"));
    else missing.set(hash, code);
  }
  if (!missing.size) return;
  const started = performance.now();
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    headless: true,
    executablePath: process.env.LATCH_CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage();
    // Inter from VitePress's own theme, inlined: text is measured in the font the site shows it in.
    const inter = readFileSync(require.resolve("vitepress/dist/client/theme-default/fonts/inter-roman-latin.woff2")).toString("base64");
    await page.setContent(
      `<style>@font-face{font-family:Inter;font-weight:100 900;src:url(data:font/woff2;base64,${inter}) format("woff2")}</style>`,
    );
    await page.addScriptTag({ path: require.resolve("mermaid/dist/mermaid.min.js") });
    await page.evaluate(() => document.fonts.load("16px Inter"));
    mkdirSync(cacheDir, { recursive: true });
    for (const [hash, code] of missing) {
      const svg = await page.evaluate(render, { id: `mermaid-${hash}`, code, themeVariables });
      const themed = svg
        .replace(/rgb\(1, 0, (\d+)\)/g, (_, n: string) => Object.values(colours)[Number(n)] ?? _)
        // The text colour mermaid sets on the whole diagram, its own grey.
        .replace(/rgb\(51, 51, 51\)/g, "var(--vp-c-text-1)");
      writeFileSync(join(cacheDir, `${hash}.svg`), themed);
      drawn.set(hash, themed);
    }
  } finally {
    await browser.close();
  }
  console.log(`mermaid: ${missing.size} diagram(s) drawn in ${Math.round(performance.now() - started)} ms`);
}

/** Runs in the page: draws one diagram, then turns its stylesheet into inline styles. */
async function render(args: { id: string; code: string; themeVariables: Record<string, string> }): Promise<string> {
  const mermaid = (globalThis as unknown as { mermaid: typeof import("mermaid").default }).mermaid;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: "strict",
    theme: "base",
    fontFamily: "Inter, ui-sans-serif, system-ui, sans-serif",
    themeVariables: { ...args.themeVariables, fontFamily: "Inter, ui-sans-serif, system-ui, sans-serif" },
  });
  const { svg } = await mermaid.render(args.id, args.code);
  const host = document.createElement("div");
  host.innerHTML = svg;
  document.body.append(host);
  const root = host.querySelector("svg")!;
  // Ids mermaid leaves unprefixed (markers) get the diagram's id, so two diagrams on a page never share one.
  for (const el of root.querySelectorAll("[id]")) if (!el.id.startsWith(args.id)) el.id = `${args.id}-${el.id}`;
  for (const el of root.querySelectorAll("*")) {
    for (const attr of ["marker-end", "marker-start", "href", "xlink:href"]) {
      const value = el.getAttribute(attr);
      if (value?.includes("#") && !value.includes(`#${args.id}`)) el.setAttribute(attr, value.replace(/#([\w-]+)/, `#${args.id}-$1`));
    }
  }
  const properties = [
    "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "opacity",
    "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline", "color",
  ];
  const elements = [root, ...root.querySelectorAll<SVGElement | HTMLElement>("*")];
  const styled = elements.map((el) => {
    const style = getComputedStyle(el);
    return properties.map((p) => style.getPropertyValue(p));
  });
  for (const style of root.querySelectorAll("style")) style.remove();
  // Parents first: a child inherits the inline styles already set on its parent, and gets only what differs.
  elements.forEach((el, n) => {
    if (el.localName === "style") return;
    const now = getComputedStyle(el);
    properties.forEach((p, i) => {
      if (now.getPropertyValue(p) !== styled[n]![i]) el.style.setProperty(p, styled[n]![i]!);
    });
  });
  root.style.setProperty("max-width", root.style.maxWidth || "100%");
  root.setAttribute("role", "img");
  const out = root.outerHTML;
  host.remove();
  return out;
}

/** Every page of the site's Markdown files under `dir`. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith(".") || entry === "node_modules") return [];
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? markdownFiles(path) : entry.endsWith(".md") ? [path] : [];
  });
}

/** The Vite plugin that draws every page's diagrams first, and an edited page's new ones. */
export function mermaidDrawing(siteDir: string): Plugin {
  const drawAll = () => drawDiagrams(markdownFiles(siteDir).flatMap((f) => diagramsIn(readFileSync(f, "utf8"))));
  return {
    name: "latch-mermaid",
    // Before VitePress's own plugins: its local search renders every page when the server starts.
    enforce: "pre",
    buildStart: drawAll,
    configureServer: drawAll,
    async transform(code, id) {
      if (id.endsWith(".md")) await drawDiagrams(diagramsIn(code));
      return null;
    },
  };
}

/** The markdown-it plugin: a ```mermaid fence renders as its drawn SVG. */
export function mermaidFences(md: MarkdownRenderer): void {
  const fallback = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    if (token.info.trim() !== "mermaid") return fallback(tokens, idx, options, env, self);
    const svg = drawn.get(hashOf(token.content));
    if (!svg) throw new Error(`mermaid diagram not drawn (${(env as { path?: string }).path}): ${token.content.slice(0, 80)}`);
    return `<figure class="mermaid-diagram">${svg}</figure>\n`;
  };
}
