/**
 * What `npm pack` of @latch/react-router ships: `dist/`, README, LICENSE and package.json only,
 * and every file its `exports` name. (apps/example-react-router builds an app on it.)
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { exports: Record<string, string | Record<string, string>> };

test("the tarball holds dist, README, LICENSE and package.json, and every file the exports name", async () => {
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "-w", "@latch/react-router"], { cwd: root });
  const [entry] = JSON.parse(stdout) as { files: { path: string }[] }[];
  const files = entry!.files.map((f) => f.path);
  expect(files.filter((path) => !/^(dist\/.+|README\.md|LICENSE|package\.json)$/.test(path))).toEqual([]);
  expect(files.some((path) => /\.test\.|\/test\//.test(path))).toBe(false);
  const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [target] : Object.entries(target).filter(([condition]) => condition !== "source").map(([, path]) => path)));
  for (const target of targets) expect(files).toContain(target.replace(/^\.\//, ""));
}, 60_000);
