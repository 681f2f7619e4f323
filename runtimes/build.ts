/**
 * Builds what each runtime runs, from core's built `dist/` (run `npm run build` first):
 * - `native.mjs` for Node and Bun: the checks bundled, every package left for the runtime's own
 *   resolver to find in node_modules (so `@latch/core` resolves through its `exports` and `#jwe`
 *   through its `imports`, as in an app);
 * - `deno.mjs` plus an import map that points `@latch/core` at `dist/` files: Deno then loads core's
 *   files unbundled, without package.json, as an app with an import map does;
 * - `worker.mjs` for workerd: one ES module bundled with the `workerd`/`worker`/`browser`
 *   conditions, as Cloudflare's tooling bundles a worker, and the capnp config that runs it;
 * - each runtime's server (`*-server.mjs`; workerd's is the same worker), built the same way.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const coreDir = join(root, "packages", "core");

/** Where the builds go (ignored by git). */
export const outDir = join(here, ".build");

interface CorePackage {
  exports: Record<string, string | Record<string, string>>;
  imports?: Record<string, Record<string, unknown>>;
  dependencies?: Record<string, string>;
}

const corePackage = (): CorePackage => JSON.parse(readFileSync(join(coreDir, "package.json"), "utf8")) as CorePackage;

/** The dist files `#jwe` resolves to: under the `node` condition, and by default. */
export function sealTargets(): { node: string; portable: string } {
  const entry = corePackage().imports?.["#jwe"];
  const node = entry?.node;
  const portable = entry?.default;
  if (typeof node !== "string" || typeof portable !== "string") throw new Error("packages/core/package.json has no #jwe import with a node and a default file");
  const files = { node: join(coreDir, node), portable: join(coreDir, portable) };
  for (const file of Object.values(files)) if (!existsSync(file)) throw new Error(`${relative(root, file)} is missing: run \`npm run build\` first`);
  return files;
}

type SealMode = "file-url" | "bare" | "bundle";

// `latch-seal/node` and `latch-seal/portable` (see seal-modules.d.ts) name the two #jwe files.
function sealPlugin(mode: SealMode): Plugin {
  const targets = sealTargets();
  return {
    name: "latch-seal",
    setup(build) {
      build.onResolve({ filter: /^latch-seal\/(node|portable)$/ }, ({ path }) => {
        const file = targets[path.slice("latch-seal/".length) as "node" | "portable"];
        if (mode === "bare") return { path, external: true };
        return mode === "file-url" ? { path: pathToFileURL(file).href, external: true } : { path: file };
      });
    },
  };
}

const common = { bundle: true, format: "esm", target: "es2022", logLevel: "silent", metafile: true } as const;

/** The file an `exports` entry of @latch/core names for `import`. */
function exportTarget(specifier: string): string {
  const subpath = `.${specifier.slice("@latch/core".length)}`;
  const exports = corePackage().exports;
  for (const [key, value] of Object.entries(exports)) {
    const [prefix, suffix] = key.split("*") as [string, string | undefined];
    const matches = suffix === undefined ? key === subpath : subpath.startsWith(prefix) && subpath.endsWith(suffix);
    if (!matches) continue;
    const target = typeof value === "string" ? value : (value.import ?? value.default);
    if (!target) break;
    return join(coreDir, suffix === undefined ? target : target.replace("*", subpath.slice(prefix.length, subpath.length - suffix.length)));
  }
  throw new Error(`${specifier} is not in @latch/core's exports`);
}

// Native packages that core reaches only through the `node` condition of its `imports` map (the
// native Argon2id of `#argon2`): Deno takes the portable implementation, so it never imports them.
const nodeOnlyDependencies = new Set(["@node-rs/argon2"]);

// Core's dependencies as single ES modules for Deno's import map, each re-exporting by name what
// Node sees in the package (a CommonJS package gets named exports this way too).
async function bundleDependencies(): Promise<Record<string, string>> {
  const map: Record<string, string> = {};
  for (const name of Object.keys(corePackage().dependencies ?? {})) {
    if (nodeOnlyDependencies.has(name)) continue;
    const names = Object.keys(await import(name)).filter((key) => key !== "default" && /^[A-Za-z_$][\w$]*$/.test(key));
    const file = join(outDir, "deno-deps", `${name.replace("/", "__")}.mjs`);
    await build({
      ...common,
      metafile: false,
      platform: "neutral",
      conditions: ["deno"],
      mainFields: ["module", "main"],
      stdin: { contents: `export { ${names.join(", ")} } from ${JSON.stringify(name)};`, resolveDir: coreDir, loader: "js" },
      outfile: file,
    });
    map[name] = pathToFileURL(file).href;
  }
  return map;
}

function externalImports(metafile: Metafile): string[] {
  return [...new Set(Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)))];
}

