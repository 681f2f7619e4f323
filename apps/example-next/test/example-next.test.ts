/**
 * The example app, built by `next build` and started with `next start`, driven in headless
 * Chromium: the interceptor (proxy.ts), Server Components, Server Actions, useSession, the demo
 * OpenID Provider, database sessions on PostgreSQL, a Pages Router API route and an App Router
 * Route Handler; the organization area (organizationScenario of @latch/testing: invitations
 * mailed to the testing SMTP server, switchOrganization, the owner's page, a ban by the site
 * administrator). Screenshots go to test-results/ (not committed).
 */
import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  chromiumAvailable,
  launchChromium,
  needService,
  organizationScenario,
  requestConversionAttacks,
  sendAttack,
  services,
  startOpenIDProvider,
  startSmtpServer,
  type OpenIDProvider,
  type SmtpTestServer,
} from "@latch/testing";
import { startIssuerFor, type TestApp } from "../../../packages/oidc-provider/test/app.js";
import { protectedResourceSteps } from "../../../packages/oidc-provider/test/resource-app.js";
import { answeredByNext, appDir, freePort, isBuilt, startNext, type NextServer } from "./next-server.js";

const shots = `${appDir}/test-results`;
const databaseUrl = `postgres://postgres@${services.postgres.host}:${services.postgres.port}/test`;
const schema = `example_next_${randomBytes(4).toString("hex")}`;
const ready = (await needService(services.postgres)) && (await chromiumAvailable());
if (ready && !isBuilt()) throw new Error("apps/example-next is not built: run `npm run build -w @latch/example-next` (npm test builds it first).");

