import { bundleSize } from "./bundle-size.ts";
const root = process.argv[2]!;
const v = `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`;
const one = await bundleSize(v, root, false);
const first = await bundleSize(v, root, true);
console.log(one.gzip, first.gzip);
console.log(JSON.stringify(one.packages));
console.log(JSON.stringify(first.packages));