// workerd runs core as a worker bundle: `#jwe` must have resolved to the portable file, and nothing
// but the node:crypto seal (bundled only to compare with) may import a `node:` module.
function assertPortableBundle(metafile: Metafile): void {
  const { node, portable } = sealTargets();
  const inputs = Object.entries(metafile.inputs).map(([path, input]) => ({ path: join(process.cwd(), path), imports: input.imports }));
  const jwe = inputs.flatMap((input) => input.imports.filter((i) => i.original === "#jwe").map((i) => join(process.cwd(), i.path)));
  if (!jwe.length || jwe.some((file) => file !== portable)) throw new Error(`the worker bundle's #jwe resolved to ${jwe.map((f) => relative(root, f)).join(", ") || "nothing"}, not ${relative(root, portable)}`);
  const nodeUsers = inputs.filter((input) => input.path !== node && input.imports.some((i) => i.path.startsWith("node:")));
  if (nodeUsers.length) throw new Error(`the worker bundle imports node: modules from ${nodeUsers.map((i) => relative(root, i.path)).join(", ")}`);
}

/** The files a runtime is started with: its checks, its server, and what they need. */
export interface Builds {
  native: string;
  nodeServer: string;
  bunServer: string;
  deno: string;
  denoServer: string;
  denoImportMap: string;
  workerConfig: string;
  /** The same app through @latch/hono: each runtime's server, and the worker's config. */
  hono: { nodeServer: string; bunServer: string; denoServer: string; workerConfig: string };
}

async function buildNative(entry: string, outfile: string): Promise<string> {
  await build({ ...common, entryPoints: [join(here, entry)], outfile, platform: "node", packages: "external", plugins: [sealPlugin("file-url")] });
  return outfile;
}

// Deno's entries, and the import map that says where each of their imports is.
// An entry named in `bundled` has its packages (Hono, @latch/hono) bundled in, all but @latch/core,
// which the import map points at as for the other entries.
async function buildDeno(entries: Record<string, string>, bundled: ReadonlySet<string> = new Set()): Promise<{ files: string[]; importMap: string }> {
  const seals = sealTargets();
  const imports: Record<string, string> = { ...(await bundleDependencies()) };
  const files: string[] = [];
  for (const [entry, outfile] of Object.entries(entries)) {
    const externals = bundled.has(entry) ? { external: ["@latch/core", "@latch/core/*", "node:*"], conditions: ["deno"] } : { packages: "external" as const };
    const result = await build({ ...common, entryPoints: [join(here, entry)], outfile, platform: "neutral", mainFields: ["module", "main"], ...externals, plugins: [sealPlugin("bare")] });
    files.push(outfile);
    for (const specifier of externalImports(result.metafile)) {
      if (specifier === "latch-seal/node" || specifier === "latch-seal/portable") imports[specifier] = pathToFileURL(seals[specifier === "latch-seal/node" ? "node" : "portable"]).href;
      else if (specifier === "@latch/core" || specifier.startsWith("@latch/core/")) imports[specifier] = pathToFileURL(exportTarget(specifier)).href;
      // Deno's own Node built-ins (Hono's Deno adapter imports node:path for its static files).
      else if (bundled.has(entry) && specifier.startsWith("node:")) continue;
      else throw new Error(`the Deno entry imports ${specifier}, which its import map does not know`);
    }
  }
  const importMap = join(outDir, "deno-import-map.json");
  writeFileSync(importMap, `${JSON.stringify({ imports }, null, 2)}\n`);
  return { files, importMap };
}

async function buildWorker(entry = "worker.ts", name = "worker"): Promise<string> {
  const result = await build({
    ...common,
    entryPoints: [join(here, entry)],
    outfile: join(outDir, `${name}.mjs`),
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["node:*"],
    plugins: [sealPlugin("bundle")],
  });
  assertPortableBundle(result.metafile);
  const config = join(outDir, `${name}.capnp`);
  writeFileSync(
    config,
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      "const config :Workerd.Config = (",
      '  services = [(name = "checks", worker = .checks)],',
      // Port 0: workerd picks a free one and reports it on its control descriptor.
      '  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "checks")],',
      ");",
      "const checks :Workerd.Worker = (",
      `  modules = [(name = "worker.mjs", esModule = embed "${name}.mjs")],`,
      '  compatibilityDate = "2026-01-01",',
      // node:crypto exists on workerd with nodejs_compat: the seal comparison runs there too.
      '  compatibilityFlags = ["nodejs_compat"],',
      ");",
      "",
    ].join("\n"),
  );
  return config;
}

/** Builds every runtime's entries into {@link outDir}. */
export async function buildAll(): Promise<Builds> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const deno = await buildDeno(
    { "entry.ts": join(outDir, "deno.mjs"), "serve-deno.ts": join(outDir, "deno-server.mjs"), "serve-hono-deno.ts": join(outDir, "hono-deno-server.mjs") },
    new Set(["serve-hono-deno.ts"]),
  );
  return {
    native: await buildNative("entry.ts", join(outDir, "native.mjs")),
    nodeServer: await buildNative("serve-node.ts", join(outDir, "node-server.mjs")),
    bunServer: await buildNative("serve-bun.ts", join(outDir, "bun-server.mjs")),
    deno: deno.files[0]!,
    denoServer: deno.files[1]!,
    denoImportMap: deno.importMap,
    workerConfig: await buildWorker(),
    hono: {
      nodeServer: await buildNative("serve-hono-node.ts", join(outDir, "hono-node-server.mjs")),
      bunServer: await buildNative("serve-hono-bun.ts", join(outDir, "hono-bun-server.mjs")),
      denoServer: deno.files[2]!,
      workerConfig: await buildWorker("hono-worker.ts", "hono-worker"),
    },
  };
}
