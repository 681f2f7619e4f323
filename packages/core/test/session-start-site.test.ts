/**
 * Sessions start in one place: `signin/complete.ts` (its gate) is the only module that calls a strategy's
 * `start`, and the strategies' start functions are named only inside `session/`. A new way to
 * sign in that started a session itself would skip the step-up, the mailbox rule and the record
 * of how the session was earned; this test parses every source file of core and fails on one.
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
    return /\.ts$/.test(name) && !/\.test\.ts$|\.test-d\.ts$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(srcDir).map((path) => ({ path: relative(srcDir, path).split("\\").join("/"), code: readFileSync(path, "utf8") }));

test("only signin/complete.ts starts a session", () => {
  const starters = files.filter(({ code }) => /sessionStrategy\([^)]*\)\s*\.start\(|\.start\(ctx,/.test(code)).map(({ path }) => path);
  expect(starters).toEqual(["signin/complete.ts"]);
});

test("the strategies' start functions are named only inside session/", () => {
  const outside = files.filter(({ path, code }) => !path.startsWith("session/") && /\bstart(Jwt|Database)Session\b/.test(code)).map(({ path }) => path);
  expect(outside).toEqual([]);
});
