/**
 * Every TypeScript block of the documentation compiles against the built packages: the pages under
 * docs/ (the site's and the Markdown beside it), the README and the package READMEs the site's
 * package pages include.
 *
 * A block is a file of an example when its fence carries a title:
 *
 *     ```ts title=auth.ts
 *
 * The titled blocks of a page are written into one folder, each under its title, so they import
 * each other as the page shows (`./auth.js`). A file titled again is a variant (the README's
 * `auth.ts` with a database after the Express walkthrough's): it starts a new folder holding the
 * page's other files so far and the variant, while the earlier folder is checked as it was. A page
 * whose example imports a file shown on another page names it in its front matter:
 *
 *     uses:
 *       - users.ts from express.md as src/lib/server/users.ts
 *
 * (the titled block `users.ts` of `express.md`, beside the page, written at `src/lib/server/users.ts`;
 * without `as`, under its own title). A page without front matter (a package README, which npm and
 * GitHub show too) gives the same list in an HTML comment, `<!-- uses:` and the lines, then `-->`.
 *
 * A block without a title is a snippet: a module of its own (`snippet-<line>.ts`) in the folder its
 * page has at that point, so it may import the page's titled files. A snippet is complete code, its
 * imports and declarations shown. Where the setup a snippet leans on would only hide its point, an
 * HTML comment right before the fence holds it, and its lines are put before the block's when it is
 * checked (readers of the page, on the site, GitHub or npm, do not see it):
 *
 *     <!-- ts-context
 *     declare const pool: import("pg").Pool
 *     -->
 *     ```ts
 *
 * The folders are type-checked with `tsc --noEmit` (several in one run where nothing they declare can
 * reach another, see `check`) from under the repository's node_modules, where
 * `@latch/*` resolve through the workspace links to their `dist` types, as in an app that installed
 * them: as Node runs it (NodeNext), or as a bundler does when its files are a Next.js or SvelteKit
 * app's (JSX, `next`, `@sveltejs/kit`, their Latch packages, the `@/` and `$lib/` aliases). A SvelteKit
 * route file that imports `./$types` gets that module beside it, written here in the shape
 * `svelte-kit sync` generates for a route without layouts (sync itself needs a whole app: a
 * `svelte.config.js`, the routes' Svelte files). A file that imports an app's generated Prisma
 * client (`./generated/prisma/client.js`) gets the client `prisma generate` wrote from
 * `@latch/prisma`'s PostgreSQL schema (`npm run generate -w @latch/prisma`), the schema the
 * pages tell an app to take.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const work = join(root, "node_modules/.cache/doc-blocks");
const compiled = new Set(["ts", "tsx", "typescript", "mts", "cts"]);

/** A fenced block of a Markdown page. */
interface Block {
  page: string;
  line: number;
  lang: string;
  title: string | undefined;
  code: string;
  /** Lines of a `<!-- ts-context … -->` comment right before the fence, put before `code` when checked. */
  context: string;
}

/** A block as written into a folder: its path there (the title, or `snippet-<line>.<ext>`). */
interface File extends Block {
  path: string;
  snippet: boolean;
}

