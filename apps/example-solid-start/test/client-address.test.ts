/**
 * A second SolidStart app (test/fixture) on the example's SolidStart and Nitro, built once on
 * Node 24: the client's address Latch reads off the socket reaches the rate limits, and a forged
 * X-Forwarded-For counts only behind a proxy the config trusts.
 */
import { fileURLToPath } from "node:url";
import { freePort, startExampleApp, type ExampleApp } from "@latch/testing";
import { clientAddressTests } from "@latch/testing/vitest";
import { afterAll, beforeAll, describe } from "vitest";
import { baseEnv, build, missing, node } from "./solid-start.js";

const fixture = fileURLToPath(new URL("fixture/", import.meta.url));

let app: ExampleApp | undefined;
let base = "";

describe.skipIf(!!missing)(`@latch/solid-start's client address${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    console.log(`solid-start fixture: built in ${build(fixture)} ms`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startExampleApp({
      node: node!,
      cwd: fixture,
      args: [".output/server/index.mjs"],
      env: { ...baseEnv, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), AUTH_SECRET: "solid-start-fixture-secret-0123456789abcdef", AUTH_URL: base },
      readyText: base,
    });
  }, 120_000);
  afterAll(() => app?.stop());

  clientAddressTests(() => base);
});
