/**
 * The files of docs/site/getting-started/nuxt.md (and the Express page's users.ts, which it uses),
 * copied out of the page into a folder of this app (so that Nuxt resolves from its lock file),
 * built with `nuxt build` on Node 24 and started as the page says (`AUTH_URL=… node .output/server/index.mjs`),
 * then signed in over HTTP: the five-minute example runs as written.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { expectQuickStartPages } from "@latch/testing/vitest";
import { afterAll, expect, it } from "vitest";
import { baseEnv, build, missing, node, prepareExample } from "./nuxt.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "vue"]);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the Nuxt quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/nuxt.md");
  expect(files.map(([name]) => name)).toEqual(["nuxt.config.ts", "auth.config.ts", "app/pages/index.vue", "app/pages/dashboard.vue", "server/api/me.get.ts"]);
  writeQuickStart(root, dir, files);
  prepareExample();
  console.log(`quick start: built in ${build(dir)} ms`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: [".output/server/index.mjs"], env: { ...baseEnv, HOST: "127.0.0.1", PORT: String(port), AUTH_URL: origin, AUTH_SECRET: "quick-start-nuxt-secret-0123456789abcdefgh" }, readyText: origin });

  expect((await fetch(`${origin}/api/me`)).status).toBe(401);
  const browser = await expectQuickStartPages(origin, {
    basePath: "/api/auth",
    signInLink: '<a href="/api/auth/signin">Sign in</a>',
    // The route middleware sends a visitor without a session to the sign-in page, with the way back.
    guardLocation: `/api/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`,
    hello: "<p>Hello Ada <button>Sign out</button></p>",
    dashboard: "<h1>Your dashboard, Ada</h1>",
  });
  expect(await (await browser.fetch(`${origin}/api/me`)).json()).toEqual({ name: "Ada" });
}, 180_000);
