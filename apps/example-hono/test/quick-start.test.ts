/**
 * The files of docs/site/getting-started/hono.md (and the Express page's users.ts, which it uses),
 * copied out of the pages into a folder of this app and started as the page says, then signed in
 * over HTTP: the five-minute example runs as written.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { quickStartRound, startQuickStart, type ExampleApp } from "@latch/testing";
import { afterAll, it } from "vitest";

const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));
let app: ExampleApp | undefined;

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it("the Hono quick start, copied out of its page, signs in", async () => {
  const root = fileURLToPath(new URL("../../..", import.meta.url));
  const started = await startQuickStart({ root, page: "docs/site/getting-started/hono.md", files: ["auth.ts", "server.ts"], dir, secret: "quick-start-hono-secret-0123456789abcdefgh" });
  app = started.app;
  await quickStartRound(started.origin);
}, 60_000);
