/**
 * Bundle size, measured the way edge platforms and serverless bundlers package an app: esbuild,
 * `platform: "neutral"`, conditions `worker` + `browser`, ESM, minified, one file without code
 * splitting; and with splitting on, the first chunk (what loads before any dynamic import).
 * Latch is bundled from its build (packages/core/dist, as installed), Auth.js from bench/authjs.
 */
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { authJsDir } from "./authjs-install.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** An app's entry: `Auth` and the providers it configures, for each implementation. */
export interface BundleEntry {
  what: string;
  latch: string;
  authjs: string;
}

const provider = (name: string, id: string) => ({
  latch: `export { default as ${name} } from "@latch/core/providers/${id}";`,
  authjs: `export { default as ${name} } from "@auth/core/providers/${id}";`,
});

/** The entry of `Auth` and `providers`; `Auth` of `@latch/core`, or of `latchModule` (`@latch/core/slim`). */
function entry(what: string, providers: [string, string][], latchModule = "@latch/core"): BundleEntry {
  const parts = providers.map(([name, id]) => provider(name, id));
  return {
    what,
    latch: `export { Auth } from "${latchModule}"; ${parts.map((p) => p.latch).join(" ")}`,
    authjs: `export { Auth } from "@auth/core"; ${parts.map((p) => p.authjs).join(" ")}`,
  };
}

/** The entries the bench measures. */
export const bundleEntries: BundleEntry[] = [
  entry("Auth + Credentials", [["Credentials", "credentials"]]),
  // Auth of @latch/core/slim takes providers from their factories only, so no flow comes without its provider.
  entry("Auth (slim) + Credentials", [["Credentials", "credentials"]], "@latch/core/slim"),
  entry("Auth + GitHub + Credentials", [["GitHub", "github"], ["Credentials", "credentials"]]),
  entry("Auth (slim) + GitHub + Credentials", [["GitHub", "github"], ["Credentials", "credentials"]], "@latch/core/slim"),
  entry("Auth + Passkey", [["Passkey", "passkey"]]),
  entry("Auth + Nodemailer", [["Nodemailer", "nodemailer"]]),
];

/** The size of one bundle and where its bytes come from. */
export interface BundleSize {
  raw: number;
  gzip: number;
  /** Bytes in the output per package (`core:<folder>` for Latch's own modules), largest first. */
  packages: [string, number][];
  /** The modules with code in what loads first. */
  inputs: string[];
  /** The minified text of what loads first. */
  code: string;
}

function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1]!;
  const core = /packages\/core\/src\/(?:([^/]+)\/)?/.exec(input);
  return core ? `core:${core[1] ?? "."}` : input;
}

/**
 * Bundles `contents` (resolved from `resolveDir`); with `splitting`, measures the first chunk only.
 * Latch's packages are taken as built (`dist`, what an installed package holds), or with `source`
 * from their TypeScript sources (the footprint tests, which name the source modules in a bundle).
 */
export async function bundleSize(contents: string, resolveDir: string, splitting: boolean, { source = false } = {}): Promise<BundleSize> {
  const result = await build({
    stdin: { contents, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    outdir: "/virtual",
    splitting,
    platform: "neutral",
    conditions: source ? ["worker", "browser", "source"] : ["worker", "browser"],
    mainFields: ["module", "main"],
    format: "esm",
    minify: true,
    metafile: true,
    // Nodemailer is Node-only and loaded by the provider when it sends; neither bundles it.
    external: ["nodemailer"],
    logLevel: "silent",
  });
  const outputs = (result.metafile as Metafile).outputs;
  const first = new Set<string>();
  const visit = (path: string) => {
    if (first.has(path)) return;
    first.add(path);
    for (const imported of outputs[path]!.imports) if (imported.kind === "import-statement" && outputs[imported.path]) visit(imported.path);
  };
  visit(Object.keys(outputs).find((o) => outputs[o]!.entryPoint === "<stdin>")!);
  let raw = 0;
  let gzip = 0;
  const packages = new Map<string, number>();
  const inputs: string[] = [];
  let code = "";
  for (const path of first) {
    const file = result.outputFiles.find((f) => f.path.endsWith(path.replace(/^.*\//, "")))!;
    code += file.text;
    raw += file.contents.length;
    gzip += gzipSync(file.contents).length;
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
      if (bytesInOutput > 0) inputs.push(input);
      packages.set(packageOf(input), (packages.get(packageOf(input)) ?? 0) + bytesInOutput);
    }
  }
  return { raw, gzip, inputs, code, packages: [...packages].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]) };
}

const kb = (n: number) => `${n.toLocaleString("en-US")} B`.padStart(11);
const top = (size: BundleSize, count = 6) => size.packages.slice(0, count).map(([name, n]) => `${name} ${(n / 1024).toFixed(1)}k`).join(", ");

/** A row of the summary: Latch's gzip size against Auth.js's. */
export interface BundleRow {
  what: string;
  latch: number;
  authjs?: number;
}

/** Measures every entry for Latch and, when installed, Auth.js; prints sizes, ratios and top packages. */
export async function bundleSizes(withAuthJs: boolean): Promise<BundleRow[]> {
  console.log("\nBundle size (esbuild, platform neutral, conditions worker+browser, ESM, minified; gzip)");
  const rows: BundleRow[] = [];
  for (const e of bundleEntries) {
    console.log(`  ${e.what}`);
    for (const splitting of [false, true]) {
      const mode = splitting ? "first chunk, splitting on" : "one file, no splitting";
      const latch = await bundleSize(e.latch, root, splitting);
      const authjs = withAuthJs ? await bundleSize(e.authjs, authJsDir, splitting) : undefined;
      console.log(`    ${mode}`);
      console.log(`      Latch   ${kb(latch.raw)} raw ${kb(latch.gzip)} gzip   top: ${top(latch)}`);
      if (authjs) {
        console.log(`      Auth.js ${kb(authjs.raw)} raw ${kb(authjs.gzip)} gzip   top: ${top(authjs)}`);
        console.log(`      Latch ÷ Auth.js (gzip) = ${((latch.gzip / authjs.gzip) * 100).toFixed(0)} %`);
      }
      rows.push({ what: `${e.what} (${mode})`, latch: latch.gzip, authjs: authjs?.gzip });
    }
  }
  return rows;
}
