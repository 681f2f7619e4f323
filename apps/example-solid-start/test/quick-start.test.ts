/**
 * The files of docs/site/getting-started/solid-start.md (and the Express page's users.ts, which
 * it uses), copied out of the page into a folder of this app (so that SolidStart, Nitro and Vite
 * resolve from its lock file), built with `vite build` on Node 24 and started as the page says
 * (`AUTH_URL=… node .output/server/index.mjs`), then signed in over HTTP: the five-minute example
 * runs as written.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { expectQuickStartPages } from "@latch/testing/vitest";
import { afterAll, expect, it } from "vitest";
import { baseEnv, build, missing, node } from "./solid-start.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "tsx"]);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the SolidStart quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/solid-start.md");
  expect(files.map(([name]) => name)).toEqual([
    "vite.config.ts",
    "src/app.tsx",
    "src/entry-client.tsx",
    "src/entry-server.tsx",
    "src/auth.ts",
    "src/routes/api/auth/[...solidauth].ts",
    "src/middleware.ts",
    "src/user.ts",
    "src/routes/index.tsx",
    "src/routes/dashboard.tsx",
  ]);
  writeQuickStart(root, dir, files);
  build(dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: [".output/server/index.mjs"], env: { ...baseEnv, NODE_ENV: "production", AUTH_URL: origin, PORT: String(port), AUTH_SECRET: "quick-start-solid-start-secret-0123456789ab" }, readyText: `:${port}` });

  await expectQuickStartPages(origin, {
    basePath: "/api/auth",
    signInLink: /<a[^>]* href="\/api\/auth\/signin\?callbackUrl=\/dashboard" rel="external">Sign in<\/a>/,
    // The middleware sends a visitor without a session to the sign-in page, with the way back.
    guardLocation: `${origin}/api/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`,
    hello: /<p[^>]*>Hello Ada<\/p>/,
    dashboard: /<h1[^>]*>Your dashboard, Ada<\/h1>/,
  });
}, 180_000);
