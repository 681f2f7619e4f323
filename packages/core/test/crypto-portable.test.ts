/**
 * The portable crypto of the seam, which edge runtimes use (Web Crypto only), against jose and
 * against the Node implementations: the session-token seal opens what jose seals and jose opens
 * what it seals (A256CBC-HS512, and A256GCM on read), a tampered token is refused, and the
 * node:crypto digests, key derivation and string comparison give the same answers as the portable ones.
 */
import { EncryptJWT, SignJWT, jwtDecrypt, calculateJwkThumbprint, base64url } from "jose";
import { verifyHmacJws } from "../src/crypto/jws.js";
import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import * as portableHash from "../src/crypto/hash.js";
import * as nodeHash from "../src/crypto/node/primitives.js";
import * as portable from "../src/crypto/jwe.js";
import { digestImplementation } from "../src/crypto/digests.js";
import * as seam from "../src/crypto/index.js";
import { deriveKey } from "../src/crypto/keys.js";
import { hmacSha256Hex } from "../src/crypto/hmac.js";
import { timeOrderedUUID } from "../src/crypto/random.js";

const secret = "portable-web-crypto-secret-0123456789";
const salt = "authjs.session-token";
const payload = { sub: "7", name: "Ångström ✓", email: "a@example.com", roles: ["x", "y"] };

function flip(token: string, part: number, index = 0): string {
  const parts = token.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[index]! ^= 1;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

async function joseSeal(enc: "A256CBC-HS512" | "A256GCM", claims: Record<string, unknown> = payload, header: Record<string, unknown> = {}): Promise<string> {
  const { key, kid } = await deriveKey(secret, salt, enc);
  return new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc, kid, ...header }).setIssuedAt().setExpirationTime("1m").setJti("j").encrypt(key);
}

describe("portable session-token seal (Web Crypto) against jose", () => {
  test("the key id is jose's RFC 7638 thumbprint of the derived key", async () => {
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const { key, kid } = await deriveKey(secret, salt, enc);
      expect(kid).toBe(await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, enc === "A256GCM" ? "sha256" : "sha512"));
    }
  });

  test("jose opens what the portable seal makes", async () => {
    const token = await portable.sealJwt({ payload, secret, salt, maxAge: 60 });
    const { key } = await deriveKey(secret, salt);
    const { payload: claims, protectedHeader } = await jwtDecrypt(token, key);
    expect(claims).toMatchObject(payload);
    expect(claims.exp).toBe((claims.iat as number) + 60);
    expect(protectedHeader).toMatchObject({ alg: "dir", enc: "A256CBC-HS512" });
  });

  test.each(["A256CBC-HS512", "A256GCM"] as const)("the portable seal opens what jose seals with %s", async (enc) => {
    const token = await joseSeal(enc);
    await expect(portable.openJwt({ token, secrets: [secret], salt })).resolves.toMatchObject({ ...payload, jti: "j" });
  });

  test("a token whose tag was changed is refused, though its ciphertext is intact", async () => {
    for (const token of [await portable.sealJwt({ payload, secret, salt, maxAge: 60 }), await joseSeal("A256CBC-HS512")]) {
      await expect(portable.openJwt({ token, secrets: [secret], salt })).resolves.toMatchObject(payload);
      for (const index of [0, 31]) {
        await expect(portable.openJwt({ token: flip(token, 4, index), secrets: [secret], salt })).rejects.toThrow(/decryption failed/);
      }
    }
  });

  test.each([
    ["a changed header", 0],
    ["a changed IV", 2],
    ["a changed ciphertext", 3],
  ])("%s is refused", async (_what, part) => {
    const token = await portable.sealJwt({ payload, secret, salt, maxAge: 60 });
    await expect(portable.openJwt({ token: flip(token, part), secrets: [secret], salt })).rejects.toThrow();
    const gcm = await joseSeal("A256GCM");
    await expect(portable.openJwt({ token: flip(gcm, part === 0 ? 3 : part), secrets: [secret], salt })).rejects.toThrow();
  });

  test("expired tokens, other secrets, other salts, critical extensions and other algorithms are refused", async () => {
    const expired = await portable.sealJwt({ payload, secret, salt, maxAge: -60 });
    await expect(portable.openJwt({ token: expired, secrets: [secret], salt })).rejects.toThrow(/expired/);
    const token = await portable.sealJwt({ payload, secret, salt, maxAge: 60 });
    await expect(portable.openJwt({ token, secrets: ["another-secret-another-secret-0123"], salt })).rejects.toThrow();
    await expect(portable.openJwt({ token, secrets: [secret], salt: "authjs.state" })).rejects.toThrow();
    const { key, kid } = await deriveKey(secret, salt);
    const critical = await new EncryptJWT(payload).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid, crit: ["b64"], b64: true }).encrypt(key).catch(() => undefined);
    if (critical) await expect(portable.openJwt({ token: critical, secrets: [secret], salt })).rejects.toThrow();
    const [, ...rest] = token.split(".");
    const otherAlg = [Buffer.from(JSON.stringify({ alg: "A256KW", enc: "A256CBC-HS512", kid })).toString("base64url"), ...rest].join(".");
    await expect(portable.openJwt({ token: otherAlg, secrets: [secret], salt })).rejects.toThrow(/key management/);
  });

  test("rotation: the secret whose key id matches opens the token; without a kid, the first secret", async () => {
    const old = "old-secret-old-secret-old-secret-0123";
    const token = await portable.sealJwt({ payload, secret: old, salt, maxAge: 60 });
    await expect(portable.openJwt({ token, secrets: [secret, old], salt })).resolves.toMatchObject(payload);
    await expect(portable.openJwt({ token, secrets: [secret], salt })).rejects.toThrow(/key id/);
    const { key } = await deriveKey(secret, salt);
    const noKid = await new EncryptJWT(payload).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).setExpirationTime("1m").encrypt(key);
    await expect(portable.openJwt({ token: noKid, secrets: [secret, old], salt })).resolves.toMatchObject(payload);
  });
});

