/**
 * Every random value of core (tokens, codes, keys, ids, salts) comes from Web Crypto
 * (`crypto.getRandomValues`, `crypto.randomUUID`), a cryptographically secure generator
 * (ASVS 5.0 V6.5.3, V7.2.3): no source of core may draw from `Math.random`. Short draws are
 * handed out of 4 KiB the generator gives at once: each byte once, never changed afterwards.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, test, vi } from "vitest";
import { randomBytes } from "../src/crypto/random.js";

const srcDir = fileURLToPath(new URL("../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

test("no source of @latch/core draws randomness from Math.random", () => {
  const files = sourceFiles(srcDir);
  expect(files.length).toBeGreaterThan(40);
  const offenders = files.filter((path) => /\bMath\s*\.\s*random\b|\bMath\s*\[\s*["']random["']\s*\]/.test(readFileSync(path, "utf8")));
  expect(offenders.map((path) => relative(srcDir, path))).toEqual([]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

test("short draws come from the generator 4 KiB at a time, each byte handed out once", () => {
  const generator = vi.spyOn(crypto, "getRandomValues");
  const seen = new Set<string>();
  const draws: Uint8Array[] = [];
  // 3,000 draws of 16 bytes: 48,000 bytes, twelve fills at least.
  for (let i = 0; i < 3000; i++) {
    const bytes = randomBytes(16);
    expect(bytes.length).toBe(16);
    draws.push(bytes);
    seen.add(Buffer.from(bytes).toString("hex"));
  }
  // Random 128-bit values never repeat; a byte handed out twice would.
  expect(seen.size).toBe(3000);
  expect(generator.mock.calls.length).toBeGreaterThanOrEqual(11);
  expect(generator.mock.calls.length).toBeLessThanOrEqual(13);
  // A draw is a copy: the refills after it did not change it.
  expect(Buffer.from(draws[0]!).toString("hex")).toBe([...seen][0]);
  expect(draws.every((bytes) => bytes.buffer.byteLength === 16)).toBe(true);
});

test("draws of every length: up to 256 bytes from the pool, longer ones straight from the generator", () => {
  for (const length of [0, 1, 4, 20, 32, 255, 256, 257, 4096, 5000]) {
    const generator = vi.spyOn(crypto, "getRandomValues");
    const bytes = randomBytes(length);
    expect(bytes.length).toBe(length);
    if (length > 256) expect(generator).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  }
  // 64 random bytes are not all zero (an erased or unfilled pool would give zeros).
  expect(randomBytes(64).some((byte) => byte !== 0)).toBe(true);
});
