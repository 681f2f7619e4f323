/**
 * Imports run one way. This test reads every import of the repository's source (`packages/*\/src`,
 * `bench/`, `apps/`): static, type-only, dynamic and re-exports alike, and fails on
 *
 * - an import circle anywhere: files that reach each other through their imports (a strongly
 *   connected component of more than one file), and likewise a circle of workspace packages;
 * - in core (`packages/core/src`), an import that runs up the layers listed below, which are the
 *   order docs/ARCHITECTURE.md describes.
 *
 * The last block runs the same checks on small fixtures, so a check that stopped finding what it
 * looks for fails here too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const repoDir = fileURLToPath(new URL("../../..", import.meta.url));
const coreSrc = "packages/core/src";

/**
 * Core's layers, top to bottom: a module imports only from its own layer or a layer after it.
 * A group is a root file's name, a folder of `src/`, or `features/<name>`.
 */
export const coreLayers: readonly (readonly string[])[] = [
  // The public entries at the root of src/ (`@latch/core`, `/errors`, `/jwt`, `/adapters`, `/types`, `/rate-limit`, `/plugins`).
  ["entry"],
  // Provider presets carry their flow (and a feature's endpoints, Password()), loaded lazily.
  ["providers"],
  // Opt-in features, each in features/<name>/: a feature may use a feature listed after it.
  ["features/languages"],
  ["features/passwords"],
  // SCIM provisioning takes an organization's API key as its token and writes the organization's members.
  ["features/scim"],
  // API keys ask for a recent sign-in (second factors' freshness); an organization's keys join both.
  ["features/api-keys", "features/audit", "features/organizations"],
  ["features/second-factors"],
  ["features/access-tokens", "features/account-links", "features/admin", "features/bearer-sessions", "features/passkeys", "features/revocation", "features/session-control"],
  // The protocol: Auth(), the registry's table and router, Auth.js's actions, the sign-in flows, what a sign-in ends with.
  ["auth"],
  ["registry"],
  ["actions"],
  ["flows"],
  ["signin"],
  ["session"],
  ["http"],
  // The resolved config, the pages' frame, the rate limiter, and the shape of a registry row with its matcher (rows/).
  ["config", "pages", "limits", "rows"],
  ["security", "mail", "languages"],
  ["types"],
  ["crypto", "errors", "adapter", "adapter-rows", "symbols", "fetch"],
];

/** The root files of core's src/ that are public entries (subpaths of the `exports` map). */
const rootEntries = new Set(["index.ts", "all-errors.ts", "jwt.ts", "adapters.ts", "types.ts", "rate-limit.ts", "plugins.ts", "integration.ts", "browser.ts", "page-frame.ts", "oidc-client.ts", "slim.ts"]);

/** Specifiers of core's `imports` map, and the modules they select. */
const importMap: Record<string, string> = { "#jwe": "crypto/jwe.ts", "#hash": "crypto/hash.ts", "#argon2": "crypto/argon2.ts" };

/**
 * Browser code, built on its own and shipped as text (the passkey page client and its build
 * output): it imports nothing, so the server's modules never end up in it.
 */
function isBrowserCode(path: string): boolean {
  return /^features\/[^/]+\/browser\//.test(path) || path === "features/passkeys/script-source.ts";
}

/** The group of a core module (path relative to core's src/). */
export function coreGroupOf(path: string): string {
  const segments = path.split("/");
  if (segments.length === 1) return rootEntries.has(path) ? "entry" : path.replace(/\.ts$/, "");
  if (segments[0] === "features") return `features/${segments[1]}`;
  return segments[0]!;
}

function layerOf(group: string): number {
  return coreLayers.findIndex((layer) => layer.includes(group));
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Every specifier a module imports: statically, as a type, dynamically, or re-exported. */
export function specifiers(code: string): string[] {
  const clean = withoutComments(code);
  return [
    ...clean.matchAll(/(?:^|[\s;}>])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g),
    ...clean.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
}

/** A set of source files: path (relative to a root) → code. */
type Sources = ReadonlyMap<string, string>;

/** The file a relative specifier names, among `sources`; undefined for a package or a missing file. */
function resolveRelative(from: string, specifier: string, sources: Sources): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = join(dirname(from), specifier).split("\\").join("/");
  const candidates = /\.(m?js|jsx)$/.test(base)
    ? [base.replace(/\.(m?)js(x?)$/, ".$1ts$2"), base.replace(/\.js$/, ".tsx"), base]
    : [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((c) => sources.has(c));
}

/** Import edges between the files of `sources` (specifiers of the `imports` map resolved by `hashImports`). */
export function importGraph(sources: Sources, hashImports: Record<string, string> = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, code] of sources) {
    const targets = specifiers(code).map((s) => (s.startsWith("#") ? hashImports[s] : resolveRelative(file, s, sources)));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected components of more than one node (Tarjan). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** Imports of core that run up the layers, or that leave browser code. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [fromGroup, toGroup] = [coreGroupOf(from), coreGroupOf(to)];
      if (isBrowserCode(from) || layerOf(toGroup) < layerOf(fromGroup)) found.push(`${from} (${fromGroup}) → ${to} (${toGroup})`);
    }
  }
  return found.sort();
}

const skippedFolders = new Set(["node_modules", "dist", "build", "coverage"]);

/** A folder a tool writes (`.next`, `.svelte-kit`, `.nuxt`, `.output`, `.astro`, a test's `.quick-start`…): every hidden one but VitePress's configuration. */
const isToolOutput = (name: string) => name.startsWith(".") && name !== ".vitepress";

