import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const entry = process.argv[2] ?? `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`;
const r = await build({ stdin: { contents: entry, resolveDir: process.cwd(), loader: "ts" }, bundle: true, write: false, format: "esm", minify: true, platform: "neutral", conditions: ["worker", "browser", "source"], metafile: true, mainFields: ["module", "main"], });
const out = r.outputFiles[0].contents;
console.log("total gzip", gzipSync(out).length, "raw", out.length);
const o = Object.values(r.metafile.outputs)[0];
const byGroup: Record<string, number> = {};
for (const [f, v] of Object.entries(o.inputs)) {
  const g = f.includes("node_modules") ? f.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, "$1") : f.replace(/.*core\/src\//, "src/").replace(/\/[^/]+$/, "/");
  byGroup[g] = (byGroup[g] ?? 0) + v.bytesInOutput;
}
for (const [g, b] of Object.entries(byGroup).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(String(b).padStart(7), g);
