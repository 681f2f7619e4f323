/**
 * Password hashing (features/passwords/hash.ts): Argon2id PHC strings that carry their parameters,
 * verified in constant time, upgraded when the parameters change; the native Node implementation
 * and the portable WebAssembly one give the same bytes.
 */
import { describe, expect, test } from "vitest";
import * as portable from "../../../crypto/argon2.js";
import * as node from "../../../crypto/node/argon2.js";
import { defaultPasswordHashParameters, hashPassword, needsRehash, verifyPassword } from "../index.js";

const password = "correct horse battery staple";
const phc = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

/** Replaces one character of the PHC string's last field (the hash) with another base64 character. */
function tamperOutput(hash: string): string {
  const at = hash.length - 5;
  return hash.slice(0, at) + (hash[at] === "A" ? "B" : "A") + hash.slice(at + 1);
}

describe("hashPassword / verifyPassword", () => {
  test("a PHC string with OWASP's Argon2id parameters and a fresh salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a).toMatch(phc);
    expect(b).toMatch(phc);
    expect(a).not.toBe(b);
    expect(defaultPasswordHashParameters).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  test("the right password verifies, a wrong one (even one character off) does not", async () => {
    const stored = await hashPassword(password);
    await expect(verifyPassword(password, stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse battery stapler", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  test("NFKC: the same password typed with other code points verifies", async () => {
    // U+212B ANGSTROM SIGN and U+FB01 LATIN SMALL LIGATURE FI normalise to Å and "fi".
    const stored = await hashPassword("\u212Bngstr\u00F6m \uFB01sh tank");
    await expect(verifyPassword("\u00C5ngstr\u00F6m fish tank", stored)).resolves.toBe(true);
  });

  test("a changed hash, salt or parameter in the stored string fails verification", async () => {
    const stored = await hashPassword(password);
    await expect(verifyPassword(password, tamperOutput(stored))).resolves.toBe(false);
    await expect(verifyPassword(password, stored.replace("t=2", "t=3"))).resolves.toBe(false);
    const [, , , , salt] = stored.split("$");
    const otherSalt = (salt![0] === "A" ? "B" : "A") + salt!.slice(1);
    await expect(verifyPassword(password, stored.replace(`$${salt}$`, `$${otherSalt}$`))).resolves.toBe(false);
  });

  test.each([
    ["an empty string", ""],
    ["bcrypt", "$2b$10$nOUIs5kJ7naTuTFkBy1veuK0kSxUFXfuaOKdOKf9xYT0KKIGSJwFa"],
    ["argon2i", "$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"],
    ["argon2id version 16", "$argon2id$v=16$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"],
    ["4 GiB of memory", "$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"],
    ["1000 passes", "$argon2id$v=19$m=19456,t=1000,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"],
    ["a 4-byte salt", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"],
    ["bad base64", "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$a"],
    ["trailing text", "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g$x"],
  ])("%s is refused without being hashed against", async (_what, stored) => {
    await expect(verifyPassword(password, stored)).resolves.toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  test("parameters out of range are refused when hashing", async () => {
    await expect(hashPassword(password, { memoryCost: 4, timeCost: 2, parallelism: 1 })).rejects.toThrow(RangeError);
    await expect(hashPassword(password, { memoryCost: 19456, timeCost: 0, parallelism: 1 })).rejects.toThrow(RangeError);
    await expect(hashPassword(password, { memoryCost: 19456, timeCost: 2, parallelism: 1.5 })).rejects.toThrow(RangeError);
  });

  test("the event loop keeps running while a password hashes (Node: libuv's thread pool)", async () => {
    await hashPassword(password); // loads the implementation
    let ticked = false;
    setTimeout(() => (ticked = true), 0);
    await hashPassword(password);
    expect(ticked).toBe(true);
  });
});

describe("needsRehash: parameter upgrades", () => {
  test("a hash made with other parameters still verifies and asks to be replaced", async () => {
    const old = await hashPassword(password, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    expect(old).toMatch(/^\$argon2id\$v=19\$m=4096,t=3,p=1\$/);
    await expect(verifyPassword(password, old)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
    const current = await hashPassword(password);
    expect(needsRehash(current)).toBe(false);
    // Raising the configured cost makes today's hashes due for an upgrade.
    expect(needsRehash(current, { memoryCost: 47104, timeCost: 1, parallelism: 1 })).toBe(true);
    expect(needsRehash(old, { memoryCost: 4096, timeCost: 3, parallelism: 1 })).toBe(false);
  });
});

describe("native (Node) and WebAssembly Argon2id", () => {
  test.each([
    [{ memoryCost: 19456, timeCost: 2, parallelism: 1, outputLength: 32 }],
    [{ memoryCost: 64, timeCost: 3, parallelism: 4, outputLength: 16 }],
  ])("give the same bytes for %o", async (parameters) => {
    const bytes = new TextEncoder().encode("pässwörd 🔑");
    const salt = new TextEncoder().encode("sixteen byte slt");
    const [a, b] = await Promise.all([node.argon2idRaw(bytes, salt, parameters), portable.argon2idRaw(bytes, salt, parameters)]);
    expect(a.length).toBe(parameters.outputLength);
    expect(Buffer.from(a).toString("hex")).toBe(Buffer.from(b).toString("hex"));
  });

  // Known answers from the reference implementation (the `argon2` command of the Debian package
  // argon2 0~20171227: `printf 'pässwörd 🔑' | argon2 "sixteen byte slt" -id -k 19456 -t 2 -p 1 -l 32 -r`).
  test.each([
    [{ memoryCost: 19456, timeCost: 2, parallelism: 1, outputLength: 32 }, "33c0aecf703dbae81ee83810a5f4f96faf30c29059ba3d285dc6e64104d4908c"],
    [{ memoryCost: 32, timeCost: 3, parallelism: 4, outputLength: 32 }, "b9cabc1f65719799d58c1d48f77554c4bc1b80e13cfdc636bf4439728d24ae7f"],
  ])("both match the reference implementation for %o", async (parameters, expected) => {
    const bytes = new TextEncoder().encode("pässwörd 🔑");
    const salt = new TextEncoder().encode("sixteen byte slt");
    expect(Buffer.from(await node.argon2idRaw(bytes, salt, parameters)).toString("hex")).toBe(expected);
    expect(Buffer.from(await portable.argon2idRaw(bytes, salt, parameters)).toString("hex")).toBe(expected);
  });

  test("a hash made by one verifies with the other", async () => {
    const stored = await hashPassword(password);
    const [, , , params, salt, output] = stored.split("$");
    const [m, t, p] = params!.split(",").map((kv) => Number(kv.split("=")[1]));
    const again = await portable.argon2idRaw(new TextEncoder().encode(password), Buffer.from(salt!, "base64"), { memoryCost: m!, timeCost: t!, parallelism: p!, outputLength: 32 });
    expect(Buffer.from(again).toString("base64").replace(/=+$/, "")).toBe(output);
  });
});
