/**
 * The Express example started as its own Node process (`npm start`'s command) with the
 * environment a deployment gives it, and driven in headless Chromium through the built-in pages:
 * the protected route, credentials sign-in (right and wrong password), sign-in at an OpenID
 * Provider (`@latch/testing`'s, a real `oidc-provider` on loopback), sign-out.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const oidcUser = { sub: "oidc-grace", email: "grace@openid.example", email_verified: true, name: "Grace OpenID" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let op: OpenIDProvider;
let child: ChildProcess;
let output = "";

beforeAll(async () => {
  op = await startOpenIDProvider({
    clients: [{ client_id: "example-express", client_secret: "example-express-secret", redirect_uris: [`${origin}/auth/callback/demo-oidc`] }],
    accounts: [oidcUser],
  });
  child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/server.ts"], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      AUTH_SECRET: "example-express-secret-0123456789abcdefghij",
      AUTH_URL: origin,
      // One loopback address signs in many times here; the defaults are tested elsewhere.
      AUTH_RATE_LIMIT: "false",
      AUTH_DEMO_OIDC_ISSUER: op.issuer,
      AUTH_DEMO_OIDC_ID: "example-express",
      AUTH_DEMO_OIDC_SECRET: "example-express-secret",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", () => output.includes(origin) && (clearTimeout(timer), resolve()));
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`the example exited with ${code}:\n${output}`))));
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await op?.close();
});

describe("over HTTP", () => {
  it("the protected route sends a signed-out visitor to the sign-in page with the way back", async () => {
    const response = await fetch(`${origin}/dashboard`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fdashboard");
  });

  it("the providers are the walkthrough's, with the OpenID Provider in GitHub's place", async () => {
    const providers = (await (await fetch(`${origin}/auth/providers`)).json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(providers)).toEqual(["demo-oidc", "credentials"]);
    expect(providers["demo-oidc"]!.callbackUrl).toBe(`${origin}/auth/callback/demo-oidc`);
  });
});

describe.runIf(await chromiumAvailable())("in Chromium", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await (await browser.newContext()).newPage();
  });
  afterEach(() => page.context().close());

  const credentialsForm = () => page.locator('form[action$="/auth/callback/credentials"]');

  it("credentials: the dashboard, then the home page, then sign-out", async () => {
    await page.goto(`${origin}/dashboard`);
    await page.waitForURL(`${origin}/auth/signin?callbackUrl=%2Fdashboard`, { timeout: 10_000 });
    await credentialsForm().locator("input[name=email]").fill("ada@example.com");
    await credentialsForm().locator("input[name=password]").fill("correct horse");
    await credentialsForm().locator("button[type=submit]").click();
    await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
    expect(await page.locator("#dashboard").innerText()).toBe("Your dashboard, Ada");
    await page.goto(`${origin}/`);
    expect(await page.locator("#hello").innerText()).toBe("Hello Ada");
    await page.locator("a", { hasText: "Sign out" }).click();
    await page.waitForURL(`${origin}/auth/signout`, { timeout: 10_000 });
    await page.locator("form button[type=submit]").click();
    // Sign-out goes back to the callback URL of the sign-in (the dashboard), which now sends to the sign-in page.
    await page.waitForURL(`${origin}/auth/signin?callbackUrl=%2Fdashboard`, { timeout: 10_000 });
    await page.goto(`${origin}/`);
    expect(await page.locator("#signin").innerText()).toBe("Sign in");
  });

  it("a wrong password stays on the sign-in page with CredentialsSignin and no session", async () => {
    await page.goto(`${origin}/auth/signin?callbackUrl=%2Fdashboard`);
    await credentialsForm().locator("input[name=email]").fill("ada@example.com");
    await credentialsForm().locator("input[name=password]").fill("wrong horse");
    await credentialsForm().locator("button[type=submit]").click();
    await page.waitForURL(/\/auth\/signin\?.*error=CredentialsSignin/, { timeout: 10_000 });
    await page.goto(`${origin}/`);
    expect(await page.locator("#signin").count()).toBe(1);
  });

  it("the OpenID Provider: its button, its sign-in, back on the dashboard", async () => {
    await page.goto(`${origin}/dashboard`);
    await page.waitForURL(/\/auth\/signin/, { timeout: 10_000 });
    await page.locator('form[action$="/auth/signin/demo-oidc"] button[type=submit]').click();
    await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
    expect(await page.locator("#dashboard").innerText()).toBe(`Your dashboard, ${oidcUser.name}`);
    expect(output).not.toContain(oidcUser.email);
  });
});