/** A feature's `test/` folder under a package's `src/` (its suites and their helpers). */
const isTestFolderOfSource = (path: string) => /(^|\/)src\/(.+\/)?test$/.test(relative(repoDir, path).split("\\").join("/"));

/** The source files under `dir` (tests, and files a framework's build generates, `*.gen.ts`, excluded), relative to `root`, with their code. */
function readSources(root: string, dirs: readonly string[], into = new Map<string, string>()): Map<string, string> {
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!skippedFolders.has(name) && !isToolOutput(name) && !isTestFolderOfSource(path)) walk(path);
      } else if (/\.(ts|tsx|mts|mjs|js|svelte)$/.test(name) && !/\.d\.ts$|\.test\.tsx?$|\.test-d\.ts$|\.gen\.tsx?$/.test(name)) {
        into.set(relative(root, path).split("\\").join("/"), readFileSync(path, "utf8"));
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return into;
}

const packageDirs = readdirSync(join(repoDir, "packages")).filter((name) => existsSync(join(repoDir, "packages", name, "package.json")));

describe("imports in core run down the layers", () => {
  const sources = readSources(join(repoDir, coreSrc), ["."]);
  const withoutTestHelpers = new Map([...sources].filter(([file]) => !/(^|\/)test-[^/]*$/.test(file)));
  const graph = importGraph(withoutTestHelpers, importMap);

  test("finds core's modules and their imports", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
  });

  test("every module belongs to a layer", () => {
    const unplaced = [...graph.keys()].filter((file) => layerOf(coreGroupOf(file)) === -1);
    expect(unplaced, "give these modules a place in the layer list (and in docs/ARCHITECTURE.md)").toEqual([]);
  });

  test("every relative import resolves to a module of core", () => {
    const dangling = [...withoutTestHelpers].flatMap(([file, code]) =>
      specifiers(code)
        .filter((s) => s.startsWith("."))
        .filter((s) => !resolveRelative(file, s, sources))
        .map((s) => `${file} → ${s}`),
    );
    expect(dangling).toEqual([]);
  });

  test("no import runs back up the layers", () => {
    expect(upwardImports(graph)).toEqual([]);
  });
});

describe("no import circle in the repository", () => {
  const dirs = [...packageDirs.map((name) => `packages/${name}/src`), "bench", "apps"];
  const sources = readSources(repoDir, dirs);
  const graph = importGraph(sources);

  test("reads the source of every package, the bench and the apps", () => {
    for (const name of packageDirs) {
      if (existsSync(join(repoDir, "packages", name, "src"))) expect([...sources.keys()].some((f) => f.startsWith(`packages/${name}/src/`)), name).toBe(true);
    }
    expect([...sources.keys()].some((f) => f.startsWith("bench/"))).toBe(true);
    expect([...sources.keys()].some((f) => f.startsWith("apps/"))).toBe(true);
  });

  test("no files reach each other through their imports", () => {
    expect(circles(graph)).toEqual([]);
  });

  test("no workspace packages reach each other through their sources' imports", () => {
    const names = new Map(packageDirs.map((dir) => [(JSON.parse(readFileSync(join(repoDir, "packages", dir, "package.json"), "utf8")) as { name: string }).name, dir]));
    const packages = new Map<string, string[]>();
    for (const [file, code] of sources) {
      const from = /^packages\/([^/]+)\//.exec(file)?.[1];
      if (!from) continue;
      const used = specifiers(code)
        .map((s) => names.get(s.split("/").slice(0, 2).join("/")))
        .filter((dir): dir is string => dir !== undefined && dir !== from);
      packages.set(from, [...new Set([...(packages.get(from) ?? []), ...used])]);
    }
    expect([...packages.values()].flat().length).toBeGreaterThan(10);
    expect(circles(packages)).toEqual([]);
  });
});

describe("the checks find what they look for", () => {
  const fixture = new Map([
    ["auth.ts", `import { signIn } from "./actions/signin.js";`],
    ["actions/signin.ts", `import type { Session } from "../session/types.js";\nexport const signIn = 1;`],
    // Upward: session/ sits below actions/, and a type-only import counts.
    ["session/types.ts", `import type { Row } from "../actions/rows.js";\nexport type Session = {};`],
    ["actions/rows.ts", `export type Row = {};`],
    // A circle through a dynamic import and a re-export.
    ["flows/a.ts", `export { b } from "./b.js";`],
    ["flows/b.ts", `export const b = () => import("./a.js");`],
    ["features/passkeys/browser/page.ts", `import { b } from "../../../flows/b.js";`],
  ]);
  const graph = importGraph(fixture);

  test("an import up the layers, type-only or not, is found", () => {
    expect(upwardImports(graph)).toEqual([
      "features/passkeys/browser/page.ts (features/passkeys) → flows/b.ts (flows)",
      "session/types.ts (session) → actions/rows.ts (actions)",
    ]);
  });

  test("a circle is found, through dynamic imports and re-exports", () => {
    expect(circles(graph)).toEqual([["flows/a.ts", "flows/b.ts"]]);
  });

  test("imports down the layers and within a layer pass", () => {
    const fine = importGraph(new Map([...fixture].filter(([file]) => file !== "session/types.ts" && !file.startsWith("features/") && file !== "flows/b.ts")));
    expect(upwardImports(fine)).toEqual([]);
    expect(circles(fine)).toEqual([]);
  });
});
