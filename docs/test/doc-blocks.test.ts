/**
 * Every TypeScript block of the documentation that is a file of an example compiles against the
 * built packages. A block is such a file when its fence carries a title:
 *
 *     ```ts title=auth.ts
 *
 * (blocks without `title=` are illustrative snippets and are not compiled). The titled blocks of
 * a page are written into one folder, each under its title, so they import each other as the
 * page shows (`./auth.js`). A file titled again is a variant (the README's `auth.ts` with a
 * database after the Express walkthrough's): it starts a new folder holding the page's other
 * files so far and the variant, while the earlier folder is checked as it was. A page whose
 * example imports a file shown on another page names it in its front matter:
 *
 *     uses:
 *       - users.ts from express.md as src/lib/server/users.ts
 *
 * (the titled block `users.ts` of `express.md`, beside the page, written at `src/lib/server/users.ts`;
 * without `as`, under its own title). Each folder is
 * type-checked with `tsc --noEmit` from under the repository's node_modules, where `@latch/*`
 * resolve through the workspace links to their `dist` types, as in an app that installed them:
 * as Node runs it (NodeNext), or as a bundler does when its files are a Next.js or SvelteKit
 * app's (JSX, `next`, `@sveltejs/kit`, their Latch packages, the `@/` and `$lib/` aliases).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
}

/** The title in a fence's info string: `title=auth.ts`, `title="auth.ts"` or `title='auth.ts'`. */
function titleOf(info: string): string | undefined {
  return /(?:^|\s)title=(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(info)?.slice(1).find((v) => v !== undefined);
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
    blocks.push({ page, line: i + 1, lang: info.trim().split(/\s+/)[0]!.toLowerCase(), title: titleOf(info), code: body.join("\n") + "\n" });
    i = j;
  }
  return blocks;
}

/** README.md and every Markdown page under docs/ (the generated API reference aside). */
function pages(): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!/^(node_modules|\.vitepress|dist|cache)$/.test(entry.name) && path !== "docs/site/api") walk(path);
      } else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found;
}

/** A file of another page that a page's example imports: `uses:` in its front matter. */
interface Use {
  title: string;
  from: string;
  as: string;
}

/** The `uses:` list of a page's front matter (`- users.ts from express.md as src/lib/server/users.ts`). */
function usesOf(page: string, text: string): Use[] {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  const list = front && /^uses:\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(front)?.[1];
  if (!list) return [];
  return list.split("\n").filter((l) => l.trim()).map((line) => {
    const use = /^\s+-\s+(\S+)\s+from\s+(\S+?\.md)(?:\s+as\s+(\S+))?\s*$/.exec(line);
    if (!use) throw new Error(`${page}: front matter uses: "${line.trim()}" is not "<title> from <page>.md [as <path>]"`);
    return { title: use[1]!, from: join(dirname(page), use[2]!).split("\\").join("/"), as: use[3] ?? use[1]! };
  });
}

/**
 * The titled TypeScript blocks of pages (`[path, text]`), in folders: a title given again starts a
 * new one. Files a page `uses:` from another page come first in each of its folders, under their `as`.
 */
function projects(texts: [string, string][]): { dir: string; page: string; files: Block[] }[] {
  const out: { dir: string; page: string; files: Block[] }[] = [];
  const byPage = new Map(texts);
  for (const [page, text] of texts) {
    const used = usesOf(page, text).map((use) => {
      const other = byPage.get(use.from);
      if (other === undefined) throw new Error(`${page}: uses ${use.title} from ${use.from}, which is not a page`);
      const found = blocksOf(use.from, other).filter((b) => b.title === use.title && compiled.has(b.lang));
      if (found.length !== 1) throw new Error(`${page}: uses ${use.title} from ${use.from}, which has ${found.length} blocks titled so`);
      return { ...found[0]!, title: use.as };
    });
    let current: Block[] | undefined = used.length ? [...used] : undefined;
    let started = false;
    for (const block of blocksOf(page, text)) {
      if (!block.title || !compiled.has(block.lang)) continue;
      if (!started || current!.some((b) => b.title === block.title)) {
        current = (current ?? []).filter((b) => b.title !== block.title);
        out.push({ dir: `${page.replace(/\.md$/, "").replace(/[^\w-]+/g, "_")}-${out.length}`, page, files: current });
        started = true;
      }
      current!.push(block);
    }
  }
  return out;
}

/** Files a bundler compiles (a Next.js or SvelteKit app's), not Node: resolved as bundlers do. */
const bundled = /\bfrom\s+["'](?:next|react|@sveltejs\/kit|@latch\/(?:next|sveltekit)|@\/|\$lib\/)/;

const tsconfig = (bundler: boolean) => ({
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    module: bundler ? "preserve" : "NodeNext",
    moduleResolution: bundler ? "bundler" : "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    verbatimModuleSyntax: true,
    jsx: "preserve",
    types: ["node"],
    // The aliases the frameworks' starters set up: Next.js's `@/…`, SvelteKit's `$lib/…`.
    paths: { "@/*": ["./*"], "$lib/*": ["./src/lib/*"] },
  },
  include: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"],
});

