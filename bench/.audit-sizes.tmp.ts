import { bundleSize } from "/work/wt/audit/bench/bundle-size.js";
const root = "/work/wt/audit/";
const c = `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`;
const g = `${c} export { default as GitHub } from "@latch/core/providers/github";`;
const p = `export { Auth } from "@latch/core"; export { default as Passkey } from "@latch/core/providers/passkey";`;
const out = [];
for (const [n, e, s] of [["c1", c, false], ["c2", c, true], ["g1", g, false], ["g2", g, true], ["p2", p, true]] as const) out.push(`${n}=${(await bundleSize(e, root, s)).gzip}`);
console.log(out.join(" "));
