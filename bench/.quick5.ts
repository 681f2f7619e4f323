import { Auth } from "@latch/core";
import { latchConfig } from "./contender.js";
import { get, signInAsBrowser, cookiePair, sessionCookie, secret } from "./fixtures.js";
import { cpuMeasure } from "./.cpu.js";
import { decode } from "@latch/core/jwt";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import { createDecipheriv, createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
const h = (r: Request) => Auth(r, latchConfig());
const { response } = await signInAsBrowser(h);
const token = cookiePair(response, sessionCookie).slice(sessionCookie.length + 1);
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
const cases = [
  { name: "floor open", run: async () => open(token) },
  { name: "latch decode", run: async () => decode({ token, secret, salt: sessionCookie }) },
];
const res = await cpuMeasure(cases, 6, 5000);
for (const c of cases) console.log(c.name.padEnd(30), res.get(c.name)!.toFixed(2));
