/**
 * Builds `dist/*.js` with rolldown: every public module of the package (the `exports` map) and
 * every file the `imports` map selects (`#jwe`, `#hash`) as an ES module; all that the package
 * entry imports statically in one shared chunk, `dist/chunks/core-*.js`; each lazily loaded part
 * (a flow, the pages, an action) in a chunk of its own. Run by `npm run build` after `tsc` has
 * written the type declarations.
 *
 * Why bundle: a fresh process (a serverless function's cold start) pays for every module file it
 * loads (resolve, stat, open, read, compile, link). Compiled file by file, `Auth` and the
 * credentials provider are about fifty files; bundled this way, eight, with the same code.
 * One build for all entries keeps one copy of each module, so `AuthError` from
 * `@latch/core/errors` is the class `Auth` throws. Dependencies and the `#…` package imports stay
 * imports, resolved where the package is installed.
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rolldown, type ChunkingContext } from "rolldown";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

interface Manifest {
  exports: Record<string, null | string | Record<string, string>>;
  imports: Record<string, Record<string, unknown>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, "utf8")) as Manifest;

/** The packages an installed @latch/core imports: its dependencies and peer dependencies. */
const externalPackages = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });

/** `./dist/x.js` → `src/x.ts` */
function sourceOf(distFile: string): string {
  return distFile.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts");
}

/** The source files behind the `exports` map; a `*` pattern stands for every preset file. */
export function entryPoints(): string[] {
  const entries = new Set<string>();
  for (const [key, value] of Object.entries(manifest.exports)) {
    if (!value || typeof value === "string") continue;
    const target = value.import;
    if (!target) continue;
    if (!key.includes("*")) {
      entries.add(sourceOf(target));
      continue;
    }
    const dir = sourceOf(target).slice(0, sourceOf(target).indexOf("*"));
    for (const name of readdirSync(`${packageDir}${dir}`)) {
      if (!/\.ts$/.test(name) || /\.test\.ts$|\.test-d\.ts$|^test-/.test(name)) continue;
      const subpath = `${key.slice(0, key.indexOf("*"))}${name.replace(/\.ts$/, "")}`;
      if (manifest.exports[subpath] === null) continue; // refused subpaths (types, index)
      entries.add(`${dir}${name}`);
    }
  }
  // What the `imports` map selects at run time: the node:crypto files and the portable ones.
  for (const conditions of Object.values(manifest.imports)) {
    for (const [condition, target] of Object.entries(conditions)) {
      if (condition !== "source" && typeof target === "string") entries.add(sourceOf(target));
    }
  }
  return [...entries].sort();
}

/** The module that `Auth` and the package entry start from. */
const mainEntry = "src/index.ts";

/**
 * The chunk of a module: `core` for everything the package entry imports statically (what the
 * first request of any app needs), so a fresh process loads it as one file; every other module
 * is left to the bundler, which gives each lazily imported part its own chunk.
 */
function chunkOf(moduleId: string, ctx: ChunkingContext, staticCore: Set<string>): string | null {
  if (!staticCore.size) {
    const visit = (id: string) => {
      if (staticCore.has(id)) return;
      staticCore.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    visit(resolve(packageDir, mainEntry));
  }
  return staticCore.has(moduleId) ? "core" : null;
}

/** Writes the bundles into `dist/` (the type declarations are tsc's). */
export async function bundle(): Promise<void> {
  const staticCore = new Set<string>();
  const input = Object.fromEntries(entryPoints().map((file) => [file.replace(/^src\//, "").replace(/\.ts$/, ""), resolve(packageDir, file)]));
  const build = await rolldown({
    cwd: packageDir,
    input,
    platform: "neutral",
    tsconfig: resolve(packageDir, "tsconfig.build.json"),
    // Dependencies resolve where the package is installed; `#jwe`/`#hash` through its imports
    // map. Anything else (a helper the compiler adds) is bundled, or the build fails.
    external: (id) => id.startsWith("#") || id.startsWith("node:") || externalPackages.some((name) => id === name || id.startsWith(`${name}/`)),
    logLevel: "warn",
  });
  await build.write({
    dir: resolve(packageDir, "dist"),
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "chunks/[name]-[hash].js",
    // The maps carry the sources they map to (`sourcesContent`): the package ships no `src/`, and a
    // map pointing to files that are not there makes tools (Vite) warn on every start.
    sourcemap: true,
    sourcemapExcludeSources: false,
    codeSplitting: { groups: [{ debugName: "core", name: (id, ctx) => chunkOf(id, ctx, staticCore) }] },
  });
  await build.close();
}

/**
 * An error's `name` is its class's name (`new.target.name`), which bundling keeps unless two
 * top-level names collide and one is renamed (wrapping every class to keep its name would cost
 * each cold start). So the build fails when an exported error class lost its name.
 */
export async function checkErrorNames(): Promise<void> {
  const errors = (await import(pathToFileURL(`${packageDir}dist/all-errors.js`).href)) as Record<string, unknown>;
  const renamed = Object.entries(errors).filter(([, value]) => typeof value === "function" && errors[value.name] !== value); // aliases allowed
  if (renamed.length) throw new Error(`dist/all-errors.js: classes renamed by the bundler: ${renamed.map(([n, v]) => `${n} → ${(v as () => void).name}`).join(", ")}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundle();
  await checkErrorNames();
}
