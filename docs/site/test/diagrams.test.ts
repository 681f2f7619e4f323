/**
 * The flow diagrams as the built site holds them (`npm run docs:build`, built here first when it is
 * missing or older than its sources): each page's ```mermaid fence is an inline SVG drawn at build
 * time, with the text of its diagram and no `<style>` element, its source gone from the page, and
 * no page or asset of the site carrying mermaid's script.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { buildSiteIfStale, dist, filesUnder, site } from "./built-site.js";

/** The page whose source holds each diagram, and texts its drawing must show. */
const diagrams = [
  { page: "guides/providers", texts: ["Browser", "Your app (Latch)", "Provider", "token request (code, code_verifier, client authentication)"] },
  { page: "guides/email", texts: ["Mailbox", "Adapter", "useVerificationToken (spent, so it works once)"] },
  { page: "guides/passkeys", texts: ["Authenticator", "navigator.credentials.create() or .get()", "register", "authenticate"] },
  { page: "guides/second-factors", texts: ["POST /auth/second-factor (csrfToken, code)", "latch.second-factor cookie"] },
];

/** The SVGs of the diagrams drawn on a built page. */
function drawnOn(html: string): string[] {
  return [...html.matchAll(/<figure class="mermaid-diagram">(<svg[\s\S]*?<\/svg>)<\/figure>/g)].map((m) => m[1]!);
}

/** The text an SVG shows, its entities decoded. */
const textOf = (svg: string) =>
  [...svg.matchAll(/<(?:text|tspan)\b[^>]*>([^<]*)(?=<)/g)]
    .map((m) => m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&"))
    .join("\n");

describe("the flow diagrams of the built site", { timeout: 240_000 }, () => {
  beforeAll(buildSiteIfStale, 600_000);

  test.each(diagrams)("$page shows its flow as an inline SVG, not as source", ({ page, texts }) => {
    const source = readFileSync(join(site, `${page}.md`), "utf8");
    expect(source).toContain("```mermaid\nsequenceDiagram");
    const html = readFileSync(join(dist, `${page}.html`), "utf8");
    const svgs = drawnOn(html);
    expect(svgs).toHaveLength(1);
    const svg = svgs[0]!;
    expect(svg).toMatch(/^<svg id="mermaid-[0-9a-f]{16}"[^>]*aria-roledescription="sequence"/);
    const shown = textOf(svg);
    for (const text of texts) expect(shown).toContain(text);
    // Styles are inline, in the site's colours; Vue would drop a <style> element from the page.
    expect(svg).not.toContain("<style");
    expect(svg).toContain("var(--vp-c-text-1)");
    // Every id in the drawing is the diagram's own, and every reference points into it.
    const id = /^<svg id="([^"]+)"/.exec(svg)![1]!;
    for (const [, other] of svg.matchAll(/\sid="([^"]+)"/g)) expect(other!.startsWith(id)).toBe(true);
    for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ref!.startsWith(`${id}-`)).toBe(true);
    // The source is not left on the page.
    expect(html).not.toContain("language-mermaid");
    expect(html).not.toContain("sequenceDiagram");
    expect(html).not.toMatch(/<pre[^>]*>(?:(?!<\/pre>)[\s\S])*participant /);
  });

  test("no page of the site loads mermaid, and its assets hold none of its code", () => {
    const pages = filesUnder(dist, /^source$/).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) {
      for (const [, src] of readFileSync(page, "utf8").matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) expect(src).not.toMatch(/mermaid/i);
    }
    const scripts = filesUnder(dist, /^source$/).filter((f) => /\.m?js$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    for (const script of scripts) {
      expect(relative(dist, script)).not.toMatch(/mermaid/i);
      // Strings of mermaid's own bundle: its API object and its parser's diagram keyword.
      const code = readFileSync(script, "utf8");
      expect(code).not.toContain("mermaidAPI");
      expect(code).not.toContain("sequenceDiagram");
    }
  });
});