describe("node:crypto digests and key derivation against Web Crypto", () => {
  const inputs = ["", "a", "csrf-token|secret", "Zoë ✓ 𝄞", "x".repeat(1000)];

  test("the seam uses the node:crypto digests under the node condition", async () => {
    const chosen = await digestImplementation();
    expect(chosen.sha256Hex).toBe(nodeHash.sha256Hex);
    expect(chosen.hkdfSha256).toBe(nodeHash.hkdfSha256);
    expect(await seam.sha256Hex("csrf-token|secret")).toBe(await portableHash.sha256Hex("csrf-token|secret"));
  });

  test("the seam compares with node:crypto once chosen, and both comparisons give the same answers", async () => {
    await digestImplementation();
    expect(seam.timingSafeEqual).toBe(nodeHash.timingSafeEqual);
    expect(seam.timingSafeEqual).not.toBe(portableHash.timingSafeEqual);
    const pairs: [string, string][] = [
      ["", ""],
      ["a", "a"],
      ["a", "b"],
      ["abc", "ab"],
      ["ab", "abc"],
      ["", "a"],
      // Lone surrogates that UTF-8 would write alike are different code units, and differ.
      ["\uD800", "\uD801"],
      ["é", "e\u0301"],
      ["x".repeat(64), `${"x".repeat(63)}y`],
      ["Zoë ✓ 𝄞", "Zoë ✓ 𝄞"],
    ];
    for (const [a, b] of pairs) {
      expect(nodeHash.timingSafeEqual(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(a === b);
      expect(portableHash.timingSafeEqual(a, b)).toBe(a === b);
    }
  });

  test.each(inputs)("sha256Hex(%j) is the same", async (value) => {
    const expected = await portableHash.sha256Hex(value);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(await nodeHash.sha256Hex(value)).toBe(expected);
  });

  test.each(["SHA-1", "SHA-256", "SHA-512"] as const)("%s digests of bytes are the same", async (algorithm) => {
    for (const value of inputs) {
      const bytes = new TextEncoder().encode(value);
      expect(Buffer.from(await nodeHash.digest(algorithm, bytes)).toString("hex")).toBe(Buffer.from(await portableHash.digest(algorithm, bytes)).toString("hex"));
    }
  });

  test("HKDF-SHA256 gives the same key for every length Latch uses", async () => {
    for (const length of [32, 64]) {
      for (const value of inputs.filter(Boolean)) {
        const a = await nodeHash.hkdfSha256(value, salt, `Auth.js Generated Encryption Key (${salt})`, length);
        const b = await portableHash.hkdfSha256(value, salt, `Auth.js Generated Encryption Key (${salt})`, length);
        expect(a.length).toBe(length);
        expect(Buffer.from(a).toString("hex")).toBe(Buffer.from(b).toString("hex"));
      }
    }
  });
});

describe("constant-time comparison", () => {
  test.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["abcd", "abc", false],
    ["", "", true],
    ["", "a", false],
    ["Zoë ✓ 𝄞", "Zoë ✓ 𝄞", true],
    ["Zoë ✓ 𝄞", "Zoe ✓ 𝄞", false],
    ["a\u0000", "a", false],
  ])("timingSafeEqual(%j, %j) is %s", (a, b, equal) => {
    expect(seam.timingSafeEqual(a, b)).toBe(equal);
  });
});

