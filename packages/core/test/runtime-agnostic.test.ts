/**
 * Core runs on every runtime with Web APIs: no `node:` module, no `Buffer`, no `process` in its
 * sources (tests excepted), except the Node-only implementations under `crypto/node/`, which
 * the `node` condition selects. This is the rule's enforcement.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const srcDir = fileURLToPath(new URL("../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join("crypto", "node")) || name === "test" ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|^test-/.test(name) ? [path] : [];
  });
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const forbidden: [string, RegExp][] = [
  ["a node: import", /\bfrom\s+["']node:|import\(\s*["']node:|require\(/],
  ["a bare Node built-in import", /\bfrom\s+["'](fs|path|crypto|http|https|net|os|url|util|stream|buffer|zlib)["']/],
  ["Buffer", /\bBuffer\b/],
  ["process", /\bprocess\s*\.|\bprocess\s*\[/],
  ["__dirname", /\b__dirname\b|\b__filename\b/],
];

describe("packages/core/src is runtime-agnostic", () => {
  const files = sourceFiles(srcDir);

  test("finds the sources", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  test.each(forbidden)("no source file uses %s", (_what, pattern) => {
    const offenders = files.filter((file) => pattern.test(withoutComments(readFileSync(file, "utf8")))).map((f) => relative(srcDir, f));
    expect(offenders).toEqual([]);
  });

  test("only the crypto seam touches jose or crypto.subtle", () => {
    const offenders = files
      .filter((file) => !relative(srcDir, file).startsWith("crypto/"))
      .filter((file) => /from\s+["']jose["']|crypto\.subtle/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((f) => relative(srcDir, f));
    expect(offenders).toEqual([]);
  });

  // An import map (Deno's, for one) does not read package.json, so a `#` import that is loaded
  // statically makes the whole module graph fail to load there; crypto/seal.ts loads #jwe lazily
  // and falls back to the portable seal. `npm run runtimes` checks it on Deno.
  test("package imports (#…) are loaded lazily, never by a static import", () => {
    const offenders = files
      .filter((file) => /(from|import)\s+["']#/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((f) => relative(srcDir, f));
    expect(offenders).toEqual([]);
  });
});
