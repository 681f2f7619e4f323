import { Auth, raw } from "@latch/core";
import { latchConfig } from "./contender.js";
import { get, signInAsBrowser, cookiePair, sessionCookie, secret } from "./fixtures.js";
import { sessionFloor } from "./floors.js";
import { cpuMeasure } from "./.cpu.js";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import { createDecipheriv, createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
const { key } = await deriveKey(secret, sessionCookie);
const mac = createSecretKey(key.subarray(0, 32)), enc = createSecretKey(key.subarray(32));
function open(token: string) {
  const [header, , iv, ciphertext, tag] = token.split(".") as any;
  const ivBytes = Buffer.from(iv, "base64url"); const ctBytes = Buffer.from(ciphertext, "base64url");
  const al = Buffer.alloc(8); al.writeBigUInt64BE(BigInt(header.length * 8));
  const t = createHmac("sha512", mac).update(header, "ascii").update(ivBytes).update(ctBytes).update(al).digest().subarray(0, 32);
  if (!timingSafeEqual(t, Buffer.from(tag, "base64url"))) throw new Error("bad");
  const d = createDecipheriv("aes-256-cbc", enc, ivBytes);
  return JSON.parse(Buffer.concat([d.update(ctBytes), d.final()]).toString("utf8"));
}
const config = latchConfig();
const custom = { ...latchConfig(), jwt: { decode: async ({ token }: any) => open(token) } };
const { csrf, response } = await signInAsBrowser((r) => Auth(r, config));
const signed = `${csrf}; ${cookiePair(response, "authjs.callback-url")}; ${cookiePair(response, sessionCookie)}`;
const sf = await sessionFloor();
const cases = [
  { name: "floor", run: async () => sf(get("session", signed)).text() },
  { name: "latch", run: async () => (await Auth(get("session", signed), config)).text() },
  { name: "latch custom decode", run: async () => (await Auth(get("session", signed), custom)).text() },
];
const res = await cpuMeasure(cases, 8, 2000);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(2));
