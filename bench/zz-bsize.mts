import { bundleSize } from "./bundle-size.ts";
const root = process.argv[2] ?? "/work/main/packages/core";
const one = await bundleSize(`export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`, root, false);
console.log("gzip", one.gzip, "raw", one.raw);
for (const [p, n] of one.packages) console.log(String(n).padStart(8), p);
