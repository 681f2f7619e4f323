import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme, type MarkdownRenderer } from "vitepress";
import { mermaidDrawing, mermaidFences } from "./mermaid.js";

/**
 * The documentation site. Its pages are Markdown files under docs/site; files that stay where they
 * are (docs/ARCHITECTURE.md, docs/PROTOCOL.md, the packages' READMEs, which npm shows) are pulled
 * in with `<!--@include: …-->`, preceded by `<!--@base: …-->` naming the file, so that the links
 * they hold resolve from where they are written:
 *
 * - a link to a file that a page of the site shows (itself, or included) goes to that page, and to
 *   the heading its anchor names there;
 * - a link to any other file of the repository (a source file, a lock file) goes to a copy of it
 *   under /source/, written next to the site when it is built.
 *
 * Headings get GitHub's anchors, so the same `#anchor` works on GitHub and on the site. A link to
 * a page that does not exist fails the build (VitePress's dead-link check); the Chromium test
 * (docs/site/test/site-chromium.test.ts) crawls the built site for broken links and anchors.
 */

const siteDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = resolve(siteDir, "../..");
const toPosix = (p: string) => p.split("\\").join("/");
/** A path relative to the repository's root, posix style. */
const repoPath = (absolute: string) => toPosix(relative(repoRoot, absolute));

/** GitHub's anchor for a heading's text. */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** A heading of a Markdown text: its line and its GitHub anchor (`-1`, `-2` … after a repeated one). */
interface Heading {
  line: number;
  anchor: string;
}

/** The headings of Markdown text, outside code fences. */
function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  const seen = new Set<string>();
  let fence = false;
  lines.forEach((line, n) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && /^#{1,6} (.*?)\s*#*$/.exec(line);
    if (!heading) return;
    const base = slugify(heading[1]!.replace(/`/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    let anchor = base;
    for (let i = 1; seen.has(anchor); i++) anchor = `${base}-${i}`;
    seen.add(anchor);
    headings.push({ line: n, anchor });
  });
  return headings;
}

/** The lines (first and past the last) of a region (`<!-- #region name -->` … `<!-- #endregion name -->`). */
function region(lines: readonly string[], name: string): [number, number] {
  const start = lines.findIndex((l) => l.trim() === `<!-- #region ${name} -->`);
  const end = lines.findIndex((l) => l.trim() === `<!-- #endregion ${name} -->`);
  if (start < 0 || end < start) throw new Error(`no region ${name}`);
  return [start + 1, end];
}

/** Every page of the site, relative to docs/site. */
function sitePages(dir = siteDir): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(".") || entry === "node_modules" || entry === "test") continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) pages.push(...sitePages(path));
    else if (entry.endsWith(".md")) pages.push(toPosix(relative(siteDir, path)));
  }
  return pages;
}

/** Where a file of the repository is shown on the site. */
interface Shown {
  /** The page (relative to docs/site) that shows all of it, or its start. */
  page: string;
  /** Each anchor of the file (as GitHub makes it) → the page and the anchor the heading has there. */
  anchors: Map<string, { page: string; anchor: string }>;
}

/**
 * For each file of the repository a page shows (its own source, or an included file or region):
 * the page, and where each of its headings landed. A page's anchors are counted over the whole
 * page, its included parts with it, as VitePress renders them.
 */
