/**
 * The packed packages in a CommonJS project (what `npm init -y` makes): `require()` of a provider
 * or a language returns the function or the language itself, Latch accepts a module object in
 * place of its default export and refuses a provider without an `id` as a configuration error;
 * and every source map in the tarballs carries the sources it maps to (tools such as Vite warn
 * about a map whose sources are missing).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const workspaces = ["@latch/core", "@latch/express"];

let project: string;
let files: Record<string, string[]> = {};

beforeAll(async () => {
  // `npm test` builds every package first. Built here only when missing: a rebuild empties dist/
  // while other suites (the SvelteKit dev server, the packaging tests) read it.
  const missing = workspaces.filter((w) => !existsSync(join(root, "packages", w.replace("@latch/", ""), "dist")));
  if (missing.length) await run("npm", ["run", "build", ...missing.flatMap((w) => ["-w", w])], { cwd: root });
  project = mkdtempSync(join(tmpdir(), "latch-cjs-"));
  const packs = join(project, "packs");
  mkdirSync(packs);
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", packs, ...workspaces.flatMap((w) => ["-w", w])], { cwd: root });
  const entries = JSON.parse(stdout) as { name: string; filename: string; files: { path: string }[] }[];
  files = Object.fromEntries(entries.map((e) => [e.name, e.files.map((f) => f.path)]));
  // As `npm init -y` writes it: no "type", so .js files are CommonJS.
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "latch-cjs-app", version: "1.0.0", main: "index.js" }));
  const tarballs = entries.map((e) => join(packs, e.filename.replace(/^@/, "").replace("/", "-")));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", ...tarballs], { cwd: project });
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

async function node(file: string, code: string): Promise<string> {
  writeFileSync(join(project, file), code);
  return (await run(process.execPath, [file], { cwd: project })).stdout;
}

describe("CommonJS", () => {
  test("require() of a provider or a language gives the function or the language itself", async () => {
    const out = await node(
      "require.js",
      `const GitHub = require("@latch/core/providers/github");
const Credentials = require("@latch/core/providers/credentials");
const de = require("@latch/core/languages/de");
const Email = require("@latch/core/providers/email");
const { default: OAuth, OIDC } = require("@latch/core/providers/oauth");
console.log(typeof GitHub, GitHub().id, typeof Credentials, Credentials({ authorize: () => null }).type, de.code, Email().id, OAuth({ id: "a" }).type, OIDC({ id: "b" }).type);`,
    );
    // providers/oauth has two factories, so require() gives its module object.
    expect(out.trim()).toBe("function github function credentials de email oauth oidc");
  });

  async function providers(list: string): Promise<{ status: number; body: unknown; logged: string[] }> {
    const out = await node(
      "providers.js",
      `const { Auth } = require("@latch/core");
const GitHub = require("@latch/core/providers/github");
const Credentials = require("@latch/core/providers/credentials");
const logged = [];
const logger = { error: (code, e) => logged.push(code + ": " + (e && e.message)), warn: () => {}, debug: () => {} };
(async () => {
  const config = { secret: "a-commonjs-secret-0123456789abcdefghij", trustHost: true, logger, providers: ${list} };
  const response = await Auth(new Request("http://localhost:3000/auth/providers"), config);
  console.log(JSON.stringify({ status: response.status, body: await response.json(), logged }));
})();`,
    );
    return JSON.parse(out) as { status: number; body: unknown; logged: string[] };
  }

  test("the providers required, called or not, are listed by their ids", async () => {
    const { status, body } = await providers(`[GitHub, Credentials({ authorize: () => null })]`);
    expect(status).toBe(200);
    expect(Object.keys(body as object)).toEqual(["github", "credentials"]);
  });

  test("a module object whose default is a provider function stands for that function", async () => {
    const { status, body } = await providers(`[{ __esModule: true, default: GitHub }]`);
    expect(status).toBe(200);
    expect(Object.keys(body as object)).toEqual(["github"]);
  });

  test("a provider without an id is a configuration error that names it", async () => {
    const { status, body, logged } = await providers(`[Credentials({ authorize: () => null }), { __esModule: true, default: "not a provider" }]`);
    expect(status).toBe(500);
    expect(JSON.stringify(body)).toContain("InvalidProvider");
    expect(logged).toEqual([expect.stringMatching(/^InvalidProvider: providers\[1\] has no `id`: it is an object with the keys __esModule, default\./)]);
  });
});

describe("source maps", () => {
  test.each(workspaces)("every map in %s carries the content of each source it names", (name) => {
    const maps = files[name]!.filter((f) => f.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const map of maps) {
      const parsed = JSON.parse(readFileSync(join(project, "node_modules", name, map), "utf8")) as { sources: string[]; sourcesContent?: (string | null)[] };
      parsed.sources.forEach((source, i) => {
        if (typeof parsed.sourcesContent?.[i] !== "string") missing.push(`${map}: ${source}`);
      });
    }
    expect(missing).toEqual([]);
  });
});
