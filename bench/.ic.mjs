import { Auth } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { createDecipheriv, createHmac, createSecretKey, createHash, randomBytes, timingSafeEqual } from "node:crypto";
const secret = "bench-secret-bench-secret-bench-secret-0123";
const base = "http://localhost:3000/auth";
const user = { id: "1", name: "Bench User", email: "bench@example.com" };
const config = { secret, trustHost: true, session: { strategy: "jwt" }, providers: [Credentials({ authorize: () => user })], logger: { error() {}, warn() {}, debug() {} } };
const get = (p, cookie) => new Request(`${base}/${p}`, { headers: cookie ? { cookie } : {} });
const post = (p, cookie, f) => new Request(`${base}/${p}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(f) });
const pair = (res, name) => res.headers.getSetCookie().find((c) => c.startsWith(name + "=")).split(";")[0];
const r = await Auth(get("csrf"), config);
const csrf = pair(r, "authjs.csrf-token");
const { csrfToken } = await r.json();
const s = await Auth(post("callback/credentials", csrf, { csrfToken }), config);
const jar = `${csrf}; ${pair(s, "authjs.callback-url")}; ${pair(s, "authjs.session-token")}`;
const noStore = [["Cache-Control", "private, no-cache, no-store"], ["Expires", "0"], ["Pragma", "no-cache"], ["Content-Type", "application/json"]];
const csrfFloor = () => { const token = randomBytes(32).toString("hex"); const h = createHash("sha256").update(`${token}${secret}`).digest("hex"); return new Response(JSON.stringify({ csrfToken: token }), { headers: [...noStore, ["Set-Cookie", `authjs.csrf-token=${encodeURIComponent(`${token}|${h}`)}; Path=/; HttpOnly; SameSite=Lax`]] }); };
const cases = {
  session: () => Auth(get("session", jar), config),
  csrf: () => Auth(get("csrf"), config),
  csrffloor: async () => { get("csrf"); return csrfFloor(); },
  signin: () => Auth(post("callback/credentials", csrf, { csrfToken }), config),
};
const run = cases[process.argv[2]];
const n = Number(process.argv[3]);
for (let i = 0; i < 3000; i++) await (await run()).text();
for (let i = 0; i < n; i++) await (await run()).text();