function shownFiles(): Map<string, Shown> {
  const shown = new Map<string, Shown>();
  const entry = (file: string, page: string) => {
    const found = shown.get(file) ?? { page, anchors: new Map() };
    shown.set(file, found);
    return found;
  };
  for (const page of sitePages()) {
    const own = `docs/site/${page}`;
    // The page as rendered: its lines, each with the file and the line it comes from.
    const lines: { text: string; file: string; line: number }[] = [];
    const source = readFileSync(join(siteDir, page), "utf8").split("\n");
    const frontmatter = source[0] === "---" ? source.indexOf("---", 1) + 1 : 0;
    source.forEach((text, line) => {
      if (line < frontmatter) return;
      const include = /^<!--\s*@include:\s*(.*?)\s*-->$/.exec(text.trim());
      if (!include) return void lines.push({ text, file: own, line });
      const [path, name] = include[1]!.split("#");
      const file = repoPath(resolve(siteDir, dirname(page), path!));
      const included = readFileSync(join(repoRoot, file), "utf8").split("\n");
      const [from, to] = name ? region(included, name) : [0, included.length];
      for (let n = from; n < to; n++) lines.push({ text: included[n]!, file, line: n });
      // The page that shows the file whole, or its start, is where a link without an anchor goes.
      const shownAt = entry(file, page);
      if (from <= 1) shownAt.page = page;
    });
    entry(own, page);
    const fileAnchors = new Map<string, Map<number, string>>();
    for (const heading of headingsOf(lines.map((l) => l.text))) {
      const { file, line } = lines[heading.line]!;
      if (!fileAnchors.has(file)) {
        const text = file === own ? lines.filter((l) => l.file === own).map((l) => l.text) : readFileSync(join(repoRoot, file), "utf8").split("\n");
        const lineOf = file === own ? lines.filter((l) => l.file === own).map((l) => l.line) : text.map((_, n) => n);
        fileAnchors.set(file, new Map(headingsOf(text).map((h) => [lineOf[h.line]!, h.anchor])));
      }
      const anchor = fileAnchors.get(file)!.get(line);
      if (anchor) entry(file, page).anchors.set(anchor, { page, anchor: heading.anchor });
    }
  }
  return shown;
}

const shown = shownFiles();
/** Files of the repository linked from the site that no page shows: copied to /source/. */
const sourceFiles = new Set<string>();

/** Where a link to `file` (a path in the repository) and `anchor` goes on the site, if a page shows it. */
function pageFor(file: string, anchor: string): { page: string; anchor: string } | undefined {
  // The root README's sections moved to pages of the site: its anchors are looked up on every page.
  if (file === "README.md") {
    if (!anchor) return { page: "index.md", anchor: "" };
    for (const s of shown.values()) {
      const found = [...s.anchors.values()].find((a) => a.anchor === anchor && !a.page.startsWith("packages/"));
      if (found) return found;
    }
    return undefined;
  }
  const found = shown.get(file);
  if (!found) return undefined;
  if (!anchor) return { page: found.page, anchor: "" };
  return found.anchors.get(anchor) ?? { page: found.page, anchor };
}

/** The new href of a link written in `from` (a file of the repository) on page `page`, or undefined to keep it. */
function rewrite(href: string, from: string, page: string): { href: string; raw?: true } | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(href) || href.startsWith("/")) return undefined;
  const hash = href.indexOf("#");
  const path = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? "" : decodeURIComponent(href.slice(hash + 1));
  const target = path ? posix.normalize(posix.join(posix.dirname(from), path)) : from;
  if (target.startsWith("..")) return undefined;
  const pageDir = posix.dirname(`docs/site/${page}`);
  const onSite = ({ page: p, anchor: a }: { page: string; anchor: string }) => {
    const rel = posix.relative(pageDir, `docs/site/${p}`);
    return { href: `${rel.startsWith(".") ? rel : `./${rel}`}${a ? `#${a}` : ""}` };
  };
  if (!path && from === `docs/site/${page}`) return undefined;
  const found = pageFor(target.replace(/\/$/, ""), anchor);
  if (found) return onSite(found);
  const absolute = join(repoRoot, target);
  if (existsSync(absolute) && statSync(absolute).isDirectory()) {
    const readme = pageFor(posix.join(target.replace(/\/$/, ""), "README.md"), "");
    if (readme) return onSite(readme);
  }
  if (!existsSync(absolute)) throw new Error(`${from} (on ${page}) links to ${href}: no such file in the repository`);
  if (target.startsWith("docs/site/")) return undefined;
  if (anchor && target.endsWith(".md")) throw new Error(`${from} (on ${page}) links to ${href}: no page of the site shows ${target}`);
  sourceFiles.add(target);
  return { href: `/source/${target}${statSync(absolute).isDirectory() ? "/" : ""}`, raw: true };
}

