/**
 * What a user of the packed packages gets. `npm pack` of every public package ships only `dist/`,
 * README, LICENSE and package.json; installed from those tarballs into a fresh project, each
 * public subpath loads with `import` and with `require` (and nothing else does), and the
 * documentation's Express quick start, copied out of docs/site/getting-started/express.md, runs to
 * a signed-in session.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const publicPackages = ["core", "express", "hono", "fastify", "adapter-pg", "adapter-redis", "adapter-typeorm", "adapter-xata"];

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
}
const manifests = Object.fromEntries(
  publicPackages.map((dir) => [dir, JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")) as Manifest]),
);

/** The example that stands for each subpath pattern. */
const patternExamples: Record<string, string> = { "./providers/*": "credentials", "./languages/*": "fr" };

/** The import specifiers a package's `exports` make public (patterns by one example each). */
function publicSpecifiers(manifest: Manifest): string[] {
  return Object.entries(manifest.exports)
    .filter(([key, value]) => value !== null && key !== "./package.json")
    .map(([key]) => (key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`.replace("*", patternExamples[key] ?? "credentials")));
}

let project: string;
const packed: Record<string, { filename: string; files: string[] }> = {};

beforeAll(async () => {
  const missing = publicPackages.filter((dir) => !existsSync(join(root, "packages", dir, "dist")));
  if (missing.length) await run("npm", ["run", "build", ...missing.flatMap((dir) => ["-w", manifests[dir]!.name])], { cwd: root });
  project = mkdtempSync(join(tmpdir(), "latch-packed-"));
  const packs = join(project, "packs");
  mkdirSync(packs);
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", packs, ...publicPackages.flatMap((dir) => ["-w", manifests[dir]!.name])], { cwd: root });
  for (const entry of JSON.parse(stdout) as { name: string; filename: string; files: { path: string }[] }[]) {
    packed[entry.name] = { filename: join(packs, entry.filename.replace(/^@/, "").replace("/", "-")), files: entry.files.map((f) => f.path) };
  }
  // ESM, as the Express walkthrough makes its `npm init -y` project (`npm pkg set type=module`);
  // compat/starters/test/express.test.ts follows the walkthrough from the CommonJS project itself.
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "latch-packed-app", private: true, type: "module" }));
  const tarballs = Object.values(packed).map((p) => p.filename);
  // The registry's packages come from the local cache when it has them.
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", ...tarballs, "express@5", "@simplewebauthn/browser@13", "@opentelemetry/api@1"], { cwd: project });
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("npm pack", () => {
  test.each(publicPackages)("%s ships dist/, README.md, LICENSE and package.json only, and no test code", (dir) => {
    const files = packed[manifests[dir]!.name]!.files;
    expect(files).toContain("package.json");
    expect(files).toContain("README.md");
    expect(files).toContain("LICENSE");
    expect(files.filter((f) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(f))).toEqual([]);
    expect(files.filter((f) => /\.test\.|\.test-d\.|(^|\/)test-[^/]*$|(^|\/)test\//.test(f))).toEqual([]);
  });

  test.each(publicPackages)("%s: every public subpath is documented in its README", (dir) => {
    const readme = readFileSync(join(root, "packages", dir, "README.md"), "utf8");
    for (const specifier of publicSpecifiers(manifests[dir]!)) {
      // A pattern is documented as its prefix: `@latch/core/providers/<id>` for `…/providers/credentials`.
      const example = Object.values(patternExamples).find((e) => specifier.endsWith(`/${e}`));
      expect(readme, specifier).toContain(example ? specifier.slice(0, -example.length) : specifier);
    }
  });
});

/** Runs a script in the installed project; resolves with its stdout. */
async function inProject(file: string, code: string): Promise<string> {
  writeFileSync(join(project, file), code);
  return (await run(process.execPath, [file], { cwd: project })).stdout;
}

describe("installed from the tarballs", () => {
  const specifiers = publicPackages.flatMap((dir) => publicSpecifiers(manifests[dir]!));
  const refused = ["@latch/core/providers/internal/oidc-user", "@latch/core/providers/types", "@latch/core/src/index.ts", "@latch/core/dist/errors.js", "@latch/express/dist/index.js"];

  test("every public subpath loads with import (ESM)", async () => {
    const out = await inProject("check.mjs", `for (const s of ${JSON.stringify(specifiers)}) { const m = await import(s); console.log(s, Object.keys(m).length) }`);
    expect(out.trim().split("\n")).toHaveLength(specifiers.length);
  });

  test("every public subpath loads with require (CommonJS)", async () => {
    const out = await inProject("check.cjs", `for (const s of ${JSON.stringify(specifiers)}) { const m = require(s); console.log(s, Object.keys(m).length) }
const { ExpressAuth, getSession } = require("@latch/express");
console.log(typeof ExpressAuth, typeof getSession);`);
    expect(out).toContain("function function");
    expect(out.trim().split("\n")).toHaveLength(specifiers.length + 1);
  });

  // Core's build puts each lazily loaded part (pages, flows, actions) in a chunk of its own, which
  // importing a subpath does not load: each must still find everything it imports once installed.
  test("every chunk of @latch/core's build loads", async () => {
    const chunks = packed["@latch/core"]!.files.filter((f) => /^dist\/chunks\/[^/]+\.js$/.test(f));
    expect(chunks.length).toBeGreaterThan(3);
    const urls = chunks.map((f) => pathToFileURL(join(project, "node_modules/@latch/core", f)).href);
    const out = await inProject("chunks.mjs", `for (const u of ${JSON.stringify(urls)}) { await import(u); console.log("loaded") }`);
    expect(out.trim().split("\n")).toHaveLength(chunks.length);
  });

  test("nothing else is importable", async () => {
    const out = await inProject("refused.mjs", `for (const s of ${JSON.stringify(refused)}) { try { await import(s); console.log(s, "loaded") } catch (e) { console.log(s, e.code) } }`);
    expect(out.trim().split("\n")).toEqual(refused.map((s) => `${s} ERR_PACKAGE_PATH_NOT_EXPORTED`));
  });

  test("the Express quick start, copied out of docs/site/getting-started/express.md, signs in", async () => {
    const page = readFileSync(join(root, "docs/site/getting-started/express.md"), "utf8");
    // A fence may carry attributes after the language (```` ```ts title=auth.ts ````).
    const blocks = [...page.matchAll(/```ts(?: [^\n]*)?\n(\/\/ ([\w-]+\.ts)\b[^\n]*\n[\s\S]*?)```/g)].map((m) => [m[2]!, m[1]!] as const);
    expect(blocks.map(([name]) => name)).toEqual(["users.ts", "auth.ts", "server.ts"]);
    for (const [name, code] of blocks) writeFileSync(join(project, name), code);

    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const tsx = pathToFileURL(join(root, "node_modules/tsx/dist/esm/index.mjs")).href;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", PORT: String(port), AUTH_SECRET: "packed-quick-start-secret-0123456789abcdef", AUTH_GITHUB_ID: "placeholder", AUTH_GITHUB_SECRET: "placeholder" };
    delete env.VITEST;
    const child = spawn(process.execPath, ["--import", tsx, "server.ts"], { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    try {
      const origin = `http://localhost:${port}`;
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", () => output.includes(origin) && resolve());
        child.on("exit", (code) => reject(new Error(`server.ts exited (${code}):\n${output}`)));
      });
      const jar = new Map<string, string>();
      const request = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${origin}${path}`, { ...init, redirect: "manual", headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const [name, ...value] = pair!.split("=");
          jar.set(name!, value.join("="));
        }
        return response;
      };
      expect(await (await request("/")).text()).toContain("Sign in");
      const providers = (await (await request("/auth/providers")).json()) as Record<string, unknown>;
      expect(Object.keys(providers)).toEqual(["github", "credentials"]);
      const { csrfToken } = (await (await request("/auth/csrf")).json()) as { csrfToken: string };
      const signIn = await request("/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email: "ada@example.com", password: "correct horse", callbackUrl: `${origin}/dashboard` }),
      });
      expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
      expect(await (await request("/")).text()).toBe("Hello Ada");
      expect(await (await request("/dashboard")).text()).toBe("Your dashboard, Ada");
    } finally {
      child.kill();
    }
  }, 60_000);
});
