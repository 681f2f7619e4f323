/**
 * The files of docs/site/getting-started/hono.md (and the Express page's users.ts, which it uses),
 * copied out of the pages into a folder of this app and started as the page says, then signed in
 * over HTTP: the five-minute example runs as written.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, quickStartRound, startExampleApp, titledBlocks, type ExampleApp } from "@latch/testing";
import { afterAll, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = fileURLToPath(new URL("../.quick-start/", import.meta.url));
let app: ExampleApp | undefined;

afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it("the Hono quick start, copied out of its page, signs in", async () => {
  const users = titledBlocks(readFileSync(join(root, "docs/site/getting-started/express.md"), "utf8")).filter(([name]) => name === "users.ts");
  const files = titledBlocks(readFileSync(join(root, "docs/site/getting-started/hono.md"), "utf8"));
  expect(files.map(([name]) => name)).toEqual(["auth.ts", "server.ts"]);
  mkdirSync(dir, { recursive: true });
  for (const [name, code] of [...users, ...files]) writeFileSync(join(dir, name), code);
  const port = await freePort();
  app = await startExampleApp({
    cwd: dir,
    args: ["--conditions=source", "--import", "tsx", "server.ts"],
    env: { NODE_ENV: "development", PORT: String(port), AUTH_SECRET: "quick-start-hono-secret-0123456789abcdefgh", AUTH_GITHUB_ID: "placeholder", AUTH_GITHUB_SECRET: "placeholder" },
    readyText: `http://localhost:${port}`,
  });
  await quickStartRound(`http://localhost:${port}`);
}, 60_000);
