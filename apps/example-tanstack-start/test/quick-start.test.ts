/**
 * The files of docs/site/getting-started/tanstack-start.md (and the Express page's users.ts,
 * which it uses), copied out of the page into a folder of this app (so that TanStack Start
 * resolves from its lock file), built with `vite build` on Node 24 and started as the page says
 * (`AUTH_URL=… node .output/server/index.mjs`), then signed in over HTTP: the five-minute example
 * type-checks and runs as written.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { expectQuickStartPages } from "@latch/testing/vitest";
import { afterAll, expect, it } from "vitest";
import { build, missing, node, serverEntry } from "./tanstack-start.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));
const typescript = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "tsx", "js"]);

const readmeDir = fileURLToPath(new URL("../.quick-start-readme/", import.meta.url));

/** The `ts` and `tsx` blocks of a page whose first line names their file (`// src/auth.ts…`), as `[path, code]`. */
const namedBlocks = (page: string) => [...readFileSync(join(root, page), "utf8").matchAll(/```(?:ts|tsx)\n(\/\/ (src\/\S+?):?\s[^\n]*\n[\s\S]*?)```/g)].map((m) => [m[2]!, m[1]!] as const);

/** Writes `files` into `folder`, emptied first. */
function writeApp(folder: string, files: readonly (readonly [string, string])[]): void {
  rmSync(folder, { recursive: true, force: true });
  for (const [name, code] of files) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), code);
  }
}

/** Type-checks the app in `folder` with the example's compiler options; answers the compiler's output. */
function typeCheck(folder: string): string {
  const tsconfig = JSON.parse(readFileSync(join(appDir, "tsconfig.json"), "utf8")) as { include: string[] };
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ ...tsconfig, include: ["src/**/*", "*.ts"] }));
  const checked = spawnSync(process.execPath, [typescript, "-p", "tsconfig.json"], { cwd: folder, encoding: "utf8" });
  return checked.stdout + checked.stderr;
}

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(readmeDir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the TanStack Start quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/tanstack-start.md");
  expect(files.map(([name]) => name)).toEqual([
    "vite.config.ts",
    "src/auth.ts",
    "src/routes/auth/$.ts",
    "src/session.ts",
    "src/router.tsx",
    "src/routes/__root.tsx",
    "src/routes/index.tsx",
    "src/routes/dashboard.tsx",
  ]);
  writeQuickStart(root, dir, files);
  build(dir);
  // The page's files type-check against the installed TanStack Start (the build does not check types).
  expect(typeCheck(dir)).toBe("");
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: [serverEntry], env: { NODE_ENV: "production", AUTH_URL: origin, PORT: String(port), AUTH_SECRET: "quick-start-tanstack-start-secret-0123456789" }, readyText: `:${port}` });

  await expectQuickStartPages(origin, {
    basePath: "/auth",
    signInLink: '<a href="/auth/signin?callbackUrl=/dashboard">Sign in</a>',
    guardLocation: `/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`,
    hello: "<p>Hello <!-- -->Ada</p>",
    dashboard: "<h1>Your dashboard, <!-- -->Ada</h1>",
  });
}, 180_000);

it.skipIf(!!missing)(`the package README's files, with the page's vite.config.ts, router and root, build and type-check${missing ? ` (skipped: ${missing})` : ""}`, () => {
  const readme = namedBlocks("packages/tanstack-start/README.md");
  expect(readme.map(([name]) => name)).toEqual(["src/auth.ts", "src/routes/api/auth/$.ts", "src/session.ts", "src/routes/dashboard.tsx", "src/sign-out.ts"]);
  const shell = blocks("docs/site/getting-started/tanstack-start.md").filter(([name]) => ["vite.config.ts", "src/router.tsx", "src/routes/__root.tsx"].includes(name));
  writeApp(readmeDir, [...shell, ...readme]);
  build(readmeDir); // writes src/routeTree.gen.ts, which the routes' types come from
  expect(typeCheck(readmeDir)).toBe("");
}, 180_000);
