/**
 * What `npm pack` of a workspace package ships, read with `npm pack --dry-run --json`: the files
 * of the tarball, and the problems with them (a file outside `dist/`, README, LICENSE and
 * package.json; a test; a file the `exports` name that is missing).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The tarball of one workspace package as `npm pack --dry-run` lists it. */
export interface PackedPackage {
  /** The paths in the tarball. */
  files: string[];
  /** What is wrong with them; empty when the tarball holds only what it should. */
  problems: string[];
}

/**
 * Packs `workspace` (`@latch/react`, …) of the monorepo at `root` without writing the tarball.
 *
 * @example
 * ```ts
 * expect((await packedPackage(root, "@latch/react", "packages/react")).problems).toEqual([])
 * ```
 */
export async function packedPackage(root: string, workspace: string, folder: string): Promise<PackedPackage> {
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "-w", workspace], { cwd: root });
  const [entry] = JSON.parse(stdout) as { files: { path: string }[] }[];
  const files = entry!.files.map((f) => f.path);
  const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as { exports: Record<string, string | Record<string, string>> };
  const problems = files.filter((path) => !/^(dist\/.+|README\.md|LICENSE|package\.json)$/.test(path)).map((path) => `not dist, README, LICENSE or package.json: ${path}`);
  problems.push(...files.filter((path) => /\.test\.|\/test\//.test(path)).map((path) => `a test: ${path}`));
  const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [target] : Object.entries(target).filter(([condition]) => condition !== "source").map(([, path]) => path)));
  for (const target of targets) if (!files.includes(target.replace(/^\.\//, ""))) problems.push(`named by exports but not packed: ${target}`);
  return { files, problems };
}
