import { Auth, raw } from "@latch/core";
import { latchConfig } from "./contender.js";
import { get } from "./fixtures.js";
import { csrfFloor } from "./floors.js";
import { cpuMeasure } from "./.cpu.js";
const config = latchConfig();
const rawConfig = { ...latchConfig(), raw };
const cf = csrfFloor();
const cases = [
  { name: "floor", run: async () => cf(get("csrf")).text() },
  { name: "latch", run: async () => (await Auth(get("csrf"), config)).text() },
  { name: "latch raw + floor", run: async () => { await Auth(get("csrf"), rawConfig as any); return cf(get("csrf")).text(); } },
  { name: "latch raw", run: async () => { await Auth(get("csrf"), rawConfig as any); } },
  { name: "floor + url", run: async () => { const r = get("csrf"); new URL(r.url); r.headers.has("x-auth-return-redirect"); r.headers.has("x-auth-return-redirect"); r.headers.get("cookie"); return cf(r).text(); } },
  { name: "request only", run: async () => { get("csrf"); } },
];
const res = await cpuMeasure(cases, 6);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(1));
