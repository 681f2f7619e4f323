import { parseCookies } from "../packages/core/src/http/parse.js";
const jar = "authjs.csrf-token=7c1e0f0b2f1d4e3a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a%7Cabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcd; authjs.callback-url=http%3A%2F%2Flocalhost%3A3000; authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoiWFgifQ..aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbb.cccc";
const reqs = Array.from({ length: 1000 }, () => new Request("http://localhost:3000/auth/session", { headers: { cookie: jar } }));
function time(name: string, f: (i: number) => unknown, n = 200000) {
  for (let i = 0; i < 20000; i++) f(i);
  const s = process.cpuUsage(); for (let i = 0; i < n; i++) f(i); const d = process.cpuUsage(s);
  console.log(name.padEnd(30), ((d.user + d.system) / n * 1000).toFixed(0), "ns");
}
let sink: any;
time("request.url", (i) => (sink = reqs[i % 1000]!.url));
time("new URL(req.url)", (i) => (sink = new URL(reqs[i % 1000]!.url)));
time("url origin+path+search", (i) => { const u = new URL(reqs[i % 1000]!.url); sink = u.origin + u.pathname + u.search + u.protocol + u.username + u.password; });
time("headers.get cookie", (i) => (sink = reqs[i % 1000]!.headers.get("cookie")));
time("headers.has x", (i) => (sink = reqs[i % 1000]!.headers.has("x-auth-return-redirect")));
time("parseCookies", (i) => (sink = parseCookies(jar)));
time("method upper", (i) => (sink = reqs[i % 1000]!.method.toUpperCase()));
time("new Date iso", (i) => (sink = new Date(1764300000000 + i).toISOString()));
time("decodeURIComponent csrf", (i) => (sink = decodeURIComponent("7c1e0f0b2f1d4e3a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a%7Cabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcd")));
time("promise resolve await", async () => { sink = await Promise.resolve(1); });
