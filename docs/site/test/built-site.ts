/**
 * The built documentation site the site's tests read: where it is, and `buildSiteIfStale()`, which
 * runs `npm run docs:build` (the API reference, then VitePress) when the build is missing or older
 * than anything it is made from.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The repository's root. */
export const root = fileURLToPath(new URL("../../..", import.meta.url));
/** The site's sources. */
export const site = join(root, "docs/site");
/** The built site. */
export const dist = join(site, ".vitepress/dist");

/** Every file under `dir` (recursively), skipping entries whose name matches `skip`. */
export function filesUnder(dir: string, skip: RegExp = /^$/): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (skip.test(entry)) return [];
    return statSync(path).isDirectory() ? filesUnder(path, skip) : [path];
  });
}

/**
 * The newest modification time of what the site is built from: its pages and config, the Markdown
 * beside it that pages include, the READMEs, TypeDoc's options and the packages' sources the API
 * reference is generated from (tests aside, the site's own included).
 */
function sourcesTime(): number {
  const packages = readdirSync(join(root, "packages"));
  const sources = [
    ...filesUnder(site, /^(dist|cache|node_modules|test)$/),
    ...filesUnder(join(root, "docs"), /^(site|test)$/),
    ...packages.map((p) => join(root, "packages", p, "README.md")),
    ...packages.flatMap((p) => filesUnder(join(root, "packages", p, "src"), /^test$|\.test(-d)?\.tsx?$/)),
    ...readdirSync(join(root, "apps")).map((a) => join(root, "apps", a, "README.md")),
    join(root, "README.md"),
  ].filter((f) => existsSync(f));
  return Math.max(...sources.map((f) => statSync(f).mtimeMs));
}

/** Builds the site (`npm run docs:build`) unless its pages and API reference are newer than their sources. */
export async function buildSiteIfStale(): Promise<void> {
  const index = join(dist, "index.html");
  if (existsSync(index) && existsSync(join(dist, "api/index.html")) && statSync(index).mtimeMs >= sourcesTime()) return;
  await run("npm", ["run", "docs:build"], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
}
