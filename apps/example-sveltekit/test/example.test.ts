/**
 * The SvelteKit example's production build, started as a Node server and driven in headless
 * Chromium: the protected page and prefix, sign-in with credentials, the OpenID Provider of
 * `@latch/testing` and an email link from a real SMTP server, sign-out, `locals.auth()`, a lazy
 * config, CSRF refusals and the request-conversion attacks; the organization area
 * (organizationScenario of @latch/testing, shared with the Next.js example). Screenshots go to
 * `screenshots/`.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  chromiumAvailable,
  launchChromium,
  organizationScenario,
  requestConversionAttacks,
  sendAttack,
  startOpenIDProvider,
  startSmtpServer,
  type OpenIDProvider,
  type SmtpTestServer,
} from "@latch/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { startIssuerFor, type TestApp } from "../../../packages/oidc-provider/test/app.js";
import { protectedResourceSteps } from "../../../packages/oidc-provider/test/resource-app.js";
import { freePort, startExample, type ExampleServer } from "./server.js";

const screenshots = fileURLToPath(new URL("../screenshots/", import.meta.url));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const secret = "example-sveltekit-secret-0123456789abcdefghij";
const user = { email: "alice@example.com", password: "correct horse battery" };
const oidcUser = { sub: "oidc-bob", email: "bob@openid.example", email_verified: true, name: "Bob OpenID" };

let server: ExampleServer;
let op: OpenIDProvider;
let smtp: SmtpTestServer;
let issuer: TestApp;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  op = await startOpenIDProvider({
    clients: [{ client_id: "example-sveltekit", client_secret: "example-client-secret", redirect_uris: [`${origin}/auth/callback/demo-oidc`] }],
    accounts: [oidcUser],
  });
  smtp = await startSmtpServer();
  // The authorization server of the notes API (/api/*), whose resource is this origin.
  issuer = await startIssuerFor(origin);
  server = await startExample(port, {
    AUTH_SECRET: secret,
    AUTH_URL: origin,
    EMAIL_SERVER: smtp.url,
    EXAMPLE_ADMIN_USER_IDS: "alice",
    AUTH_DEMO_OIDC_ISSUER: op.issuer,
    AUTH_DEMO_OIDC_ID: "example-sveltekit",
    AUTH_DEMO_OIDC_SECRET: "example-client-secret",
    NOTES_API_ISSUER: issuer.origin,
  });
  // The first request opens the embedded database and applies the schema; do it before timing tests.
  await fetch(`${origin}/auth/session`);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await op?.close();
  await issuer?.close();
});

describe("the notes API, a protected resource (accessTokenGuard in a hook)", () => {
  for (const step of protectedResourceSteps(() => ({ origin, path: "/api/notes", issuer }))) it(step.name, () => step.run());

  it("the hook guards every path under /api, routes or none: no token is a 401, never a 404", async () => {
    const response = await fetch(`${origin}/api/not-a-route`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource"`);
  });
});

describe("over HTTP", () => {
  it("a protected page answers 303 to the sign-in page without a session", async () => {
    const response = await fetch(`${origin}/protected`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin?redirectTo=%2Fprotected");
  });

  it("every path under the protected prefix answers 303 (the hook), pages and endpoints alike", async () => {
    for (const path of ["/admin", "/admin/reports"]) {
      const response = await fetch(`${origin}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(303);
      expect(response.headers.get("location")).toContain("/signin?redirectTo=");
    }
    // The data a client-side navigation loads gets the redirect instead of the page's data.
    const data = await fetch(`${origin}/admin/reports/__data.json`, { redirect: "manual" });
    expect(await data.json()).toEqual({ type: "redirect", location: "/signin?redirectTo=%2Fadmin%2Freports" });
  });

  it("a layout load alone does not protect the endpoint beside its page (the counter-example)", async () => {
    expect((await fetch(`${origin}/layout-only`, { redirect: "manual" })).status).toBe(303);
    const leak = await fetch(`${origin}/layout-only/export`, { redirect: "manual" });
    expect(leak.status).toBe(200);
    expect(await leak.json()).toEqual({ report: "data a layout guard was meant to hide" });
  });

  it("GET /auth/csrf answers 200 with a token", async () => {
    const response = await fetch(`${origin}/auth/csrf`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { csrfToken: string }).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a lazy config that depends on a request header: the brand colour of the built-in page follows X-Brand-Color", async () => {
    const branded = await (await fetch(`${origin}/auth/signin`, { headers: { "x-brand-color": "#c0ffee" } })).text();
    const plain = await (await fetch(`${origin}/auth/signin`)).text();
    expect(branded).toContain("#c0ffee");
    expect(plain).not.toContain("#c0ffee");
  });

  const credentialsBody = () => new URLSearchParams({ ...user, callbackUrl: "/protected" });
  const sessionCookie = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=") && !c.startsWith("authjs.session-token=;"));

  it("a same-origin form post to the credentials callback without a CSRF token signs in (as @auth/sveltekit's clients post)", async () => {
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: credentialsBody(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${origin}/protected` });
    expect(sessionCookie(response)).toBe(true);
  });

  it("a cross-site form post is refused and signs nobody in", async () => {
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: credentialsBody(),
    });
    // SvelteKit's own origin check answers first (403); Latch would refuse it too (see the JSON case).
    expect([302, 403]).toContain(response.status);
    expect(sessionCookie(response)).toBe(false);
  });

  it("a cross-site JSON post (which SvelteKit's check lets through) is refused by Latch and signs nobody in", async () => {
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ ...user, callbackUrl: "/protected" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
    expect(sessionCookie(response)).toBe(false);
  });

  it("the same JSON post from the site's own origin signs in (so the refusal is the origin check's)", async () => {
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ ...user, callbackUrl: "/protected" }),
    });
    expect(response.headers.get("location")).toBe(`${origin}/protected`);
    expect(sessionCookie(response)).toBe(true);
  });

  it("a post with neither Origin nor Sec-Fetch-Site needs the CSRF token", async () => {
    const response = await fetch(`${origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...user, callbackUrl: "/protected" }),
    });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
    expect(sessionCookie(response)).toBe(false);
  });
});

describe("request conversion attacks", () => {
  // SvelteKit's Node adapter answers some attacks itself, before any hook runs: an absolute-form
  // request line becomes a path it does not know (404), and TRACE a request it cannot build (400),
  // both as plain text. Latch never sees them, so no URL it writes can be affected; those answers
  // are accepted when they are exactly the adapter's short plain-text refusals.
  const adapterRefusal = /^(Not Found|Bad Request)$/;
  for (const attack of requestConversionAttacks({ basePath: "/auth", host: `127.0.0.1:${port}`, origin, siteUrlSet: true })) {
    it(attack.name, async () => {
      const response = await sendAttack(attack, { host: "127.0.0.1", port });
      const plain = !String(response.headers["content-type"] ?? "").includes("application/json");
      if (response.status >= 400 && response.status < 500 && plain && adapterRefusal.test(response.body)) return;
      attack.check(response);
    });
  }
});

describe.runIf(await chromiumAvailable())("in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  const whoami = () => page.locator("#whoami").innerText();

  async function signInWithPassword(password: string) {
    await page.locator("#credentials-form input[name=email]").fill(user.email);
    await page.locator("#credentials-form input[name=password]").fill(password);
    await page.locator("#credentials-form button[type=submit]").click();
  }

  it("protected page → sign-in page → credentials through <SignIn/> → the page shows the user → <SignOut/> → signed out", async () => {
    await page.goto(`${origin}/protected`);
    await page.waitForURL(`${origin}/signin?redirectTo=%2Fprotected`);
    await page.screenshot({ path: `${screenshots}signin.png`, fullPage: true });
    await signInWithPassword(user.password);
    await page.waitForURL(`${origin}/protected`);
    await expect.poll(() => page.locator("#protected-user").innerText()).toContain("alice@example.com");
    expect(await whoami()).toContain("Signed in as alice@example.com");
    await page.screenshot({ path: `${screenshots}protected.png`, fullPage: true });

    // The hook-protected prefix opens too.
    await page.goto(`${origin}/admin/reports`);
    expect(await page.locator("#reports").innerText()).toContain("Reports");

    await page.goto(`${origin}/`);
    await page.locator("form.signOutButton button").click();
    await expect.poll(whoami).toContain("Not signed in");
    await page.screenshot({ path: `${screenshots}signed-out.png`, fullPage: true });
    // locals.auth() gives null now: the protected page sends us to sign in again.
    await page.goto(`${origin}/protected`);
    await page.waitForURL(/\/signin\?redirectTo=/);
  });

  it("a wrong password leads to the sign-in page with the CredentialsSignin error, as the page flow does", async () => {
    await page.goto(`${origin}/signin`);
    await signInWithPassword("wrong password");
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/auth\/signin\?(.*&)?error=CredentialsSignin&code=credentials/);
    await expect.poll(() => page.locator("[role=alert]").first().innerText()).toMatch(/check them/i);
    await page.screenshot({ path: `${screenshots}wrong-password.png`, fullPage: true });
    await page.goto(`${origin}/`);
    expect(await whoami()).toContain("Not signed in");
  });

  it("signs in with the OpenID Provider (authorizationParams reach it) and out again", async () => {
    const authorizationRequests: URL[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(op.endpoints.authorization)) authorizationRequests.push(new URL(request.url()));
    });
    await page.goto(`${origin}/signin?redirectTo=/protected`);
    await page.locator("#oidc-form button[type=submit]").click();
    await page.waitForURL(`${origin}/protected`);
    expect(await page.locator("#protected-user").innerText()).toContain(oidcUser.email);
    // <SignIn authorizationParams={{ prompt: "login" }}> → authorizationParams-prompt → the authorization URL.
    expect(authorizationRequests[0]?.searchParams.get("prompt")).toBe("login");
    await page.locator("form.signOutButton button").click();
    await expect.poll(whoami).toContain("Not signed in");
  });

  it("signs in with an email link from the outbox and out again", async () => {
    const address = `reader-${Date.now()}@example.com`;
    await page.goto(`${origin}/signin?redirectTo=/protected`);
    await page.locator("#email-form input[name=email]").fill(address);
    await page.locator("#email-form button[type=submit]").click();
    await page.waitForURL(/\/auth\/verify-request/);
    await page.screenshot({ path: `${screenshots}verify-request.png`, fullPage: true });
    const mail = await smtp.waitForMail({ to: address, timeoutMs: 15_000 });
    const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"));
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL(`${origin}/protected`);
    expect(await page.locator("#protected-user").innerText()).toContain(address);
    await page.locator("form.signOutButton button").click();
    await expect.poll(whoami).toContain("Not signed in");
  });

  describe("the organization area", () => {
    const organizations = organizationScenario({
      origin,
      basePath: "/auth",
      owner: user,
      member: { email: "carol@example.com", password: "staple battery horse" },
      areaPath: "/organizations",
      ownerPath: "/organizations/owner",
      waitForMail: (query) => smtp.waitForMail(query),
    });
    afterAll(() => organizations.close());
    for (const step of organizations.steps) it(step.name, () => step.run(browser), 60_000);
  });
});
