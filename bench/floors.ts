/**
 * How close a session read comes to its floor, on each crypto path, measured in the same rounds
 * as Latch and Auth.js: a bare handler that does only what no session read can skip (read the
 * cookie, open the token with an already imported key, answer JSON) over the same Request and
 * Response, once with a synchronous node:crypto decrypt (Latch's Node path) and once with Web
 * Crypto (the portable path edge runtimes take). Latch's portable read is forced by configuring
 * the portable seal as its `jwt.decode`.
 */
import { createDecipheriv, createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import * as portable from "../packages/core/src/crypto/jwe.js";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import type { Contender } from "./contender.js";
import { latchConfig } from "./contender.js";
import { get, secret, sessionCookie } from "./fixtures.js";
import { measure, rate } from "./measure.js";
import type { FloorFigures, SummaryRow } from "./summary.js";

const noStore = { "Cache-Control": "private, no-cache, no-store", Expires: "0", Pragma: "no-cache", "Content-Type": "application/json" };

function tokenOf(request: Request): string {
  const match = /(?:^|;\s*)authjs\.session-token=([^;]*)/.exec(request.headers.get("cookie") ?? "");
  if (!match) throw new Error("no session cookie");
  return match[1]!;
}

function answer(claims: { name?: string; email?: string; picture?: string; exp: number }): Response {
  const session = { user: { name: claims.name, email: claims.email, image: claims.picture }, expires: new Date(claims.exp * 1000).toISOString() };
  return new Response(JSON.stringify(session), { headers: noStore });
}

function al(aadLength: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(aadLength * 8));
  return bytes;
}

/** The floor on Node: a synchronous node:crypto decrypt with a key imported once. */
async function nodeFloor(): Promise<(request: Request) => Response> {
  const { key } = await deriveKey(secret, sessionCookie);
  const mac = createSecretKey(key.subarray(0, 32));
  const enc = createSecretKey(key.subarray(32));
  return (request) => {
    const [header, , iv, ciphertext, tag] = tokenOf(request).split(".") as [string, string, string, string, string];
    const ivBytes = Buffer.from(iv, "base64url");
    const ctBytes = Buffer.from(ciphertext, "base64url");
    const expected = createHmac("sha512", mac).update(header).update(ivBytes).update(ctBytes).update(al(header.length)).digest().subarray(0, 32);
    if (!timingSafeEqual(expected, Buffer.from(tag, "base64url"))) throw new Error("bad tag");
    const decipher = createDecipheriv("aes-256-cbc", enc, ivBytes);
    return answer(JSON.parse(Buffer.concat([decipher.update(ctBytes), decipher.final()]).toString("utf8")));
  };
}

/** The floor with Web Crypto only (edge runtimes): HMAC and AES-CBC with keys imported once. */
async function webCryptoFloor(): Promise<(request: Request) => Promise<Response>> {
  const { key } = await deriveKey(secret, sessionCookie);
  const mac = await crypto.subtle.importKey("raw", key.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const enc = await crypto.subtle.importKey("raw", key.subarray(32), "AES-CBC", false, ["decrypt"]);
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
  return async (request) => {
    const [header, , iv, ciphertext, tag] = tokenOf(request).split(".") as [string, string, string, string, string];
    const ivBytes = bytes(iv);
    const ctBytes = bytes(ciphertext);
    const aad = new TextEncoder().encode(header);
    const input = new Uint8Array([...aad, ...ivBytes, ...ctBytes, ...al(aad.length)]);
    const expected = new Uint8Array(await crypto.subtle.sign("HMAC", mac, input), 0, 32);
    if (!timingSafeEqual(expected, bytes(tag))) throw new Error("bad tag");
    const plaintext = await crypto.subtle.decrypt({ name: "AES-CBC", iv: ivBytes }, enc, ctBytes);
    return answer(JSON.parse(new TextDecoder().decode(plaintext)));
  };
}

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

/** Measures GET /session for Latch (both paths), Auth.js and both floors in the same rounds. */
export async function sessionFloors(contenders: Contender[], cookie: string): Promise<FloorFigures> {
  const [latch, authjs] = contenders;
  const portableConfig = portableLatchConfig();
  const floorNode = await nodeFloor();
  const floorWeb = await webCryptoFloor();
  const names = {
    latch: "Latch, node:crypto path (Node default)",
    portable: "Latch, portable path (Web Crypto, as on edge runtimes)",
    authjs: "Auth.js",
    floorNode: "floor: bare handler, sync node:crypto decrypt, cached key",
    floorWeb: "floor: bare handler, Web Crypto decrypt, cached keys",
  };
  const cases = [
    { name: names.latch, run: async () => (await latch!.handle(get("session", cookie))).text() },
    { name: names.portable, run: async () => (await Auth(get("session", cookie), portableConfig)).text() },
    { name: names.floorNode, run: async () => floorNode(get("session", cookie)).text() },
    { name: names.floorWeb, run: async () => (await floorWeb(get("session", cookie))).text() },
  ];
  if (authjs) cases.push({ name: names.authjs, run: async () => (await authjs.handle(get("session", cookie))).text() });
  const results = await measure(cases);
  console.log("\nSession read (JWT) against its floor, same rounds");
  for (const c of cases) console.log(`  ${c.name.padEnd(58)} ${rate(results.get(c.name)!)}`);
  const times = (a: string, b: string) => results.get(b)! / results.get(a)!;
  const nodeTimes = times(names.latch, names.floorNode);
  const portableTimes = times(names.portable, names.floorWeb);
  console.log(`  Latch (Node) takes ${nodeTimes.toFixed(2)}x the time of its floor; portable Latch ${portableTimes.toFixed(2)}x the time of the Web Crypto floor`);
  const rows: SummaryRow[] = [];
  if (authjs) {
    const portableRow = { what: "GET /session, portable path (Web Crypto)", latch: results.get(names.portable)!, authjs: results.get(names.authjs)! };
    console.log(`  portable Latch ÷ Auth.js = ${(portableRow.latch / portableRow.authjs).toFixed(2)}x`);
    rows.push(portableRow);
  }
  return { rows, nodeTimes, portableTimes };
}
