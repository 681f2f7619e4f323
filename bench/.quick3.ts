import { Auth, raw } from "@latch/core";
import { latchConfig } from "./contender.js";
import { get, signInAsBrowser, cookiePair, sessionCookie } from "./fixtures.js";
import { sessionFloor } from "./floors.js";
import { cpuMeasure } from "./.cpu.js";
import { decode } from "@latch/core/jwt";
const config = latchConfig();
const rawConfig = { ...latchConfig(), raw };
const h = (r: Request) => Auth(r, config);
const { csrf, response } = await signInAsBrowser(h);
const jar = `${csrf}; ${cookiePair(response, "authjs.callback-url")}`;
const sc = cookiePair(response, sessionCookie);
const signed = `${jar}; ${sc}`;
const token = sc.slice(sessionCookie.length + 1);
const sf = await sessionFloor();
const cases = [
  { name: "floor", run: async () => sf(get("session", signed)).text() },
  { name: "latch", run: async () => (await Auth(get("session", signed), config)).text() },
  { name: "latch raw", run: async () => { await Auth(get("session", signed), rawConfig as any); } },
  { name: "decode", run: async () => { await decode({ token, secret: "bench-secret-bench-secret-bench-secret-0123", salt: sessionCookie }); } },
  { name: "request only", run: async () => { get("session", signed); } },
];
const res = await cpuMeasure(cases, 6);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(1));