/** Writes the copies of linked repository files (and a list of each linked folder) under `outDir`/source. */
function writeSources(outDir: string) {
  for (const file of sourceFiles) {
    const from = join(repoRoot, file);
    const to = join(outDir, "source", file);
    if (statSync(from).isDirectory()) {
      mkdirSync(to, { recursive: true });
      const entries = readdirSync(from).filter((e) => e !== "node_modules" && !e.startsWith("."));
      const items = entries.map((e) => `<li>${e}</li>`).join("");
      writeFileSync(join(to, "index.html"), `<!doctype html><meta charset="utf-8"><title>${file}</title><h1>${file}/</h1><ul>${items}</ul>`);
    } else {
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
    }
  }
}

/**
 * Pictures kept in docs/site/public (the screenshots of the built-in pages) are written into the
 * Markdown with a relative path, which GitHub shows; the site serves that folder at its root, so
 * the path becomes `/<path under public>`.
 */
function publicImages(md: MarkdownRenderer) {
  const publicDir = join(siteDir, "public");
  md.core.ruler.push("latch-public-images", (state) => {
    const env = state.env as { path?: string };
    if (!env.path) return;
    for (const token of state.tokens) {
      for (const child of token.children ?? []) {
        const src = child.type === "image" ? child.attrGet("src") : null;
        if (!src || /^[a-z][a-z+.-]*:/i.test(src) || src.startsWith("/")) continue;
        const file = resolve(dirname(env.path), decodeURIComponent(src));
        const inPublic = relative(publicDir, file);
        if (inPublic.startsWith("..") || isAbsolute(inPublic)) continue;
        if (!existsSync(file)) throw new Error(`${repoPath(env.path)} shows ${src}: no such file`);
        child.attrSet("src", `/${toPosix(inPublic)}`);
      }
    }
  });
}

/**
 * Headings of the API reference that name its structure, not an export or a member ("Returns",
 * "Parameters"), and the members every error class inherits from `Error`.
 */
const structuralHeadings = new Set(["Constructor", "Returns", "Parameters", "Example", "Type Parameters", "stack?", "stackTraceLimit", "prepareStackTrace()", "captureStackTrace()", "cause?"]);

/**
 * What the local search indexes of a page: its whole text, but of the generated API reference only
 * the names: each page's title (`Function: getAccessToken()`) and its members' headings. The
 * reference is most of the site's text, and its signatures, comments and per-member sections
 * ("Returns", "Parameters", …) would make the index, which every reader downloads at their first
 * search, several times larger.
 */