/** The title in a fence's info string: `title=auth.ts`, `title="auth.ts"` or `title='auth.ts'`. */
function titleOf(info: string): string | undefined {
  return /(?:^|\s)title=(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(info)?.slice(1).find((v) => v !== undefined);
}

/** The body of a `<!-- ts-context … -->` comment whose `-->` is on the line `end`, or "". */
function contextBefore(lines: string[], end: number, indent: string): string {
  if (end < 0 || lines[end]!.trim() !== "-->") return "";
  for (let start = end - 1; start >= 0; start--) {
    const line = lines[start]!.trim();
    if (line === "<!-- ts-context") return lines.slice(start + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join("\n") + "\n";
    if (line.startsWith("<!--") || line.includes("-->")) return "";
  }
  return "";
}

/** The fenced code blocks of a Markdown text (``` and ~~~ fences, indented up to a list's depth). */
function blocksOf(page: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    const lang = info.trim().split(/\s+/)[0]!.toLowerCase();
    blocks.push({ page, line: i + 1, lang, title: titleOf(info), code: body.join("\n") + "\n", context: contextBefore(lines, i - 1, indent) });
    i = j;
  }
  return blocks;
}

/**
 * Pages whose blocks need a framework the root install leaves out: React Router 8 needs Node 22, so
 * it is installed only in its example's own lock file, and the Five minutes page's blocks are built
 * and run there, on Node 24, by apps/example-react-router/test/quick-start.test.ts. SolidStart 2
 * needs Node 24: its page is built and run by apps/example-solid-start/test/quick-start.test.ts.
 * TanStack Start likewise, by apps/example-tanstack-start/test/quick-start.test.ts. Nuxt's blocks
 * lean on its auto-imports (`defineNuxtConfig`, `useSession`…), which only a Nuxt build provides:
 * apps/example-nuxt/test/quick-start.test.ts builds and runs the Five minutes page's.
 */
const checkedElsewhere = new Set([
  "packages/react-router/README.md",
  "docs/site/getting-started/react-router.md",
  "packages/solid-start/README.md",
  "docs/site/getting-started/solid-start.md",
  "packages/tanstack-start/README.md",
  "docs/site/getting-started/tanstack-start.md",
  "packages/nuxt/README.md",
  "docs/site/getting-started/nuxt.md",
]);

/** README.md, the package READMEs the site includes, and every Markdown page under docs/ (the generated API reference aside). */
function pages(): string[] {
  const found = ["README.md"];
  for (const pkg of readdirSync(join(root, "packages")).sort()) {
    if (existsSync(join(root, "packages", pkg, "README.md"))) found.push(`packages/${pkg}/README.md`);
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!/^(node_modules|\.vitepress|dist|cache)$/.test(entry.name) && path !== "docs/site/api") walk(path);
      } else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found.filter((page) => !checkedElsewhere.has(page));
}

/** A file of another page that a page's example imports: `uses:` in its front matter. */
interface Use {
  title: string;
  from: string;
  as: string;
}

/** The `uses:` list of a page's front matter, or of a `<!-- uses: … -->` comment (`- users.ts from express.md as src/lib/server/users.ts`). */
function usesOf(page: string, text: string): Use[] {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  const list = (front && /^uses:\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(front)?.[1]) || /^<!-- uses:\n((?:[ \t]+-[^\n]*\n)+)-->$/m.exec(text)?.[1];
  if (!list) return [];
  return list.split("\n").filter((l) => l.trim()).map((line) => {
    const use = /^\s+-\s+(\S+)\s+from\s+(\S+?\.md)(?:\s+as\s+(\S+))?\s*$/.exec(line);
    if (!use) throw new Error(`${page}: front matter uses: "${line.trim()}" is not "<title> from <page>.md [as <path>]"`);
    return { title: use[1]!, from: join(dirname(page), use[2]!).split("\\").join("/"), as: use[3] ?? use[1]! };
  });
}

/** A folder to type-check: files of one page (and those it uses), written under their paths. */
interface Folder {
  dir: string;
  page: string;
  files: File[];
}

/**
 * The TypeScript blocks of pages (`[path, text]`), in folders. Titled blocks go in under their
 * title; a title given again starts a new folder. Files a page `uses:` from another page come first
 * in each of its folders, under their `as`. A snippet joins the folder its page has where it stands
 * (the first one when it comes before any titled block; one of its own on a page without titles).
 */
