/**
 * The Node implementation of the session-token seal (crypto/node/primitives.ts) against the portable
 * one (crypto/jwe.ts, on Web Crypto): each opens what the other seals, and both refuse the same bad tokens.
 */
import { describe, expect, test } from "vitest";
import * as portable from "../src/crypto/jwe.js";
import * as node from "../src/crypto/node/primitives.js";
import * as seam from "../src/crypto/index.js";
import { sealImplementation } from "../src/crypto/seal.js";

const secret = "node-portable-interop-secret-0123456789";
const salt = "authjs.session-token";
const payload = { sub: "42", name: "Zoë ✓", email: "zoe@example.com", nested: { roles: ["a", "b"] } };

function flip(token: string, part: number): string {
  const parts = token.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0]! ^= 1;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("Node and portable session-token seals", () => {
  test("the seam uses the Node implementation under the node condition", async () => {
    const chosen = await sealImplementation();
    expect(chosen.sealJwt).toBe(node.sealJwt);
    expect(chosen.openJwt).toBe(node.openJwt);
  });

  test.each([
    ["node seals, portable opens", node.sealJwt, portable.openJwt],
    ["portable seals, node opens", portable.sealJwt, node.openJwt],
    ["node seals, node opens", node.sealJwt, node.openJwt],
  ] as const)("%s", async (_name, seal, open) => {
    const token = await seal({ payload, secret, salt, maxAge: 60 });
    const claims = await open<Record<string, unknown>>({ token, secrets: [secret], salt });
    expect(claims).toMatchObject(payload);
    expect(claims.exp).toBe((claims.iat as number) + 60);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("the header names the key by its thumbprint in both", async () => {
    const a = JSON.parse(Buffer.from((await node.sealJwt({ payload, secret, salt, maxAge: 60 })).split(".")[0]!, "base64url").toString());
    const b = JSON.parse(Buffer.from((await portable.sealJwt({ payload, secret, salt, maxAge: 60 })).split(".")[0]!, "base64url").toString());
    expect(a).toEqual(b);
    expect(a).toMatchObject({ alg: "dir", enc: "A256CBC-HS512" });
  });

  test("rotation: the secret whose key matches kid opens the token", async () => {
    const token = await node.sealJwt({ payload, secret: "old-secret-old-secret-old-secret-01", salt, maxAge: 60 });
    await expect(node.openJwt({ token, secrets: ["new-secret-new-secret-new-secret-01", "old-secret-old-secret-old-secret-01"], salt })).resolves.toMatchObject(payload);
    await expect(node.openJwt({ token, secrets: ["new-secret-new-secret-new-secret-01"], salt })).rejects.toThrow();
  });

  test.each([
    ["a flipped ciphertext byte", 3],
    ["a flipped tag byte", 4],
    ["a flipped IV byte", 2],
  ])("both refuse %s", async (_what, part) => {
    const token = flip(await node.sealJwt({ payload, secret, salt, maxAge: 60 }), part);
    await expect(node.openJwt({ token, secrets: [secret], salt })).rejects.toThrow();
    await expect(portable.openJwt({ token, secrets: [secret], salt })).rejects.toThrow();
  });

  test("both refuse an expired token, a truncated one and one for another salt", async () => {
    const expired = await node.sealJwt({ payload, secret, salt, maxAge: -60 });
    await expect(node.openJwt({ token: expired, secrets: [secret], salt })).rejects.toThrow(/expired/);
    await expect(portable.openJwt({ token: expired, secrets: [secret], salt })).rejects.toThrow();
    const good = await node.sealJwt({ payload, secret, salt, maxAge: 60 });
    await expect(node.openJwt({ token: good.slice(0, -10), secrets: [secret], salt })).rejects.toThrow();
    await expect(node.openJwt({ token: good, secrets: [secret], salt: "authjs.state" })).rejects.toThrow();
  });

  test("the open without a promise: nothing until the key is derived, then openJwt's claims and refusals", async () => {
    // A salt no other test opens with, so that its key is derived here first.
    const fresh = "open-now-test.session-token";
    const token = await portable.sealJwt({ payload, secret, salt: fresh, maxAge: 60 });
    expect(node.openJwtNow({ token, secrets: [secret], salt: fresh })).toBeUndefined();
    const claims = await node.openJwt({ token, secrets: [secret], salt: fresh });
    expect(node.openJwtNow({ token, secrets: [secret], salt: fresh })).toEqual(claims);
    for (const part of [2, 3, 4]) expect(() => node.openJwtNow({ token: flip(token, part), secrets: [secret], salt: fresh })).toThrow();
    const expired = await portable.sealJwt({ payload, secret, salt: fresh, maxAge: -60 });
    expect(() => node.openJwtNow({ token: expired, secrets: [secret], salt: fresh })).toThrow(/expired/);
    expect(() => node.openJwtNow({ token: token.slice(0, -10), secrets: [secret], salt: fresh })).toThrow();
    // The seam gives it once the implementation is chosen.
    await sealImplementation();
    expect(seam.openJwtNow).toBe(node.openJwtNow);
  });

  test("an A256GCM token (which Auth.js may write) is opened through the portable path", async () => {
    const { EncryptJWT } = await import("jose");
    const { key, kid } = await seam.deriveKey(secret, salt, "A256GCM");
    const token = await new EncryptJWT(payload).setProtectedHeader({ alg: "dir", enc: "A256GCM", kid }).setIssuedAt().setExpirationTime("1m").encrypt(key);
    await expect(node.openJwt({ token, secrets: [secret], salt })).resolves.toMatchObject(payload);
    expect(node.openJwtNow({ token, secrets: [secret], salt })).toBeUndefined();
  });
});
