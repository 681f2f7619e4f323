import { build } from "esbuild";
const r = await build({ stdin: { contents: `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`, resolveDir: process.argv[2], loader: "js" }, bundle: true, write: false, outdir: "/v", platform: "neutral", conditions: ["worker", "browser", "source"], mainFields: ["module", "main"], format: "esm", minify: true, metafile: true, external: ["nodemailer"], logLevel: "silent" });
const out = Object.values(r.metafile!.outputs)[0]!;
const rows = Object.entries(out.inputs).map(([f, v]) => [v.bytesInOutput, f.replace(/.*packages\/core\/src\//, "")] as const).filter(([n]) => n > 0).sort((a, b) => b[0] - a[0]);
for (const [n, f] of rows.slice(0, 45)) console.log(String(n).padStart(7), f);
