/**
 * The files of docs/site/getting-started/astro.md (and the Express page's users.ts, which it uses),
 * copied out of the page into a folder of this app (so that Astro resolves from its lock file),
 * built with `astro build` on Node 24 and started as the page says, then signed in over HTTP: the
 * five-minute example runs as written.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, quickStartRound, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { afterAll, expect, it } from "vitest";
import { baseEnv, build, missing, node } from "./astro.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "js"]);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the Astro quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/astro.md");
  expect(files.map(([name]) => name)).toEqual(["astro.config.mjs", "auth.config.ts", "src/middleware.ts", "src/pages/index.ts", "src/pages/dashboard.ts"]);
  writeQuickStart(root, dir, files);
  build(dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: ["dist/server/entry.mjs"], env: { ...baseEnv, NODE_ENV: "development", HOST: "localhost", PORT: String(port), AUTH_SECRET: "quick-start-astro-secret-0123456789abcdefgh" }, readyText: origin });
  await quickStartRound(origin, "/api/auth");
}, 120_000);
