import { toResponse, noStore as ns } from "../packages/core/src/http/respond.js";
import { cpuMeasure } from "./.cpu.js";
const noStore: [string, string][] = [["Cache-Control", "private, no-cache, no-store"], ["Expires", "0"], ["Pragma", "no-cache"], ["Content-Type", "application/json"]];
const body = () => ({ user: { name: "Bench User", email: "bench@example.com", image: undefined }, expires: new Date().toISOString() });
const cases = [
  { name: "floor response", run: async () => new Response(JSON.stringify(body()), { headers: noStore }).text() },
  { name: "toResponse", run: async () => toResponse({ body: body(), headers: { ...ns }, cookies: [] }, false).text() },
  { name: "floor response2", run: async () => new Response(JSON.stringify(body()), { headers: noStore }).text() },
  { name: "toResponse2", run: async () => toResponse({ body: body(), headers: { ...ns }, cookies: [] }, false).text() },
];
const res = await cpuMeasure(cases, 8, 3000);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(2));