describe.runIf(ready)("the Next.js 16 example in Chromium", () => {
  let server: NextServer;
  let op: OpenIDProvider;
  let issuer: TestApp;
  let smtp: SmtpTestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // The port is fixed before the provider is registered: its redirect URI names it.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    op = await startOpenIDProvider({
      clients: [{ client_id: "example-next", client_secret: "example-next-secret", redirect_uris: [`${origin}/api/auth/callback/demo-oidc`] }],
    });
    smtp = await startSmtpServer();
    // The authorization server of the notes API (/api/notes), whose resource is this origin.
    issuer = await startIssuerFor(origin);
    server = await startNext({
      PORT: String(port),
      AUTH_SECRET: randomBytes(33).toString("base64"),
      AUTH_URL: origin,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      AUTH_DEMO_OIDC_ISSUER: op.issuer,
      AUTH_DEMO_OIDC_ID: "example-next",
      AUTH_DEMO_OIDC_SECRET: "example-next-secret",
      EMAIL_SERVER: smtp.url,
      EXAMPLE_ADMIN_USER_IDS: "example-ada",
      NOTES_API_ISSUER: issuer.origin,
    }, undefined, port);
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await organizations.close();
    await server?.stop();
    await op?.close();
    await issuer?.close();
    await smtp?.close();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  test("the API routes answer 401 without a session", async () => {
    expect((await page.request.get(`${origin}/api/whoami`)).status()).toBe(401);
    expect((await page.request.get(`${origin}/api/me`)).status()).toBe(401);
  });

  test("/dashboard signed out: the interceptor redirects to the sign-in page with a callbackUrl", async () => {
    await page.goto(`${origin}/dashboard`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/signin");
    expect(url.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard`);
    await page.screenshot({ path: `${shots}/signin.png` });
  });

  test("a wrong password shows the CredentialsSignin message", async () => {
    await page.fill('input[name="password"]', "wrong horse");
    await page.click("#signin-password");
    await page.waitForSelector("#signin-error");
    expect(await page.textContent("#signin-error")).toBe("Wrong email or password.");
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    // signIn threw CredentialsSignin with its code; the Server Action passed both on.
    expect(new URL(page.url()).searchParams.get("code")).toBe("credentials");
    await page.screenshot({ path: `${shots}/wrong-password.png` });
  });

  test("credentials sign-in through a Server Action lands on /dashboard, shown by auth() and useSession", async () => {
    await page.fill('input[name="password"]', "correct horse");
    await page.click("#signin-password");
    await page.waitForURL(`${origin}/dashboard`);
    expect(await page.textContent("#server-user")).toBe("Ada Lovelace");
    await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "authenticated");
    expect(await page.textContent("#client-user")).toBe("Ada Lovelace");
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "authjs.session-token");
    expect(session?.httpOnly).toBe(true);
    // Database sessions: the cookie holds an opaque token, not a JWE.
    expect(session?.value.split(".")).toHaveLength(1);
    // The session handed to the browser (SessionProvider's props) never carries the token.
    expect(await page.content()).not.toContain(session!.value);
    await page.screenshot({ path: `${shots}/dashboard.png` });
  });

  test("getServerSideProps reads the session with auth(context)", async () => {
    const other = await browser.newPage();
    try {
      await other.goto(`${origin}/profile`);
      expect(await other.textContent("#profile-user")).toBe("Not signed in");
    } finally {
      await other.close();
    }
    await page.goto(`${origin}/profile`);
    expect(await page.textContent("#profile-user")).toBe("Ada Lovelace");
    await page.goto(`${origin}/dashboard`);
  });

  test("the API routes answer 200 with the session", async () => {
    const pages = await page.request.get(`${origin}/api/whoami`);
    expect(pages.status()).toBe(200);
    expect(await pages.json()).toMatchObject({ user: { email: "ada@example.com" } });
    const app = await page.request.get(`${origin}/api/me`);
    expect(app.status()).toBe(200);
    expect(await app.json()).toMatchObject({ user: { email: "ada@example.com" } });
  });

  test("an adapter that throws: auth() gives null (and logs), though the cookie is valid", async () => {
    const answer = await page.request.get(`${origin}/api/broken-adapter`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ session: null });
    expect(server.output()).toContain("the database is down");
    // The same cookie, read through the working adapter, is a session.
    expect((await page.request.get(`${origin}/api/whoami`)).status()).toBe(200);
  });

  test("unstable_update changes the name, on the server and in useSession", async () => {
    await page.fill('input[name="name"]', "Countess Lovelace");
    await page.click("#rename");
    await page.waitForFunction(() => document.querySelector("#server-user")?.textContent === "Countess Lovelace");
    await page.click("#client-refresh");
    await page.waitForFunction(() => document.querySelector("#client-user")?.textContent === "Countess Lovelace");
  });

  test("useSession's update() sends data to the session callback (POST /session with the CSRF token)", async () => {
    await page.click("#client-rename");
    await page.waitForFunction(() => document.querySelector("#client-user")?.textContent === "Ada from the browser");
    await page.reload();
    expect(await page.textContent("#server-user")).toBe("Ada from the browser");
  });

  test("sign-out through the Server Action signs out", async () => {
    await page.click("#signout");
    await page.waitForURL(`${origin}/`);
    expect(await page.textContent("#home-status")).toBe("Not signed in");
    expect((await context.cookies()).some((c) => c.name === "authjs.session-token")).toBe(false);
    await page.goto(`${origin}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/signin");
    expect((await page.request.get(`${origin}/api/whoami`)).status()).toBe(401);
  });

  test("the same round with the demo OpenID Provider", async () => {
    const fresh = await browser.newContext();
    const oidcPage = await fresh.newPage();
    try {
      await oidcPage.goto(`${origin}/dashboard`);
      expect(new URL(oidcPage.url()).pathname).toBe("/signin");
      await oidcPage.click("#signin-oidc");
      await oidcPage.waitForURL(`${origin}/dashboard`);
      expect(await oidcPage.textContent("#server-user")).toBe("Alice Example");
      await oidcPage.waitForFunction(() => document.querySelector("#client-user")?.textContent === "Alice Example");
      await oidcPage.screenshot({ path: `${shots}/dashboard-oidc.png` });
      // A second tab; signing out in the first with @latch/next/react's signOut reaches it too:
      // its useSession({ required: true }) sends it to the sign-in page.
      const otherTab = await fresh.newPage();
      await otherTab.goto(`${origin}/dashboard`);
      await otherTab.waitForFunction(() => document.querySelector("#client-status")?.textContent === "authenticated");
      await oidcPage.click("#client-signout");
      await oidcPage.waitForURL(`${origin}/`);
      expect(await oidcPage.textContent("#home-status")).toBe("Not signed in");
      await otherTab.waitForURL((url) => url.pathname === "/signin");
    } finally {
      await fresh.close();
    }
  });

  test("server-side signIn with redirect: false returns the authorization URL with the extra parameters", async () => {
    const fresh = await browser.newContext();
    try {
      const answer = await fresh.request.get(`${origin}/api/oidc-url`);
      expect(answer.status()).toBe(200);
      const url = new URL(((await answer.json()) as { url: string }).url);
      expect(`${url.origin}${url.pathname}`).toBe(op.endpoints.authorization);
      expect(url.searchParams.get("login_hint")).toBe("alice@example.com");
      expect(url.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/demo-oidc`);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      const names = (await fresh.cookies()).map((c) => c.name);
      expect(names).toContain("authjs.pkce.code_verifier");
    } finally {
      await fresh.close();
    }
  });

  const organizations = organizationScenario({
    get origin() {
      return origin;
    },
    basePath: "/api/auth",
    owner: { email: "ada@example.com", password: "correct horse" },
    member: { email: "grace@example.com", password: "analytical engine" },
    areaPath: "/organizations",
    ownerPath: "/organizations/owner",
    waitForMail: (query) => smtp.waitForMail(query),
  });

  describe("the organization area", () => {
    for (const step of organizations.steps) test(step.name, () => step.run(browser), 60_000);
  });

  describe("the notes API, a protected resource (withAccessToken)", () => {
    for (const step of protectedResourceSteps(() => ({ origin, path: "/api/notes", issuer }))) test(step.name, () => step.run());
  });

  describe("request conversion attacks on the Route Handlers", () => {
    test("every attack is refused or changes nothing", async () => {
      const failures: string[] = [];
      const attacks = requestConversionAttacks({ basePath: "/api/auth", host: new URL(origin).host, origin, siteUrlSet: true });
      expect(attacks.length).toBeGreaterThan(10);
      for (const attack of attacks) {
        const answer = await sendAttack(attack, { host: "127.0.0.1", port: server.port });
        try {
          attack.check(answer);
        } catch (error) {
          if (!answeredByNext(attack, answer)) failures.push(`${attack.name}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
