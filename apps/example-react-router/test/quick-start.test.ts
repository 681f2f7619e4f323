/**
 * The files of docs/site/getting-started/react-router.md (and the Express page's users.ts, which
 * it uses), copied out of the page into a folder of this app (so that React Router resolves from
 * its lock file), built with `react-router build` on Node 24 and started as the page says
 * (`AUTH_URL=… node server.js`), then signed in over HTTP: the five-minute example runs as written.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp, titledBlocks, writeQuickStart } from "@latch/testing";
import { expectQuickStartPages } from "@latch/testing/vitest";
import { afterAll, expect, it } from "vitest";
import { build, missing, node } from "./react-router.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));

const blocks = (page: string) => titledBlocks(readFileSync(join(root, page), "utf8"), ["ts", "tsx", "js"]);

let app: ExampleApp | undefined;
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it.skipIf(!!missing)(`the React Router quick start, copied out of its page, builds and signs in${missing ? ` (skipped: ${missing})` : ""}`, async () => {
  const files = blocks("docs/site/getting-started/react-router.md");
  expect(files.map(([name]) => name)).toEqual([
    "react-router.config.ts",
    "vite.config.ts",
    "app/auth.server.ts",
    "app/routes.ts",
    "app/routes/auth.ts",
    "app/root.tsx",
    "app/routes/home.tsx",
    "app/routes/dashboard.tsx",
    "server.js",
  ]);
  writeQuickStart(root, dir, files);
  build(dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  app = await startExampleApp({ node: node!, cwd: dir, args: ["server.js"], env: { NODE_ENV: "production", AUTH_URL: origin, PORT: String(port), AUTH_SECRET: "quick-start-react-router-secret-0123456789ab" }, readyText: origin });

  await expectQuickStartPages(origin, {
    basePath: "/auth",
    signInLink: '<a href="/auth/signin?callbackUrl=/dashboard">Sign in</a>',
    guardLocation: `/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`,
    hello: "<p>Hello <!-- -->Ada</p>",
    dashboard: "<h1>Your dashboard, <!-- -->Ada</h1>",
  });
}, 180_000);
