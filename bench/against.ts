/**
 * `npm run bench -- --against <ref>`: the hot paths of an earlier commit and of the working tree,
 * measured in the same interleaved rounds of one process. The commit is checked out into a
 * temporary git worktree that reuses this checkout's node_modules (no install, no network) and
 * is loaded from its TypeScript sources, as the working tree is under the `source` condition.
 * A second handler of the working tree is measured alongside as the noise reference: what
 * separates two identical handlers in the same rounds is what the run cannot tell apart.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AuthConfig } from "@latch/core";
import { latchConfig } from "./contender.js";
import { check, cookiePair, get, post, sessionCookie, signInAsBrowser, user } from "./fixtures.js";
import { measure, rate, type BenchCase } from "./measure.js";

const repository = fileURLToPath(new URL("../", import.meta.url));

type Handle = (request: Request) => Promise<Response>;

interface Version {
  name: string;
  handle: Handle;
}

/** The file the `source` condition of `@latch/core`'s package.json maps `subpath` to, in `root`. */
function sourceEntry(root: string, subpath: string): string {
  const manifest = JSON.parse(readFileSync(join(root, "packages/core/package.json"), "utf8")) as { exports: Record<string, { source?: string } | string> };
  const exact = manifest.exports[subpath];
  if (typeof exact === "object" && exact.source) return join(root, "packages/core", exact.source);
  const pattern = manifest.exports["./providers/*"];
  if (subpath.startsWith("./providers/") && typeof pattern === "object" && pattern.source) {
    return join(root, "packages/core", pattern.source.replace("*", subpath.slice("./providers/".length)));
  }
  throw new Error(`bench setup: no source entry for @latch/core${subpath.slice(1)} at ${root}`);
}

/**
 * Checks `ref` out into a temporary worktree whose node_modules (and each package's own) are
 * links to this checkout's, so that third-party imports resolve without an install. Core is then
 * imported by path: through `@latch/core` it would resolve to this checkout's packages.
 */
function checkOut(ref: string): { root: string; remove: () => void } {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: repository, encoding: "utf8" }).trim();
  const root = mkdtempSync(join(tmpdir(), "latch-against-"));
  execFileSync("git", ["worktree", "add", "--detach", "--quiet", root, commit], { cwd: repository, stdio: "inherit" });
  const remove = () => {
    execFileSync("git", ["worktree", "remove", "--force", root], { cwd: repository });
    rmSync(root, { recursive: true, force: true });
  };
  try {
    symlinkSync(join(repository, "node_modules"), join(root, "node_modules"), "dir");
    for (const folder of ["packages", "apps"]) {
      for (const name of readdirSync(join(repository, folder))) {
        const modules = join(repository, folder, name, "node_modules");
        if (existsSync(modules) && existsSync(join(root, folder, name))) symlinkSync(modules, join(root, folder, name, "node_modules"), "dir");
      }
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { root, remove };
}

/** The bench's Latch config, with the credentials provider of the version it is given to. */
function configWith(credentials: (options: { authorize: () => typeof user }) => unknown): AuthConfig {
  return { ...latchConfig(), providers: [credentials({ authorize: () => user }) as NonNullable<AuthConfig["providers"]>[number]] };
}

async function loadVersion(name: string, root: string): Promise<Version> {
  const core = (await import(pathToFileURL(sourceEntry(root, ".")).href)) as typeof import("@latch/core");
  const credentials = (await import(pathToFileURL(sourceEntry(root, "./providers/credentials")).href)) as typeof import("@latch/core/providers/credentials");
  const config = configWith(credentials.default);
  return { name, handle: (request) => core.Auth(request, config) };
}

/** The requests of the hot paths for `version`, from a browser it signed in. */
async function hotPaths(version: Version): Promise<{ what: string; run: () => Promise<unknown> }[]> {
  const { csrf, csrfToken, response } = await signInAsBrowser(version.handle);
  const session = cookiePair(response, sessionCookie);
  const read = await (await version.handle(get("session", session))).json() as { user?: { email?: string } } | null;
  check(read?.user?.email === user.email, `${version.name} does not read the session it started`);
  const http = (request: () => Request) => async () => (await version.handle(request())).text();
  return [
    { what: "GET /session, valid session cookie", run: http(() => get("session", `${csrf}; ${session}`)) },
    { what: "GET /csrf, valid CSRF cookie", run: http(() => get("csrf", csrf)) },
    { what: "POST /callback/credentials, valid CSRF token", run: http(() => post("callback/credentials", csrf, { csrfToken })) },
  ];
}

/** Benches `ref` against the working tree; `quick` runs shorter rounds. */
export async function against(ref: string, quick: boolean): Promise<void> {
  const { root, remove } = checkOut(ref);
  try {
    const now = await import("@latch/core");
    const credentials = await import("@latch/core/providers/credentials");
    const workingTree = (name: string): Version => {
      const config = configWith(credentials.default);
      return { name, handle: (request) => now.Auth(request, config) };
    };
    const versions = [await loadVersion(ref, root), workingTree("working tree"), workingTree("working tree again")];

    const paths = await Promise.all(versions.map(hotPaths));
    // Each path's versions side by side in a round, so that drift between them stays small.
    const cases: BenchCase[] = paths[0]!.flatMap((_, p) => versions.map((v, i) => ({ name: `${paths[i]![p]!.what} @ ${v.name}`, run: paths[i]![p]!.run })));
    const results = await measure(cases, quick ? { rounds: 3, minMs: 100, warmUpMs: 100 } : undefined);
    const commit = execFileSync("git", ["rev-parse", "--short", ref], { cwd: repository, encoding: "utf8" }).trim();
    console.log(`\nBefore/after: ${ref} (${commit}) against the working tree, same rounds${quick ? " (quick)" : ""}`);
    for (const { what } of paths[0]!) {
      const [before, after, again] = versions.map((v) => results.get(`${what} @ ${v.name}`)!);
      console.log(`  ${what}`);
      console.log(`    ${ref.padEnd(20)} ${rate(before!)}`);
      console.log(`    ${"working tree".padEnd(20)} ${rate(after!)}`);
      console.log(`    after ÷ before = ${(after! / before!).toFixed(2)}x   noise (working tree ÷ itself) = ${(again! / after!).toFixed(2)}x`);
    }
  } finally {
    remove();
  }
}
