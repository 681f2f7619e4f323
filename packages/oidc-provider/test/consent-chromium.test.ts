/**
 * The consent page in real Chromium: a partner's authorization request sends the browser to
 * Latch's sign-in page, then to the consent page (in the frame of Latch's pages, under its CSP
 * without a violation) showing the client, the scopes in words and the account; "Allow" returns a
 * code the partner exchanges, "Deny" returns `access_denied`, and "Not you?" lets another user sign
 * in and be asked in turn. After allowing, the sessions page's "Apps with access" leads to the
 * grant. The RP's host is answered by Playwright's routing (no RP runs here).
 */
import * as oauth from "oauth4webapi";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SessionControl } from "@latch/core/sessions";
import { OAuthAccountPages } from "../src/index.js";
import { password, resource, rpCallback, startApp, type TestApp } from "./app.js";

const run = await chromiumAvailable();

describe.runIf(run)("the consent page in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: TestApp;
  let as: oauth.AuthorizationServer;
  const partner = { client_id: "partner" };
  const insecure = { [oauth.allowInsecureRequests]: true } as const;

  beforeAll(async () => {
    // The sessions page links to the apps with access (OAuthAccountPages), where the grant is listed.
    [browser, app] = await Promise.all([launchChromium(), startApp({ auth: { session: { strategy: "database", control: SessionControl() }, plugins: [OAuthAccountPages()] } })]);
    const issuer = new URL(app.origin);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A page whose CSP violations are collected, and whose visits to the RP are answered here. */
  async function newPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.route("http://rp.example.test/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!DOCTYPE html><title>RP</title><p>back at the app</p>" }));
    return { page, violations };
  }

  async function startAuthorization(page: Page) {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: "partner",
      redirect_uri: rpCallback,
      response_type: "code",
      scope: "openid email notes:read",
      resource,
      state: "st",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    await page.goto(url.href);
    return verifier;
  }

  async function signInOnLatchsPage(page: Page, email: string) {
    await page.waitForURL((url) => url.pathname === "/auth/signin", { waitUntil: "load" });
    const form = page.locator("form:has(input[name=password])");
    await form.locator("input[name=email]").fill(email);
    await form.locator("input[name=password]").fill(password);
    await Promise.all([page.waitForURL((url) => url.pathname !== "/auth/signin"), form.locator("button[type=submit]").click()]);
  }

  test("sign in through Latch, see who asks for what, allow, and the partner gets its code; the sessions page leads to the app's grant", async () => {
    const user = await app.member();
    const { page, violations } = await newPage();
    const verifier = await startAuthorization(page);
    await signInOnLatchsPage(page, user.email);
    await page.waitForURL((url) => url.pathname.startsWith("/auth/oauth2/interaction/"));
    expect(await page.title()).toBe("Allow Partner Analytics?");
    expect(await page.locator("main.card h1").textContent()).toBe("Allow Partner Analytics?");
    expect(await page.locator("ul.scopes li").allTextContents()).toEqual(["See your email address", "Read your notes"]);
    expect(await page.locator(".account strong").textContent()).toBe(user.email);
    expect(await page.locator("a", { hasText: "Not you?" }).count()).toBe(1);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.href.startsWith(rpCallback));
    const callback = new URL(page.url());
    expect(callback.searchParams.get("iss")).toBe(app.origin);
    const params = oauth.validateAuthResponse(as, partner, callback, "st");
    const response = await oauth.authorizationCodeGrantRequest(as, partner, oauth.ClientSecretBasic("partner-secret-0123456789abcdef0123456789"), params, rpCallback, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, partner, response);
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(user.id);
    await page.goto(`${app.origin}/auth/sessions`);
    await Promise.all([page.waitForURL(`${app.origin}/auth/oauth2/grants`), page.getByRole("link", { name: "Apps with access" }).click()]);
    expect(await page.locator("strong", { hasText: "Partner Analytics" }).count()).toBe(1);
    expect(violations).toEqual([]);
  });

  test("deny: the partner is told access_denied, with no code", async () => {
    const user = await app.member();
    const { page } = await newPage();
    await startAuthorization(page);
    await signInOnLatchsPage(page, user.email);
    await page.waitForURL((url) => url.pathname.startsWith("/auth/oauth2/interaction/"));
    await page.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL((url) => url.href.startsWith(rpCallback));
    const callback = new URL(page.url());
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("code")).toBeNull();
  });

  test("not you? another user signs in and is asked in turn", async () => {
    const [first, second] = [await app.member(), await app.member()];
    const { page } = await newPage();
    await startAuthorization(page);
    await signInOnLatchsPage(page, first.email);
    await page.waitForURL((url) => url.pathname.startsWith("/auth/oauth2/interaction/"));
    await page.locator("a", { hasText: "Not you?" }).click();
    // Latch's sign-out page, then back to the interaction, which asks for a sign-in.
    await page.waitForURL((url) => url.pathname === "/auth/signout", { waitUntil: "load" });
    await Promise.all([page.waitForURL((url) => url.pathname !== "/auth/signout"), page.locator("form button[type=submit]").click()]);
    await signInOnLatchsPage(page, second.email);
    await page.waitForURL((url) => url.pathname.startsWith("/auth/oauth2/interaction/") && !url.pathname.endsWith("/confirm"));
    await page.waitForSelector(".account strong");
    expect(await page.locator(".account strong").textContent()).toBe(second.email);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.href.startsWith(rpCallback));
    expect(new URL(page.url()).searchParams.get("code")).toBeTruthy();
  });
});
