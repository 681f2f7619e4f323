/**
 * The hot paths, each next to its floor (floors.ts) and to Auth.js, every case measured in the
 * same interleaved rounds: `GET /session` with a valid JWT session (Node path, and the portable
 * Web Crypto path against its own floor), `GET /csrf` on a first visit and with a valid cookie,
 * and the credentials sign-in POST. Every implementation gets the same requests, built inside the
 * measured case, and has its response body read.
 */
import { writeFileSync } from "node:fs";
import { Auth, type AuthConfig } from "@latch/core";
import * as portable from "../packages/core/src/crypto/jwe.js";
import type { Inputs } from "./agreement.js";
import type { Contender } from "./contender.js";
import { latchConfig } from "./contender.js";
import { check, get, post } from "./fixtures.js";
import { csrfFloor, csrfValidFloor, sessionFloor, signInFloor, webCryptoSessionFloor } from "./floors.js";
import { measureWithCpu, rate } from "./measure.js";
import { figuresFile } from "./repeat.js";
import type { HotPath, SummaryRow } from "./summary.js";

/** Latch with its session tokens opened by the portable (Web Crypto) seal, as on edge runtimes. */
export function portableLatchConfig(): AuthConfig {
  return {
    ...latchConfig(),
    jwt: {
      decode: ({ token, secret: s, salt }) => (token ? portable.openJwt({ token, secrets: Array.isArray(s) ? s : [s], salt }) : null),
      encode: ({ token, secret: s, salt, maxAge }) => portable.sealJwt({ payload: token ?? {}, secret: Array.isArray(s) ? s[0]! : s, salt, maxAge: maxAge ?? 30 * 24 * 60 * 60 }),
    },
  };
}

type Handle = (request: Request) => Response | Promise<Response>;

interface PathCase {
  what: string;
  request: () => Request;
  latch: Handle;
  authjs?: Handle;
  floor: Handle;
  floorIs: string;
}

/** Measures every hot path of Latch, Auth.js (when given) and the floors in the same rounds. */
export async function hotPaths(contenders: Contender[], inputs: Pick<Inputs, "jar" | "session" | "csrfToken">): Promise<{ paths: HotPath[]; rows: SummaryRow[] }> {
  const [latch, authjs] = contenders as [Contender, Contender | undefined];
  const portableConfig = portableLatchConfig();
  const signedIn = `${inputs.jar}; ${inputs.session}`;
  const floorSession = await sessionFloor();
  const floorSignIn = await signInFloor();
  const paths: PathCase[] = [
    {
      what: "GET /session, valid JWT session",
      request: () => get("session", signedIn),
      latch: latch.handle,
      authjs: authjs?.handle,
      floor: floorSession,
      floorIs: "cookie read, sync node:crypto decrypt with a cached key, JSON answered",
    },
    {
      what: "GET /session, portable path (Web Crypto)",
      request: () => get("session", signedIn),
      latch: (request) => Auth(request, portableConfig),
      authjs: authjs?.handle,
      floor: await webCryptoSessionFloor(),
      floorIs: "the same with Web Crypto HMAC and AES-CBC, keys imported once",
    },
    {
      what: "GET /csrf, first visit (no cookie)",
      request: () => get("csrf"),
      latch: latch.handle,
      authjs: authjs?.handle,
      floor: csrfFloor(),
      floorIs: "32 random bytes, SHA-256 with the secret, cookie set, JSON answered",
    },
    {
      what: "GET /csrf, valid CSRF cookie",
      request: () => get("csrf", inputs.jar),
      latch: latch.handle,
      authjs: authjs?.handle,
      floor: csrfValidFloor(),
      floorIs: "cookie read, hash recomputed and compared, JSON answered",
    },
    {
      what: "POST /callback/credentials, valid CSRF token",
      request: () => post("callback/credentials", inputs.jar, { csrfToken: inputs.csrfToken }),
      latch: latch.handle,
      authjs: authjs?.handle,
      floor: floorSignIn,
      floorIs: "form read, CSRF checked, authorize, token sealed with a cached key, cookie set, 302",
    },
  ];

  // The floors give the answers Latch gives: the same user, the same token, a redirect with a session.
  const session = await (await floorSession(get("session", signedIn))).json() as { user?: { email?: string } };
  const latchSession = await (await latch.handle(get("session", signedIn))).json() as { user?: { email?: string } };
  check(session.user?.email === latchSession.user?.email, "the session floor does not read Latch's session");
  const csrf = await (await csrfValidFloor()(get("csrf", inputs.jar))).json() as { csrfToken?: string };
  check(csrf.csrfToken === inputs.csrfToken, "the CSRF floor does not accept Latch's CSRF cookie");
  const signIn = await floorSignIn(post("callback/credentials", inputs.jar, { csrfToken: inputs.csrfToken }));
  check(signIn.status === 302 && signIn.headers.getSetCookie().length === 1, "the sign-in floor does not sign in");

  const name = (p: PathCase, who: string) => `${p.what}: ${who}`;
  const body = (handle: Handle, request: () => Request) => async () => (await handle(request())).text();
  const cases = paths.flatMap((p) => [
    { name: name(p, "Latch"), run: body(p.latch, p.request) },
    ...(p.authjs ? [{ name: name(p, "Auth.js"), run: body(p.authjs, p.request) }] : []),
    { name: name(p, "floor"), run: body(p.floor, p.request) },
  ]);
  const results = await measureWithCpu(cases);

  console.log("\nHot paths: Latch, Auth.js and the floor of each, same requests, same interleaved rounds (wall clock; CPU time of the process per request)");
  const out: HotPath[] = [];
  const rows: SummaryRow[] = [];
  const cpu = (micros: number) => `${micros.toFixed(1).padStart(8)} µs CPU`;
  for (const p of paths) {
    const [l, a, f] = ["Latch", "Auth.js", "floor"].map((who) => results.get(name(p, who)));
    const figure: HotPath = { what: p.what, latch: l!.opsPerSec, authjs: a?.opsPerSec, floor: f!.opsPerSec, latchCpu: l!.cpuMicros, authjsCpu: a?.cpuMicros, floorCpu: f!.cpuMicros, floorIs: p.floorIs };
    console.log(`  ${p.what}`);
    console.log(`    Latch    ${rate(figure.latch)}  ${cpu(figure.latchCpu)}`);
    if (a) console.log(`    Auth.js  ${rate(a.opsPerSec)}  ${cpu(a.cpuMicros)}`);
    console.log(`    floor    ${rate(figure.floor)}  ${cpu(figure.floorCpu)}   (${p.floorIs})`);
    const versus = a ? `Latch ÷ Auth.js = ${(figure.latch / a.opsPerSec).toFixed(2)}x the rate (${(a.cpuMicros / figure.latchCpu).toFixed(2)}x in CPU time); ` : "";
    console.log(`    ${versus}Latch takes ${(figure.floor / figure.latch).toFixed(2)}x the time of its floor (${(figure.latchCpu / figure.floorCpu).toFixed(2)}x its CPU time)`);
    if (a) rows.push({ what: p.what, latch: figure.latch, authjs: a.opsPerSec });
    out.push(figure);
  }
  // A run of `--repeat` reads these figures back (repeat.ts).
  const file = process.env[figuresFile];
  if (file) writeFileSync(file, JSON.stringify(out));
  return { paths: out, rows };
}