function projects(texts: [string, string][]): Folder[] {
  const out: Folder[] = [];
  const byPage = new Map(texts);
  for (const [page, text] of texts) {
    const used = usesOf(page, text).map((use): File => {
      const other = byPage.get(use.from);
      if (other === undefined) throw new Error(`${page}: uses ${use.title} from ${use.from}, which is not a page`);
      const found = blocksOf(use.from, other).filter((b) => b.title === use.title && compiled.has(b.lang));
      if (found.length !== 1) throw new Error(`${page}: uses ${use.title} from ${use.from}, which has ${found.length} blocks titled so`);
      return { ...found[0]!, path: use.as, snippet: false };
    });
    const dir = () => `${page.replace(/\.md$/, "").replace(/[^\w-]+/g, "_")}-${out.length}`;
    let current: Folder | undefined;
    const waiting: File[] = [];
    for (const block of blocksOf(page, text)) {
      if (!compiled.has(block.lang)) continue;
      if (!block.title) {
        const file = { ...block, path: `snippet-${block.line}.${block.lang === "tsx" ? "tsx" : "ts"}`, snippet: true };
        (current ? current.files : waiting).push(file);
        continue;
      }
      if (!current || current.files.some((f) => f.path === block.title)) {
        const kept = current ? current.files.filter((f) => !f.snippet && f.path !== block.title) : [...used, ...waiting.splice(0)];
        current = { dir: dir(), page, files: kept };
        out.push(current);
      }
      current.files.push({ ...block, path: block.title, snippet: false });
    }
    if (!current && waiting.length) out.push({ dir: dir(), page, files: [...used, ...waiting] });
  }
  return out;
}

/** Files a bundler compiles (a Next.js or SvelteKit app's), not Node: resolved as bundlers do. */
/** The Prisma client generated from `@latch/prisma`'s PostgreSQL schema. */
const prismaClient = join(root, "packages/adapter-prisma/generated/postgresql");

const bundled = /\bfrom\s+["'](?:next|react|@sveltejs\/kit|@latch\/(?:next|sveltekit)|@\/|\$lib\/|\.\/\$types)/;

const tsconfig = (bundler: boolean) => ({
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    module: bundler ? "preserve" : "NodeNext",
    moduleResolution: bundler ? "bundler" : "NodeNext",
    // A snippet without import or export is a module too: its names are its own, `await` works at its top.
    moduleDetection: "force",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    verbatimModuleSyntax: true,
    experimentalDecorators: true,
    jsx: "preserve",
    types: ["node"],
    // The aliases the frameworks' starters set up: Next.js's `@/…`, SvelteKit's `$lib/…`.
    paths: { "@/*": ["./*"], "$lib/*": ["./src/lib/*"] },
  },
  include: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"],
});

/**
 * The `$types` module of the SvelteKit route a file at `path` serves (`src/routes/dashboard/+page.server.ts`),
 * as `svelte-kit sync` writes it for a route with no layout above it; undefined for other files.
 */
function routeTypes(path: string): string | undefined {
  const route = /^src\/routes((?:\/[^/]+)*)\/\+(page|layout)(?:\.server)?\.ts$/.exec(path);
  if (!route) return undefined;
  const id = route[1] || "/";
  const params = [...id.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => `${m[1]}: string`).join("; ");
  return [
    `import type * as Kit from "@sveltejs/kit";`,
    `type RouteParams = { ${params} };`,
    `type RouteId = ${JSON.stringify(id)};`,
    `type ParentData = {};`,
    `type OutputDataShape = Record<string, any> | void;`,
    `export type PageServerLoad<OutputData extends OutputDataShape = OutputDataShape> = Kit.ServerLoad<RouteParams, ParentData, OutputData, RouteId>;`,
    `export type PageServerLoadEvent = Parameters<PageServerLoad>[0];`,
    `export type PageLoad<OutputData extends OutputDataShape = OutputDataShape> = Kit.Load<RouteParams, ParentData, ParentData, OutputData, RouteId>;`,
    `export type LayoutServerLoad<OutputData extends OutputDataShape = OutputDataShape> = Kit.ServerLoad<RouteParams, ParentData, OutputData, RouteId>;`,
    `export type Action<OutputData extends Record<string, any> | void = Record<string, any> | void> = Kit.Action<RouteParams, OutputData, RouteId>;`,
    `export type Actions<OutputData extends Record<string, any> | void = Record<string, any> | void> = Kit.Actions<RouteParams, OutputData, RouteId>;`,
    `export type RequestEvent = Kit.RequestEvent<RouteParams, RouteId>;`,
    "",
  ].join("\n");
}

