/**
 * How many source files a request's path crosses: the distinct files of `packages/*\/src` with at
 * least one function executed while `Auth()` serves one request in a warm process (V8 precise
 * coverage in a child process running the TypeScript sources; see path-files/measure.ts).
 * Prints each count with its files, holds each path to what it crosses today (a path that grows
 * fails), and states the targets: a credentials sign-in ≤ 10 files, a session read ≤ 6.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const script = fileURLToPath(new URL("path-files/measure.ts", import.meta.url));

type PathName = "credentials sign-in" | "session read (JWT)" | "session read (database)";

/** The most files each path crosses today; lower these as paths get shorter, never raise them. */
const crossedToday: Record<PathName, number> = {
  "credentials sign-in": 10,
  "session read (JWT)": 5,
  "session read (database)": 5,
};

/** What a path may cross once the action registry and the merges are done. */
const targets: Record<PathName, number> = {
  "credentials sign-in": 10,
  "session read (JWT)": 6,
  "session read (database)": 6,
};

let paths: Record<PathName, string[]>;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--conditions=source", "--import", "tsx", script], { cwd: repository });
  paths = JSON.parse(stdout) as Record<PathName, string[]>;
  for (const [name, files] of Object.entries(paths)) {
    console.log(`${name}: ${files.length} source files\n${files.map((f) => `  ${f}`).join("\n")}`);
  }
}, 60_000);

describe("source files on a request's path", () => {
  test("the counts are of TypeScript sources under packages/*/src, and every path starts at Auth()", () => {
    for (const files of Object.values(paths)) {
      expect(files).toContain("packages/core/src/auth.ts");
      for (const file of files) expect(file).toMatch(/^packages\/[^/]+\/src\/.+\.ts$/);
    }
  });

  test.each(Object.keys(crossedToday) as PathName[])("%s crosses no more files than today", (name) => {
    expect(paths[name].length).toBeLessThanOrEqual(crossedToday[name]);
  });

  test.each(Object.keys(targets) as PathName[])("%s meets its target", (name) => {
    expect(paths[name].length).toBeLessThanOrEqual(targets[name]);
  });
});
