/**
 * A second TanStack Start app (test/fixture) on the example's TanStack Start, Vite and Nitro,
 * built once on Node 24 and run as the example is (`node .output/server/index.mjs`): the client's
 * address Latch reads off the request's socket reaches the rate limits through the built server,
 * and a forged X-Forwarded-For counts only behind a proxy Latch's config trusts.
 */
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp } from "@latch/testing";
import { clientAddressTests } from "@latch/testing/vitest";
import { afterAll, beforeAll, describe } from "vitest";
import { build, missing, node, serverEntry } from "./tanstack-start.js";

const fixture = fileURLToPath(new URL("fixture/", import.meta.url));

let app: ExampleApp | undefined;
let base = "";

describe.skipIf(!!missing)(`@latch/tanstack-start's client address through the built server${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    console.log(`tanstack-start fixture: built in ${build(fixture)} ms`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startExampleApp({
      node: node!,
      cwd: fixture,
      args: [serverEntry],
      env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), AUTH_SECRET: "tanstack-start-fixture-secret-0123456789abcdef", AUTH_URL: base },
      readyText: base,
    });
  }, 120_000);
  afterAll(() => app?.stop());

  clientAddressTests(() => base);
});