/** What checking folders found: the messages of tsc, at the pages' lines, and the blocks compiled. */
interface Checked {
  failures: string[];
  files: File[];
}

/**
 * Writes each folder under `into` and type-checks it with tsc; a message names the page's line.
 * Folders that Node resolves and that change no module's types (no `declare module`/`declare
 * global`) share one tsc run, each still in its own directory: tsc's start costs more than most
 * pages' files. A bundler's folder (its `@/` and `$lib/` aliases are the folder's root) or one that
 * augments a module runs alone, so its declarations reach no other page's files.
 */
async function check(folders: Folder[], into: string): Promise<Checked> {
  rmSync(into, { recursive: true, force: true });
  const failures: string[] = [];
  const files = new Map<string, File>();
  /** tsc runs: the directory of a tsconfig.json, and the files under it, each at its path there. */
  const runs = new Map<string, { bundler: boolean; files: { file: File; path: string }[] }>();
  const shared = join(into, "node");
  for (const folder of folders) {
    const bundler = folder.files.some((f) => f.lang === "tsx" || bundled.test(f.context + f.code));
    const alone = bundler || folder.files.some((f) => /^\s*declare\s+(module|global)\b/m.test(f.context + f.code));
    const at = alone ? join(into, folder.dir) : shared;
    const group = runs.get(at) ?? { bundler, files: [] };
    runs.set(at, group);
    const base = join(at, alone ? "" : folder.dir);
    for (const file of folder.files) {
      const path = join(base, file.path);
      if (relative(base, path).startsWith("..")) throw new Error(`${folder.page}:${file.line}: title ${file.path} leaves its folder`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.context + file.code);
      group.files.push({ file, path });
      const types = /["']\.\/\$types(?:\.js)?["']/.test(file.code) && routeTypes(file.path);
      if (types) writeFileSync(join(dirname(path), "$types.d.ts"), types);
      if (/["']\.\/generated\/prisma\/client(?:\.js)?["']/.test(file.code) && !existsSync(join(dirname(path), "generated/prisma"))) {
        mkdirSync(join(dirname(path), "generated"), { recursive: true });
        symlinkSync(prismaClient, join(dirname(path), "generated/prisma"), "dir");
      }
      files.set(`${file.page}:${file.line}`, file);
    }
    writeFileSync(join(base, "package.json"), JSON.stringify({ type: "module", private: true }));
  }
  for (const [at, { bundler, files: inRun }] of runs) {
    writeFileSync(join(at, "tsconfig.json"), JSON.stringify(tsconfig(bundler), null, 2));
    try {
      await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(at, "tsconfig.json"), "--noEmit", "--pretty", "false"], { cwd: at, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const output = String((error as { stdout?: string }).stdout ?? error);
      for (const message of output.split("\n").filter(Boolean)) {
        // "guide-3/auth.ts(3,10): error TS2305: …" → the page, the block's line and path.
        const where = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(message);
        const file = where && inRun.find((f) => f.path === join(at, where[1]!))?.file;
        if (!file) {
          failures.push(`${relative(into, at) || "."}: ${message}`);
          continue;
        }
        const line = Number(where![2]) - file.context.split("\n").length + 1;
        failures.push(line > 0 ? `${file.page}:${file.line + line} (block ${file.path}, line ${line}): ${where![4]}` : `${file.page}:${file.line} (block ${file.path}, its ts-context, line ${where![2]}): ${where![4]}`);
      }
    }
  }
  return { failures, files: [...files.values()] };
}

describe("the documentation's TypeScript blocks", () => {
  const fence = (info: string, code: string) => ["```" + info, code, "```"].join("\n");

  test("blocks are read from the fence, titled with or without quotes, with the context a comment before them holds", () => {
    const text = ["# Page", "```ts title=auth.ts", "export const a = 1", "```", "", "- a list", "  ```tsx title=\"app/page.tsx\" {2}", "  export default 1", "  ```", "```ts", "snippet", "```", "<!-- ts-context", "declare const pool: unknown", "-->", "```ts", "pool", "```", "<!-- a note -->", "```ts", "x", "```"].join("\n");
    expect(blocksOf("p.md", text).map((b) => [b.line, b.lang, b.title, b.code, b.context])).toEqual([
      [2, "ts", "auth.ts", "export const a = 1\n", ""],
      [7, "tsx", "app/page.tsx", "export default 1\n", ""],
      [10, "ts", undefined, "snippet\n", ""],
      [16, "ts", undefined, "pool\n", "declare const pool: unknown\n"],
      [20, "ts", undefined, "x\n", ""],
    ]);
  });

  test("a page's titled files share a folder; a file titled again starts one with the others so far; snippets join the folder where they stand", () => {
    const text = [fence("ts", "s0"), fence("ts title=users.ts", "u"), fence("ts title=auth.ts", "a1"), fence("ts", "s1"), fence("sh title=run.sh", "x"), fence("ts title=server.ts", "s"), fence("ts title=auth.ts", "a2"), fence("tsx", "s2")].join("\n\n");
    const folders = projects([["guide.md", text], ["other.md", fence("tsx title=app/page.tsx", "p")], ["plain.md", fence("ts", "only")]]);
    expect(folders.map((f) => [f.page, f.files.map((b) => `${b.path}:${b.code.trim()}`)])).toEqual([
      ["guide.md", ["snippet-1.ts:s0", "users.ts:u", "auth.ts:a1", "snippet-13.ts:s1", "server.ts:s"]],
      ["guide.md", ["users.ts:u", "server.ts:s", "auth.ts:a2", "snippet-29.tsx:s2"]],
      ["other.md", ["app/page.tsx:p"]],
      ["plain.md", ["snippet-1.ts:only"]],
    ]);
  });

  test("a page's front matter brings in files of another page, under the path it names", () => {
    const express = [fence("ts title=users.ts", "u"), fence("ts title=server.ts", "s")].join("\n\n");
    const kit = ["---", "uses:", "  - users.ts from express.md as src/lib/server/users.ts", "---", "", fence("ts title=src/auth.ts", "a")].join("\n");
    const next = ["---", "uses:", "  - users.ts from express.md", "---", "", fence("ts title=auth.ts", "n")].join("\n");
    const folders = projects([["docs/start/express.md", express], ["docs/start/kit.md", kit], ["docs/start/next.md", next]]);
    expect(folders.map((f) => [f.page, f.files.map((b) => `${b.page}:${b.path}:${b.code.trim()}`)])).toEqual([
      ["docs/start/express.md", ["docs/start/express.md:users.ts:u", "docs/start/express.md:server.ts:s"]],
      ["docs/start/kit.md", ["docs/start/express.md:src/lib/server/users.ts:u", "docs/start/kit.md:src/auth.ts:a"]],
      ["docs/start/next.md", ["docs/start/express.md:users.ts:u", "docs/start/next.md:auth.ts:n"]],
    ]);
    expect(() => projects([["docs/start/kit.md", kit.replace("users.ts from", "people.ts from")], ["docs/start/express.md", express]])).toThrow(/0 blocks titled so/);
    expect(() => projects([["docs/start/kit.md", kit]])).toThrow(/not a page/);
    const readme = ["# @latch/kit", "<!-- uses:", "  - users.ts from express.md as src/lib/server/users.ts", "-->", fence("ts title=src/auth.ts", "r")].join("\n");
    expect(projects([["docs/start/express.md", express], ["docs/start/README.md", readme]])[1]!.files.map((b) => `${b.page}:${b.path}`)).toEqual(["docs/start/express.md:src/lib/server/users.ts", "docs/start/README.md:src/auth.ts"]);
  });

  test("a type error in a block, titled or not, fails the check at the page's line; its context and the files it imports make it compile", { timeout: 120_000 }, async () => {
    const guide = [
      "# Guide",
      fence("ts title=auth.ts", "export const limit: number = 3"),
      "<!-- ts-context",
      "declare const request: Request",
      "-->",
      fence("ts", 'import { limit } from "./auth.js"\nconst n: number = limit + request.url.length'),
      fence("ts", 'const wrong: number = "three"'),
      fence("ts", "const url: string = request.url"),
    ].join("\n");
    // Another page's files of the same names, in the same tsc run: each page's own are imported.
    const other = [fence("ts title=auth.ts", 'export const limit = "three"'), fence("ts", 'import { limit } from "./auth.js"\nexport const n: number = limit')].join("\n");
    const kit = fence("ts title=src/routes/[id]/+page.server.ts", 'import type { PageServerLoad } from "./$types"\nexport const load: PageServerLoad = ({ params }) => ({ id: params.id.toUpperCase(), name: params.name })');
    // A global one page declares reaches no other page.
    const global = [fence("ts", "declare global { var docsCounter: number }\nexport const n: number = docsCounter"), ""].join("\n");
    const reader = fence("ts", "export const n: number = docsCounter");
    const texts: [string, string][] = [["docs/guide.md", guide], ["docs/other.md", other], ["docs/kit.md", kit], ["docs/global.md", global], ["docs/reader.md", reader]];
    const { failures, files } = await check(projects(texts), join(work, "fixture"));
    expect(files.map((f) => `${f.page}:${f.path}:${f.snippet}`)).toEqual([
      "docs/guide.md:auth.ts:false",
      "docs/guide.md:snippet-8.ts:true",
      "docs/guide.md:snippet-12.ts:true",
      "docs/guide.md:snippet-15.ts:true",
      "docs/other.md:auth.ts:false",
      "docs/other.md:snippet-4.ts:true",
      "docs/kit.md:src/routes/[id]/+page.server.ts:false",
      "docs/global.md:snippet-1.ts:true",
      "docs/reader.md:snippet-1.ts:true",
    ]);
    expect(failures.sort()).toEqual([
      expect.stringMatching(/^docs\/guide\.md:13 \(block snippet-12\.ts, line 1\): error TS2322: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/^docs\/guide\.md:16 \(block snippet-15\.ts, line 1\): error TS\d+: Cannot find name 'request'/),
      expect.stringMatching(/^docs\/kit\.md:3 \(block src\/routes\/\[id\]\/\+page\.server\.ts, line 2\): error TS2339: Property 'name' does not exist/),
      expect.stringMatching(/^docs\/other\.md:6 \(block snippet-4\.ts, line 2\): error TS2322: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/^docs\/reader\.md:2 \(block snippet-1\.ts, line 1\): error TS2304: Cannot find name 'docsCounter'/),
    ]);
  });

  test("every TypeScript block compiles against the built packages", { timeout: 600_000 }, async () => {
    for (const pkg of ["core", "express", "next", "sveltekit"]) {
      expect(existsSync(join(root, "packages", pkg, "dist/index.d.ts")), `packages/${pkg}/dist is missing: npm run build`).toBe(true);
    }
    expect(existsSync(join(prismaClient, "client.ts")), "the Prisma client is not generated: npm run generate -w @latch/prisma").toBe(true);
    const found = projects(pages().map((page) => [page, readFileSync(join(root, page), "utf8")]));
    const { failures, files } = await check(found, join(work, "pages"));
    const examples = files.filter((f) => !f.snippet).length;
    console.log(`doc blocks: ${files.length} TypeScript blocks compiled: ${examples} example files, ${files.length - examples} snippets, from ${new Set(files.map((f) => f.page)).size} pages (${found.length} folders)`);
    expect(failures, failures.join("\n")).toEqual([]);
    expect(examples).toBeGreaterThan(0);
    expect(files.length - examples).toBeGreaterThan(0);
  });
});