describe("the documentation's example files", () => {
  test("titled blocks are read from the fence, with or without quotes", () => {
    const text = ["# Page", "```ts title=auth.ts", "export const a = 1", "```", "", "- a list", "  ```tsx title=\"app/page.tsx\" {2}", "  export default 1", "  ```", "```ts", "snippet", "```"].join("\n");
    expect(blocksOf("p.md", text).map((b) => [b.line, b.lang, b.title, b.code])).toEqual([
      [2, "ts", "auth.ts", "export const a = 1\n"],
      [7, "tsx", "app/page.tsx", "export default 1\n"],
      [10, "ts", undefined, "snippet\n"],
    ]);
  });

  test("a page's titled files share a folder; a file titled again starts one with the others so far", () => {
    const fence = (info: string, code: string) => ["```" + info, code, "```"].join("\n");
    const text = [fence("ts title=users.ts", "u"), fence("ts title=auth.ts", "a1"), fence("ts", "snippet"), fence("sh title=run.sh", "x"), fence("ts title=server.ts", "s"), fence("ts title=auth.ts", "a2")].join("\n\n");
    const folders = projects([["guide.md", text], ["other.md", fence("tsx title=app/page.tsx", "p")]]);
    expect(folders.map((f) => [f.page, f.files.map((b) => `${b.title}:${b.code.trim()}`)])).toEqual([
      ["guide.md", ["users.ts:u", "auth.ts:a1", "server.ts:s"]],
      ["guide.md", ["users.ts:u", "server.ts:s", "auth.ts:a2"]],
      ["other.md", ["app/page.tsx:p"]],
    ]);
  });

  test("a page's front matter brings in files of another page, under the path it names", () => {
    const fence = (info: string, code: string) => ["```" + info, code, "```"].join("\n");
    const express = [fence("ts title=users.ts", "u"), fence("ts title=server.ts", "s")].join("\n\n");
    const kit = ["---", "uses:", "  - users.ts from express.md as src/lib/server/users.ts", "---", "", fence("ts title=src/auth.ts", "a")].join("\n");
    const next = ["---", "uses:", "  - users.ts from express.md", "---", "", fence("ts title=auth.ts", "n")].join("\n");
    const folders = projects([["docs/start/express.md", express], ["docs/start/kit.md", kit], ["docs/start/next.md", next]]);
    expect(folders.map((f) => [f.page, f.files.map((b) => `${b.page}:${b.title}:${b.code.trim()}`)])).toEqual([
      ["docs/start/express.md", ["docs/start/express.md:users.ts:u", "docs/start/express.md:server.ts:s"]],
      ["docs/start/kit.md", ["docs/start/express.md:src/lib/server/users.ts:u", "docs/start/kit.md:src/auth.ts:a"]],
      ["docs/start/next.md", ["docs/start/express.md:users.ts:u", "docs/start/next.md:auth.ts:n"]],
    ]);
    expect(() => projects([["docs/start/kit.md", kit.replace("users.ts from", "people.ts from")], ["docs/start/express.md", express]])).toThrow(/0 blocks titled so/);
    expect(() => projects([["docs/start/kit.md", kit]])).toThrow(/not a page/);
  });

  test("every titled TypeScript block compiles against the built packages", { timeout: 300_000 }, async () => {
    for (const pkg of ["core", "express", "next", "sveltekit"]) {
      expect(existsSync(join(root, "packages", pkg, "dist/index.d.ts")), `packages/${pkg}/dist is missing: npm run build`).toBe(true);
    }
    rmSync(work, { recursive: true, force: true });
    const found = projects(pages().map((page) => [page, readFileSync(join(root, page), "utf8")]));
    const failures: string[] = [];
    const checked = new Set<string>();
    for (const { dir, page, files } of found) {
      const base = join(work, dir);
      for (const file of files) {
        const path = join(base, file.title!);
        expect(relative(base, path).startsWith(".."), `${page}:${file.line}: title ${file.title} leaves its folder`).toBe(false);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.code);
      }
      writeFileSync(join(base, "package.json"), JSON.stringify({ type: "module", private: true }));
      const bundler = files.some((f) => f.lang === "tsx" || bundled.test(f.code));
      writeFileSync(join(base, "tsconfig.json"), JSON.stringify(tsconfig(bundler), null, 2));
      for (const file of files) checked.add(`${file.page}:${file.line}`);
      try {
        await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(base, "tsconfig.json"), "--noEmit", "--pretty", "false"], { cwd: base, maxBuffer: 16 * 1024 * 1024 });
      } catch (error) {
        const output = String((error as { stdout?: string }).stdout ?? error);
        for (const message of output.split("\n").filter(Boolean)) {
          // "auth.ts(3,10): error TS2305: …" → the page, the block's line and title.
          const at = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(message);
          const file = at && files.find((f) => join(base, f.title!) === join(base, at[1]!));
          failures.push(file ? `${file.page}:${file.line + Number(at![2])} (block ${file.title}, line ${at![2]}): ${at![4]}` : `${page} (${dir}): ${message}`);
        }
      }
    }
    console.log(`doc blocks: ${checked.size} titled TypeScript blocks compiled in ${found.length} folders from ${new Set(found.map((p) => p.page)).size} pages`);
    expect(failures, failures.join("\n")).toEqual([]);
    expect(checked.size).toBeGreaterThan(0);
  });
});
