/**
 * The Hono example started as its own Node process (`npm start`'s command) with the
 * environment a deployment gives it, and driven in headless Chromium through `@latch/testing`'s
 * example scenario: the protected route, credentials sign-in (right and wrong password), sign-in
 * at an OpenID Provider (a real `oidc-provider` on loopback), the session in a page, sign-out.
 */
import { fileURLToPath } from "node:url";
import { chromiumAvailable, exampleHttpSteps, exampleScenario, freePort, launchChromium, startNodeExample, type NodeExample } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const oidcUser = { sub: "oidc-grace", email: "grace@openid.example", email_verified: true, name: "Grace OpenID" };

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let example: NodeExample | undefined;

beforeAll(async () => {
  example = await startNodeExample({ name: "example-hono", cwd: appDir, oidcUser, port });
}, 120_000);

afterAll(() => example?.stop());

describe("over HTTP", () => {
  for (const step of exampleHttpSteps({ origin, basePath: "/auth" })) it(step.name, () => step.run());

  it("the API behind verifyAuth() answers 401 without a session", async () => {
    expect((await fetch(`${origin}/api/me`)).status).toBe(401);
  });
});

describe.runIf(await chromiumAvailable())("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const steps = exampleScenario({
    origin,
    basePath: "/auth",
    credentials: { email: "ada@example.com", password: "correct horse", name: "Ada" },
    oidcProviderId: "demo-oidc",
    oidcUser,
    output: () => example?.app.output() ?? "",
  });
  for (const step of steps) it(step.name, () => step.run(browser));
});
