/**
 * The floors of the hot paths: for each, the least any `(Request) => Response` handler can do to
 * give the same answer, written directly on node:crypto with every key already imported. Each
 * measured case builds its `Request` and reads the `Response` body, Latch's, Auth.js's and the
 * floor's alike, so a ratio to the floor is the price of everything Latch does beyond it.
 *
 * - session (JWT): read the cookie, decrypt the token (A256CBC-HS512, the tag checked first) with
 *   a cached key, answer the session as JSON with the no-store headers;
 * - CSRF, first visit: draw 32 random bytes, hash their hex with the secret (SHA-256), set the
 *   cookie `<token>|<hash>` and answer `{ csrfToken }` as JSON;
 * - CSRF, returning visit: read the cookie, recompute its hash, compare in constant time, answer;
 * - credentials sign-in: read the form, check the CSRF cookie and token, call `authorize`, seal
 *   the session token (iat, exp, jti) with a cached key, set its cookie and redirect.
 * The Web Crypto session floor is the same read with HMAC and AES-CBC of Web Crypto, the floor of
 * the portable path that edge runtimes take.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from "node:crypto";
import { deriveKey } from "../packages/core/src/crypto/keys.js";
import { base, secret, sessionCookie, user } from "./fixtures.js";

const csrfCookie = "authjs.csrf-token";
const noStore: [string, string][] = [["Cache-Control", "private, no-cache, no-store"], ["Expires", "0"], ["Pragma", "no-cache"], ["Content-Type", "application/json"]];

/** The value of cookie `name` in the request's `Cookie` header. */
function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const at = header.indexOf(`${name}=`);
  if (at === -1) return undefined;
  const end = header.indexOf(";", at);
  return decodeURIComponent(header.slice(at + name.length + 1, end === -1 ? undefined : end));
}

function al(aadLength: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(aadLength * 8));
  return bytes;
}

function tagOf(mac: KeyObject, header: string, iv: Buffer, ciphertext: Buffer): Buffer {
  return createHmac("sha512", mac).update(header, "ascii").update(iv).update(ciphertext).update(al(header.length)).digest().subarray(0, 32);
}

interface Keys {
  mac: KeyObject;
  enc: KeyObject;
  kid: string;
}

async function sessionKeys(): Promise<Keys> {
  const { key, kid } = await deriveKey(secret, sessionCookie);
  return { mac: createSecretKey(key.subarray(0, 32)), enc: createSecretKey(key.subarray(32)), kid };
}

function open(keys: Keys, token: string): { name?: string; email?: string; picture?: string; exp: number } {
  const [header, , iv, ciphertext, tag] = token.split(".") as [string, string, string, string, string];
  const ivBytes = Buffer.from(iv, "base64url");
  const ctBytes = Buffer.from(ciphertext, "base64url");
  if (!timingSafeEqual(tagOf(keys.mac, header, ivBytes, ctBytes), Buffer.from(tag, "base64url"))) throw new Error("bad tag");
  const decipher = createDecipheriv("aes-256-cbc", keys.enc, ivBytes);
  return JSON.parse(Buffer.concat([decipher.update(ctBytes), decipher.final()]).toString("utf8"));
}

function sessionAnswer(claims: { name?: string; email?: string; picture?: string; exp: number }): Response {
  const session = { user: { name: claims.name, email: claims.email, image: claims.picture }, expires: new Date(claims.exp * 1000).toISOString() };
  return new Response(JSON.stringify(session), { headers: noStore });
}

/** The floor of `GET /session` (JWT) on Node: a synchronous node:crypto decrypt with a key imported once. */
export async function sessionFloor(): Promise<(request: Request) => Response> {
  const keys = await sessionKeys();
  return (request) => {
    const token = cookieOf(request, sessionCookie);
    return token ? sessionAnswer(open(keys, token)) : new Response("null", { headers: noStore });
  };
}

