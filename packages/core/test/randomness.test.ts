/**
 * Every random value of core (tokens, codes, keys, ids, salts) comes from Web Crypto
 * (`crypto.getRandomValues`, `crypto.randomUUID`), a cryptographically secure generator
 * (ASVS 5.0 V6.5.3, V7.2.3): no source of core may draw from `Math.random`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

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
