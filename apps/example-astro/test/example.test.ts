/**
 * The Astro example built once (`astro build` on Node 24, Astro's own minimum being 22.12) and
 * started as its own process (`npm start`'s command: @astrojs/node in standalone mode) with the
 * environment a deployment gives it; then driven over HTTP, through the request-conversion attacks
 * on a real socket, and in headless Chromium through `@latch/testing`'s example scenario.
 */
import { fileURLToPath } from "node:url";
import {
  chromiumAvailable,
  exampleHttpSteps,
  exampleScenario,
  freePort,
  launchChromium,
  requestConversionAttacks,
  sendAttack,
  startNodeExample,
  type NodeExample,
} from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, missing, node } from "./astro.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const oidcUser = { sub: "oidc-grace", email: "grace@openid.example", email_verified: true, name: "Grace OpenID" };
const port = await freePort();
const host = `127.0.0.1:${port}`;
const origin = `http://${host}`;
let example: NodeExample | undefined;
/** The attacks @astrojs/node answers itself (see below). */
const answeredByAstro = new Set([
  "an absolute-form request line does not set the origin",
  "an absolute-form https request line does not set the origin",
  "a Host with user info is refused or ignored",
  "a Host with a path is refused or ignored",
  "a Host with a bad port is refused or ignored",
  "a Host that is not a host name is refused or ignored",
  "TRACE is refused with a 4xx JSON answer",
  "an absolute-form request line and a forged Host do not change the site URL's origin",
]);
const withChromium = await chromiumAvailable();

describe.skipIf(!!missing)(`the Astro example${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    console.log(`example-astro: built in ${build(appDir)} ms`);
    example = await startNodeExample({ name: "example-astro", cwd: appDir, oidcUser, port, node: node!, args: ["dist/server/entry.mjs"] });
  }, 180_000);

  afterAll(() => example?.stop());

  describe("over HTTP", () => {
    for (const step of exampleHttpSteps({ origin, basePath: "/auth" })) it(step.name, () => step.run());

    it("the home page shows no session to a signed-out visitor", async () => {
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toContain('<a id="signin" href="/auth/signin">Sign in</a>');
      expect(page).not.toContain('id="hello"');
    });
  });

  describe("request conversion, on a real socket", () => {
    const attacks = requestConversionAttacks({ basePath: "/auth", host, origin, siteUrlSet: true, credentials: { email: "ada@example.com", password: "correct horse" } });
    for (const attack of attacks.filter((a) => !answeredByAstro.has(a.name))) it(attack.name, async () => attack.check(await sendAttack(attack, { host: "127.0.0.1", port })));

    // @astrojs/node builds the Fetch `Request` itself before any app code runs: from a request
    // line or Host it cannot make a URL of, it makes `/` (the home page, or its 404), and for
    // TRACE or a Host with user info, which the Fetch standard forbids, it answers its own 500.
    // Latch never sees these requests: no URL it writes, no cookie, no internals in the answer.
    for (const attack of attacks.filter((a) => answeredByAstro.has(a.name))) {
      it(`${attack.name}: answered by @astrojs/node before Latch`, async () => {
        const response = await sendAttack(attack, { host: "127.0.0.1", port });
        expect(response.body).not.toMatch(/"(signinUrl|callbackUrl)"/);
        expect(response.body).not.toMatch(/\n\s+at\s|node_modules|\.m?js:\d+/);
        expect(response.headers["set-cookie"]).toBeUndefined();
      });
    }
  });

  it("a method Latch does not serve outside a plugin's path is refused with a 405 JSON answer", async () => {
    const response = await sendAttack({ method: "PUT", target: "/auth/session", headers: { host, "content-type": "application/json" }, body: "{}" }, { host: "127.0.0.1", port });
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toMatchObject({ error: "InvalidRequest" });
  });

  describe.runIf(withChromium)("in Chromium", () => {
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

    it("the browser module signs in at the OpenID Provider and out again from the page's own buttons", async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.locator("#client-signin").click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        expect(await page.locator("#dashboard").innerText()).toBe(`Your dashboard, ${oidcUser.name}`);
        await page.goto(`${origin}/`);
        expect(await page.locator("#hello").innerText()).toBe(`Hello ${oidcUser.name}`);
        await page.locator("#client-signout").click();
        await page.locator("#signin").waitFor({ timeout: 10_000 });
        expect(await page.locator("#hello").count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
});
