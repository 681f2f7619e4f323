/**
 * Imports in core run one way, down the layers: a module imports only from its own layer or the
 * layers below it (type-only and dynamic imports included). The public entry modules sit above
 * everything: nothing inside core imports one, except another entry. This test parses every
 * import of packages/core/src and fails on any that runs back up.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const srcDir = fileURLToPath(new URL("../src", import.meta.url));

/** Top to bottom; a module may import from its own layer and any layer after it. */
const layers: readonly (readonly string[])[] = [
  ["entry"],
  ["auth"],
  // second-factors/: the option's endpoints and step-up, reached from the router (same layer).
  ["actions", "second-factors"],
  ["flows"],
  ["signin"],
  ["session"],
  ["http"],
  ["config", "pages", "limits"],
  ["providers"],
  ["security", "mail", "languages"],
  ["types"],
  // passwords/: the password rules and their errors; second-factor-errors.ts: the second-factor
  // refusals (the error unions name the types of both).
  ["crypto", "errors", "adapter", "adapter-rows", "symbols", "fetch", "passwords", "second-factor-errors"],
  // Code that runs in the browser, built on its own and shipped as text: it imports nothing.
  ["browser", "webauthn-script-source"],
];

/** The root modules that are public entries (subpaths of the package's `exports` map). */
const rootEntries = new Set(["index.ts", "jwt.ts", "revocation.ts", "rate-limit.ts", "sessions.ts", "accounts.ts", "adapters.ts", "types.ts", "webauthn.ts", "webauthn-script.ts", "passwords.ts", "second-factors.ts"]);

/** Specifiers of the package's `imports` map, and the layer of the modules they select. */
const importMap: Record<string, string> = { "#jwe": "crypto/jwe.ts", "#hash": "crypto/hash.ts", "#argon2": "crypto/argon2.ts" };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|\.test-d\.ts$|^test-/.test(name) ? [path] : [];
  });
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The group of a module (its layer's name): an entry, its folder, or its root file's name. */
function groupOf(path: string, code: string): string {
  const segments = path.split("/");
  if (segments.length === 1) return rootEntries.has(path) ? "entry" : path.replace(/\.ts$/, "");
  // A provider preset (`@latch/core/providers/<id>`) is a public entry; the rest of providers/ is shared shapes and helpers.
  if (segments[0] === "providers" && /^export default /m.test(code)) return "entry";
  return segments[0]!;
}

function layerOf(group: string): number {
  return layers.findIndex((layer) => layer.includes(group));
}

/** Every relative or `#` specifier a module imports, statically, as a type, or dynamically. */
function specifiers(code: string): string[] {
  const clean = withoutComments(code);
  const found = [
    ...clean.matchAll(/(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g),
    ...clean.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return found.filter((s) => s.startsWith(".") || s.startsWith("#"));
}

interface Edge {
  from: string;
  to: string;
}

function edges(): { files: string[]; edges: Edge[]; groups: Map<string, string> } {
  const files = sourceFiles(srcDir).map((f) => relative(srcDir, f).split("\\").join("/"));
  const groups = new Map<string, string>();
  const codes = new Map<string, string>();
  for (const file of files) {
    const code = readFileSync(join(srcDir, file), "utf8");
    codes.set(file, code);
    groups.set(file, groupOf(file, code));
  }
  const list: Edge[] = [];
  for (const file of files) {
    for (const specifier of specifiers(codes.get(file)!)) {
      const to = specifier.startsWith("#")
        ? importMap[specifier] ?? specifier
        : relative(srcDir, resolve(dirname(join(srcDir, file)), specifier)).split("\\").join("/").replace(/\.js$/, ".ts");
      list.push({ from: file, to });
    }
  }
  return { files, edges: list, groups };
}

describe("imports in core run one way", () => {
  const graph = edges();

  test("finds the modules and their imports", () => {
    expect(graph.files.length).toBeGreaterThan(60);
    expect(graph.edges.length).toBeGreaterThan(200);
  });

  test("every module belongs to a layer", () => {
    const unplaced = graph.files.filter((f) => layerOf(graph.groups.get(f)!) === -1);
    expect(unplaced, "give these modules a place in the layer list (ARCHITECTURE.md)").toEqual([]);
  });

  test("every import resolves to a module of core", () => {
    const dangling = graph.edges.filter((e) => !graph.groups.has(e.to)).map((e) => `${e.from} → ${e.to}`);
    expect(dangling).toEqual([]);
  });

  test("no import runs back up the layers", () => {
    const upward = graph.edges
      .filter((e) => graph.groups.has(e.to))
      .filter((e) => layerOf(graph.groups.get(e.to)!) < layerOf(graph.groups.get(e.from)!))
      .map((e) => `${e.from} (${graph.groups.get(e.from)}) → ${e.to} (${graph.groups.get(e.to)})`);
    expect(upward).toEqual([]);
  });
});