describe("HMAC-signed JWS (ID tokens of providers that use their client secret) against jose", () => {
  const key = "client-secret-of-the-relying-party";
  const sign = (alg: string, header: Record<string, unknown> = {}) =>
    new SignJWT({ sub: "1", aud: "client" }).setProtectedHeader({ alg, ...header }).sign(new TextEncoder().encode(key));

  test.each(["HS256", "HS384", "HS512"] as const)("a %s token jose signed verifies", async (alg) => {
    await expect(verifyHmacJws({ jws: await sign(alg), alg, secret: key })).resolves.toBeUndefined();
  });

  test("a changed signature, payload or secret is refused", async () => {
    const jws = await sign("HS256");
    const [h, p, s] = jws.split(".") as [string, string, string];
    const flipped = Buffer.from(s, "base64url");
    flipped[0]! ^= 1;
    await expect(verifyHmacJws({ jws: `${h}.${p}.${flipped.toString("base64url")}`, alg: "HS256", secret: key })).rejects.toThrow(/does not verify/);
    await expect(verifyHmacJws({ jws: `${h}.${Buffer.from('{"sub":"2"}').toString("base64url")}.${s}`, alg: "HS256", secret: key })).rejects.toThrow(/does not verify/);
    await expect(verifyHmacJws({ jws, alg: "HS256", secret: `${key}x` })).rejects.toThrow(/does not verify/);
  });

  test("another algorithm than the one accepted, or a critical extension, is refused", async () => {
    await expect(verifyHmacJws({ jws: await sign("HS512"), alg: "HS256", secret: key })).rejects.toThrow(/algorithm/);
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from("{}").toString("base64url")}.`;
    await expect(verifyHmacJws({ jws: none, alg: "HS256", secret: key })).rejects.toThrow(/algorithm/);
    const input = `${Buffer.from('{"alg":"HS256","crit":["x"],"x":1}').toString("base64url")}.${Buffer.from('{"sub":"1"}').toString("base64url")}`;
    const critical = `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
    await expect(verifyHmacJws({ jws: critical, alg: "HS256", secret: key })).rejects.toThrow(/extension/);
  });
});

describe("keyed digest and time-ordered ids", () => {
  test("hmacSha256Hex is node:crypto's HMAC-SHA-256", async () => {
    expect(await hmacSha256Hex("key ✓", "203.0.113.7")).toBe(createHmac("sha256", "key ✓").update("203.0.113.7").digest("hex"));
    expect(await hmacSha256Hex("other key", "203.0.113.7")).not.toBe(await hmacSha256Hex("key ✓", "203.0.113.7"));
  });

  test("timeOrderedUUID: version 7 with the time, sorting as made within one millisecond and across them", () => {
    const at = Date.UTC(2030, 0, 1);
    const ids = [timeOrderedUUID(at), timeOrderedUUID(at), timeOrderedUUID(at), timeOrderedUUID(at + 1), timeOrderedUUID(at)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(ids[0]!.replace("-", "").slice(0, 12), 16)).toBe(at);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