const searchText: NonNullable<DefaultTheme.LocalSearchOptions["_render"]> = (src, env, md) => {
  const html = md.render(src, env);
  if (env.frontmatter?.search === false) return "";
  if (!env.relativePath.startsWith("api/")) return html;
  const names = [...html.matchAll(/<h([13])\b[^>]*>([\s\S]*?)<\/h\1>/g)].filter(([, level, inner]) => {
    const text = inner!.replace(/<a class="header-anchor"[\s\S]*?<\/a>/g, "").replace(/<[^>]*>/g, "").replace(/&[#\w]+;/g, "").trim();
    return level === "1" || !structuralHeadings.has(text);
  });
  // Each heading followed by a text of its own (a line break): VitePress drops a section without text.
  return names.map(([heading]) => `${heading}\n`).join("");
};

/** The inline HTML the Markdown files use on purpose. */
const htmlTag = /^<(br ?\/?|\/?(kbd|sub|sup|details|summary)( [^>]*)?)>$/i;

export default defineConfig({
  title: "Latch",
  description: "Sign-in, sign-out and sessions for any web app built on web-standard Request/Response.",
  lang: "en",
  cleanUrls: false,
  lastUpdated: false,
  srcExclude: ["test/**"],
  markdown: {
    anchor: { slugify },
    config(md) {
      // ```mermaid fences: SVG drawn at build time (./mermaid.ts).
      mermaidFences(md);
      // Links resolve from the file they are written in: the page, or the file an @base marker names.
      md.core.ruler.push("latch-links", (state) => {
        const env = state.env as { path?: string };
        if (!env.path) return;
        const page = toPosix(relative(siteDir, env.path));
        let from = `docs/site/${page}`;
        for (const token of state.tokens) {
          if (token.type === "html_block") {
            const base = /<!--\s*@base:?\s*(.*?)\s*-->/.exec(token.content);
            if (base) from = base[1] ? repoPath(resolve(siteDir, dirname(page), base[1])) : `docs/site/${page}`;
            continue;
          }
          for (const child of token.children ?? []) {
            // `<id>`, `<engine>` in running text are placeholders, not HTML: shown as written.
            if (child.type === "html_inline" && !htmlTag.test(child.content)) child.type = "text";
            // A heading's own permalink is the page's, wherever the heading was written.
            if (child.type !== "link_open" || child.attrGet("class") === "header-anchor") continue;
            const href = child.attrGet("href");
            // The reader's own app (`http://localhost:3000`): opened beside the site, not checked as a page of it.
            if (href && /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(href)) {
              child.attrSet("target", "_blank");
              child.attrSet("rel", "noreferrer");
              continue;
            }
            const next = href && rewrite(href, from, page);
            if (!next) continue;
            child.attrSet("href", next.href);
            // Raw files are no pages: the router must not take them, VitePress must not check them as pages.
            if (next.raw) child.attrSet("target", "_self");
          }
        }
      });
      publicImages(md);
    },
  },
  buildEnd(site) {
    writeSources(site.outDir);
  },
  vite: {
    plugins: [
      // Draws the pages' Mermaid diagrams before VitePress renders the pages (./mermaid.ts).
      mermaidDrawing(siteDir),
      {
        name: "latch-sources",
        // `npm run docs` serves the repository's files under /source/ as the build copies them.
        configureServer(server) {
          server.middlewares.use("/source/", (req, res, next) => {
            const file = join(repoRoot, decodeURIComponent((req.url ?? "").split("?")[0]!));
            if (!file.startsWith(repoRoot) || !existsSync(file) || statSync(file).isDirectory()) return next();
            res.setHeader("content-type", "text/plain; charset=utf-8");
            res.end(readFileSync(file));
          });
        },
      },
    ],
  },
  themeConfig: {
    search: { provider: "local", options: { _render: searchText } },
    outline: [2, 3],
    nav: [
      { text: "Getting started", link: "/getting-started/express" },
      { text: "Guides", link: "/guides/sign-in-methods" },
      { text: "Migrating", link: "/migrating/from-authjs" },
      { text: "Concepts", link: "/concepts/architecture" },
      // The API reference: generated from the TSDoc into api/ by `npm run docs:api` (docs/typedoc.json).
      { text: "API", link: "/api/" },
    ],
    sidebar: [
      {
        text: "Getting started",
        items: [
          { text: "Express", link: "/getting-started/express" },
          { text: "Hono", link: "/getting-started/hono" },
          { text: "Fastify", link: "/getting-started/fastify" },
          { text: "SvelteKit", link: "/getting-started/sveltekit" },
          { text: "Next.js", link: "/getting-started/nextjs" },
          { text: "Astro", link: "/getting-started/astro" },
          { text: "React Router", link: "/getting-started/react-router" },
          { text: "SolidStart", link: "/getting-started/solid-start" },
          { text: "TanStack Start", link: "/getting-started/tanstack-start" },
          { text: "Nuxt", link: "/getting-started/nuxt" },
        ],
      },
      {
        text: "Guides",
        items: [
          { text: "Sign-in methods", link: "/guides/sign-in-methods" },
          { text: "OAuth and OpenID Connect providers", link: "/guides/providers" },
          { text: "Email links", link: "/guides/email" },
          { text: "Passwords", link: "/guides/passwords" },
          { text: "Passkeys", link: "/guides/passkeys" },
          { text: "Second factors", link: "/guides/second-factors" },
          { text: "Sessions", link: "/guides/sessions" },
          { text: "Session control", link: "/guides/session-control" },
          { text: "Access tokens", link: "/guides/access-tokens" },
          { text: "Apps and scripts (bearer sessions)", link: "/guides/bearer-sessions" },
          { text: "API keys", link: "/guides/api-keys" },
          { text: "Being the OAuth provider (and for MCP)", link: "/guides/oauth-provider" },
          { text: "Site administration", link: "/guides/administration" },
          { text: "Organizations", link: "/guides/organizations" },
          { text: "SCIM provisioning", link: "/guides/scim" },
          { text: "Enterprise single sign-on", link: "/guides/enterprise-sso" },
          { text: "Audit trail", link: "/guides/audit" },
          { text: "Account linking", link: "/guides/account-linking" },
          { text: "Provider tokens", link: "/guides/provider-tokens" },
          { text: "Rate limits and lockout", link: "/guides/rate-limits" },
          { text: "Languages", link: "/guides/languages" },
          { text: "Plugins", link: "/guides/plugins" },
          { text: "Adapters", link: "/guides/adapters" },
          { text: "CLI", link: "/guides/cli" },
          { text: "Runtimes", link: "/guides/runtimes" },
          { text: "Deployment and scaling", link: "/guides/deployment" },
          { text: "Scaling, measured", link: "/guides/scaling" },
          { text: "Configuration reference", link: "/guides/configuration" },
          { text: "Security", link: "/guides/security" },
          { text: "ASVS 5.0", link: "/guides/asvs" },
          { text: "Performance", link: "/guides/performance" },
        ],
      },
      {
        text: "Migrating",
        items: [
          { text: "From Auth.js", link: "/migrating/from-authjs" },
          { text: "From Better Auth", link: "/migrating/from-better-auth" },
        ],
      },
      {
        text: "Concepts",
        items: [
          { text: "Architecture", link: "/concepts/architecture" },
          { text: "Wire protocol", link: "/concepts/protocol" },
          { text: "Contributing", link: "/concepts/contributing" },
        ],
      },
      // The API reference: generated from the TSDoc into api/ by `npm run docs:api` (docs/typedoc.json).
      { text: "API reference", items: [{ text: "Every package and entry point", link: "/api/" }] },
      {
        text: "Packages",
        collapsed: true,
        items: [
          { text: "@latch/core", link: "/packages/core" },
          { text: "@latch/core providers", link: "/packages/core-providers" },
          { text: "@latch/express", link: "/packages/express" },
          { text: "@latch/hono", link: "/packages/hono" },
          { text: "@latch/fastify", link: "/packages/fastify" },
          { text: "@latch/sveltekit", link: "/packages/sveltekit" },
          { text: "@latch/next", link: "/packages/next" },
          { text: "@latch/astro", link: "/packages/astro" },
          { text: "@latch/react", link: "/packages/react" },
          { text: "@latch/react-router", link: "/packages/react-router" },
          { text: "@latch/solid-start", link: "/packages/solid-start" },
          { text: "@latch/tanstack-start", link: "/packages/tanstack-start" },
          { text: "@latch/nuxt", link: "/packages/nuxt" },
          { text: "@latch/oidc-provider", link: "/packages/oidc-provider" },
          { text: "@latch/prisma", link: "/packages/adapter-prisma" },
          { text: "@latch/pg", link: "/packages/adapter-pg" },
          { text: "@latch/typeorm", link: "/packages/adapter-typeorm" },
          { text: "@latch/drizzle", link: "/packages/adapter-drizzle" },
          { text: "@latch/kysely", link: "/packages/adapter-kysely" },
          { text: "@latch/redis", link: "/packages/adapter-redis" },
          { text: "@latch/xata", link: "/packages/adapter-xata" },
          { text: "@latch/cli", link: "/packages/cli" },
          { text: "@latch/sso", link: "/packages/sso" },
          { text: "@latch/adapter-test", link: "/packages/adapter-test" },
          { text: "@latch/testing", link: "/packages/testing" },
        ],
      },
      {
        text: "Example apps",
        collapsed: true,
        items: [
          { text: "Demo", link: "/examples/demo" },
          { text: "Express", link: "/examples/example-express" },
          { text: "Hono", link: "/examples/example-hono" },
          { text: "Fastify", link: "/examples/example-fastify" },
          { text: "SvelteKit", link: "/examples/example-sveltekit" },
          { text: "Next.js 16", link: "/examples/example-next" },
          { text: "Next.js 15 (from Auth.js)", link: "/examples/example-next15" },
          { text: "Astro", link: "/examples/example-astro" },
          { text: "React Router", link: "/examples/example-react-router" },
          { text: "SolidStart", link: "/examples/example-solid-start" },
          { text: "TanStack Start", link: "/examples/example-tanstack-start" },
          { text: "Nuxt", link: "/examples/example-nuxt" },
        ],
      },
    ],
  },
});
