import { Auth, raw } from "@latch/core";
import { latchConfig } from "./contender.js";
import { get, signInAsBrowser, cookiePair, sessionCookie } from "./fixtures.js";
import { sessionFloor } from "./floors.js";
import { cpuMeasure } from "./.cpu.js";
const config = latchConfig();
const rawConfig = { ...latchConfig(), raw };
const h = (r: Request) => Auth(r, config);
const { csrf, response } = await signInAsBrowser(h);
const signed = `${csrf}; ${cookiePair(response, "authjs.callback-url")}; ${cookiePair(response, sessionCookie)}`;
const sf = await sessionFloor();
const noStore: [string, string][] = [["Cache-Control", "private, no-cache, no-store"], ["Expires", "0"], ["Pragma", "no-cache"], ["Content-Type", "application/json"]];
const cases = [
  { name: "floor", run: async () => sf(get("session", signed)).text() },
  { name: "latch", run: async () => (await Auth(get("session", signed), config)).text() },
  { name: "latch raw + floor response", run: async () => { const i: any = await Auth(get("session", signed), rawConfig as any); return new Response(JSON.stringify(i.body), { headers: noStore }).text(); } },
  { name: "latch raw + status response", run: async () => { const i: any = await Auth(get("session", signed), rawConfig as any); return new Response(JSON.stringify(i.body), { status: 200, headers: noStore }).text(); } },
];
const res = await cpuMeasure(cases, 6);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(1));