/** The floor of `GET /session` with Web Crypto only (edge runtimes): HMAC and AES-CBC with keys imported once. */
export async function webCryptoSessionFloor(): Promise<(request: Request) => Promise<Response>> {
  const { key } = await deriveKey(secret, sessionCookie);
  const mac = await crypto.subtle.importKey("raw", key.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const enc = await crypto.subtle.importKey("raw", key.subarray(32), "AES-CBC", false, ["decrypt"]);
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
  return async (request) => {
    const [header, , iv, ciphertext, tag] = cookieOf(request, sessionCookie)!.split(".") as [string, string, string, string, string];
    const ivBytes = bytes(iv);
    const ctBytes = bytes(ciphertext);
    const aad = new TextEncoder().encode(header);
    const input = new Uint8Array([...aad, ...ivBytes, ...ctBytes, ...al(aad.length)]);
    const expected = new Uint8Array(await crypto.subtle.sign("HMAC", mac, input), 0, 32);
    if (!timingSafeEqual(expected, bytes(tag))) throw new Error("bad tag");
    const plaintext = await crypto.subtle.decrypt({ name: "AES-CBC", iv: ivBytes }, enc, ctBytes);
    return sessionAnswer(JSON.parse(new TextDecoder().decode(plaintext)));
  };
}

const csrfAttributes = "; Path=/; HttpOnly; SameSite=Lax";
const hashOf = (token: string) => createHash("sha256").update(`${token}${secret}`).digest("hex");

/** The floor of `GET /csrf` on a first visit: 32 random bytes, hashed with the secret, the cookie set, JSON answered. */
export function csrfFloor(): (request: Request) => Response {
  return () => {
    const token = randomBytes(32).toString("hex");
    const headers = [...noStore, ["Set-Cookie", `${csrfCookie}=${encodeURIComponent(`${token}|${hashOf(token)}`)}${csrfAttributes}`] as [string, string]];
    return new Response(JSON.stringify({ csrfToken: token }), { headers });
  };
}

/** The CSRF token of a valid cookie, or `undefined`. */
function csrfToken(request: Request): string | undefined {
  const value = cookieOf(request, csrfCookie);
  const bar = value?.indexOf("|") ?? -1;
  if (!value || bar < 1) return undefined;
  const token = value.slice(0, bar);
  const hash = Buffer.from(value.slice(bar + 1));
  const expected = Buffer.from(hashOf(token));
  return hash.length === expected.length && timingSafeEqual(hash, expected) ? token : undefined;
}

/** The floor of `GET /csrf` with a valid cookie: the hash recomputed and compared, the token answered. */
export function csrfValidFloor(): (request: Request) => Response {
  return (request) => new Response(JSON.stringify({ csrfToken: csrfToken(request) }), { headers: noStore });
}

const sessionAttributes = "; Path=/; HttpOnly; SameSite=Lax";

/** The floor of the credentials sign-in POST: form read, CSRF checked, `authorize` called, the token sealed, cookie set, redirect. */
export async function signInFloor(authorize: () => typeof user = () => user, maxAge = 30 * 24 * 60 * 60): Promise<(request: Request) => Promise<Response>> {
  const keys = await sessionKeys();
  const header = Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: keys.kid })).toString("base64url");
  return async (request) => {
    const form = new URLSearchParams(await request.text());
    const token = csrfToken(request);
    const sent = Buffer.from(form.get("csrfToken") ?? "");
    if (!token || sent.length !== token.length || !timingSafeEqual(sent, Buffer.from(token))) return new Response(null, { status: 302, headers: { Location: `${base}/signin?error=MissingCSRF` } });
    const who = authorize();
    const now = Math.floor(Date.now() / 1000);
    const claims = { name: who.name, email: who.email, sub: who.id, iat: now, exp: now + maxAge, jti: randomUUID() };
    const iv = randomBytes(16);
    const cipher = createCipheriv("aes-256-cbc", keys.enc, iv);
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(claims), "utf8"), cipher.final()]);
    const jwe = `${header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tagOf(keys.mac, header, iv, ciphertext).toString("base64url")}`;
    const expires = new Date((now + maxAge) * 1000).toUTCString();
    return new Response(null, { status: 302, headers: [["Location", "http://localhost:3000"], ["Set-Cookie", `${sessionCookie}=${jwe}${sessionAttributes}; Expires=${expires}`]] });
  };
}
