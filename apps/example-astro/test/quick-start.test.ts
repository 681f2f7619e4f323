/**
 * The files of docs/site/getting-started/astro.md (and the Express page's users.ts, which it uses),
 * copied out of the page into a folder of this app (so that Astro resolves from its lock file),
 * built with `astro build` on Node 24 and started as the page says, then signed in over HTTP: the
 * five-minute example runs as written.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, quickStartRound, runtimeNode, servicesRequired, startExampleApp, type ExampleApp } from "@latch/testing";
import { afterAll, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const appDir = fileURLToPath(new URL("..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));
const node = runtimeNode(root, "node24");
const astroBin = `${appDir}node_modules/astro/bin/astro.mjs`;
const missing = !node ? "Node 24 is not installed: run `npm ci --prefix runtimes`" : !existsSync(astroBin) ? "Astro is not installed for the example: run `npm ci --prefix apps/example-astro`" : undefined;
if (missing && (servicesRequired() || process.env.CI)) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

/** The titled blocks (`ts` and `js`) of a page, as `[title, code]`. */
const blocks = (page: string) => [...readFileSync(join(root, page), "utf8").matchAll(/```(?:ts|js) title=(\S+)\n([\s\S]*?)```/g)].map((m) => [m[1]!, m[2]!] as const);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the Astro quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/astro.md");
  expect(files.map(([name]) => name)).toEqual(["astro.config.mjs", "auth.config.ts", "src/middleware.ts", "src/pages/index.ts", "src/pages/dashboard.ts"]);
  const users = blocks("docs/site/getting-started/express.md").filter(([name]) => name === "users.ts");
  rmSync(dir, { recursive: true, force: true });
  for (const [name, code] of [...users, ...files]) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ASTRO_TELEMETRY_DISABLED: "1" };
  const build = spawnSync(node!, [astroBin, "build"], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: ["dist/server/entry.mjs"], env: { ...env, NODE_ENV: "development", HOST: "localhost", PORT: String(port), AUTH_SECRET: "quick-start-astro-secret-0123456789abcdefgh" }, readyText: origin });
  await quickStartRound(origin, "/api/auth");
}, 120_000);
