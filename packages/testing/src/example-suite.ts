/**
 * The tests every example app runs, registered with vitest in one call: the app started once as
 * its own process, then driven over HTTP ({@link exampleHttpSteps}), through the request-conversion
 * attacks on a real socket ({@link requestConversionAttacks}), and in headless Chromium
 * ({@link exampleScenario}), with the example's own tests added to each part. Imported from
 * `@latch/testing/vitest`, so that the rest of this package never loads vitest.
 */
import type { Browser } from "playwright-core";
import type { TestBrowser } from "./browser.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "./chromium.js";
import { exampleHttpSteps, exampleScenario, freePort, startNodeExample, type NodeExample, type NodeExampleOptions } from "./example-app.js";
import { forgedAddressStatuses, requestConversionAttacks, sendAttack, signInOverHttp, type RequestAttack } from "./request-attacks.js";

/** The OpenID Provider's user every example signs in as. */
export const exampleOidcUser = { sub: "oidc-grace", email: "grace@openid.example", email_verified: true, name: "Grace OpenID" } as const;

/** The credentials user every example knows. */
export const exampleCredentials = { email: "ada@example.com", password: "correct horse", name: "Ada" } as const;

/** Where the running example is, handed to the example's own tests. */
export interface ExampleUnderTest {
  /** `127.0.0.1:<port>`. */
  readonly host: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Everything the app printed so far. */
  output(): string;
}

/** Options of {@link exampleSuite}. */
export interface ExampleSuiteOptions {
  /** The describe block's title, such as "the Astro example". */
  title: string;
  /** Why the whole suite cannot run here (it is skipped with this reason in its title), or nothing. */
  skip?: string | undefined;
  /** How the app is started, apart from its port and OpenID user: `startNodeExample`'s options. */
  app: Omit<NodeExampleOptions, "port" | "oidcUser">;
  /** Runs before the app starts, such as a build; its answer (milliseconds) is printed. */
  prepare?: () => number | Promise<number>;
  /** How long preparing and starting may take; default 180 s. */
  startTimeoutMs?: number;
  /**
   * The request-conversion attacks on a real socket: `true` for all of them, a set of names the
   * framework's server answers before Latch sees the request (each is then checked to leak
   * nothing), or `false` to leave them to another suite.
   */
  attacks: boolean | { answeredByServer: ReadonlySet<string>; server: string };
  /**
   * The page's own sign-in and sign-out buttons (`#client-signin`, `#client-signout`) are driven
   * too; `"with status"`: and the page's `#client-status` (a client hook's view of the session,
   * `In the browser: signed out` / `In the browser: <name>`) follows them.
   */
  clientButtons?: boolean | "with status";
  /** The example's own tests over HTTP. */
  http?: (app: ExampleUnderTest) => void;
  /** The example's own tests in Chromium. */
  chromium?: (app: ExampleUnderTest, browser: () => Browser) => void;
}

/**
 * Registers an example app's tests: see the module's comment.
 *
 * @example
 * ```ts
 * await exampleSuite({ title: "the Hono example", app: { name: "example-hono", cwd: appDir }, attacks: false })
 * ```
 */
export async function exampleSuite(options: ExampleSuiteOptions): Promise<void> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const origin = `http://${host}`;
  const withChromium = await chromiumAvailable();
  let example: NodeExample | undefined;
  const app: ExampleUnderTest = { host, origin, port, output: () => example?.app.output() ?? "" };

  describe.skipIf(!!options.skip)(`${options.title}${options.skip ? ` (skipped: ${options.skip})` : ""}`, () => {
    beforeAll(async () => {
      if (options.prepare) console.log(`${options.app.name}: built in ${await options.prepare()} ms`);
      example = await startNodeExample({ ...options.app, port, oidcUser: exampleOidcUser });
    }, options.startTimeoutMs ?? 180_000);

    afterAll(() => example?.stop());

    describe("over HTTP", () => {
      for (const step of exampleHttpSteps({ origin, basePath: "/auth" })) it(step.name, () => step.run());
      options.http?.(app);
    });

    if (options.attacks) attackTests(app, options.attacks);

    describe.runIf(withChromium)("in Chromium", () => {
      let browser: Browser | undefined;
      beforeAll(async () => {
        browser = await launchChromium();
      });
      afterAll(() => browser?.close());
      const theBrowser = (): Browser => {
        if (!browser) throw new Error("Chromium did not start");
        return browser;
      };

      const steps = exampleScenario({ origin, basePath: "/auth", credentials: exampleCredentials, oidcProviderId: "demo-oidc", oidcUser: exampleOidcUser, output: app.output });
      for (const step of steps) it(step.name, () => step.run(theBrowser()));
      if (options.clientButtons) {
        const name = options.clientButtons === "with status" ? "the session in the browser follows the page's own sign-in and sign-out buttons" : "the browser module signs in at the OpenID Provider and out again from the page's own buttons";
        it(name, () => clientButtonsRound(theBrowser(), origin, options.clientButtons === "with status"));
      }
      options.chromium?.(app, theBrowser);
    });
  });
}

/** The request-conversion attacks, and a method Latch does not serve, on the example's socket. */
function attackTests(app: ExampleUnderTest, attacks: true | { answeredByServer: ReadonlySet<string>; server: string }): void {
  const server = { host: "127.0.0.1", port: app.port };
  const answeredByServer = attacks === true ? new Set<string>() : attacks.answeredByServer;
  describe("request conversion, on a real socket", () => {
    const all: RequestAttack[] = requestConversionAttacks({ basePath: "/auth", host: app.host, origin: app.origin, siteUrlSet: true, credentials: exampleCredentials });
    for (const attack of all.filter((a) => !answeredByServer.has(a.name))) it(attack.name, async () => attack.check(await sendAttack(attack, server)));
    // A server that builds the Fetch `Request` itself answers what it cannot make one of before any
    // app code runs; Latch never sees those requests. Whatever it answers must leak nothing.
    for (const attack of all.filter((a) => answeredByServer.has(a.name))) {
      it(`${attack.name}: answered by ${attacks === true ? "the server" : attacks.server} before Latch`, async () => {
        const response = await sendAttack(attack, server);
        expect(response.body).not.toMatch(/"(signinUrl|callbackUrl)"/);
        expect(response.body).not.toMatch(/\n\s+at\s|node_modules|\.m?js:\d+/);
        expect(response.headers["set-cookie"]).toBeUndefined();
      });
    }
  });

  it("a method Latch does not serve outside a plugin's path is refused with a 405 JSON answer", async () => {
    const response = await sendAttack({ method: "PUT", target: "/auth/session", headers: { host: app.host, "content-type": "application/json" }, body: "{}" }, server);
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toMatchObject({ error: "InvalidRequest" });
  });
}

/** Signs in at the OpenID Provider with the page's `#client-signin` button and out with `#client-signout` (watching `#client-status` when `withStatus`). */
async function clientButtonsRound(browser: Browser, origin: string, withStatus: boolean): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    if (withStatus) await page.locator("#client-status", { hasText: "In the browser: signed out" }).waitFor({ timeout: 10_000 });
    await page.locator("#client-signin").click();
    await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
    expect(await page.locator("#dashboard").innerText()).toBe(`Your dashboard, ${exampleOidcUser.name}`);
    await page.goto(`${origin}/`);
    expect(await page.locator("#hello").innerText()).toBe(`Hello ${exampleOidcUser.name}`);
    if (withStatus) await page.locator("#client-status", { hasText: `In the browser: ${exampleOidcUser.name}` }).waitFor({ timeout: 10_000 });
    await page.locator("#client-signout").click();
    await page.locator("#signin").waitFor({ timeout: 10_000 });
    expect(await page.locator("#hello").count()).toBe(0);
  } finally {
    await context.close();
  }
}

/** Signs the example's credentials user in over HTTP (see `signInOverHttp`); the session's `Cookie` header. */
export const exampleSignIn = (origin: string): Promise<string> => signInOverHttp(origin, exampleCredentials);

/**
 * The app's own sign-out form posted to `action` (a URL of the app, not Latch's) with the
 * `session`: from another site it is refused and the session stays; from the site itself it ends
 * the session and sends to `<origin>/`.
 */
export async function expectFormSignOutRefusedCrossSite(origin: string, action: string, session: string): Promise<void> {
  const post = (from: string) =>
    fetch(action, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, origin: from, "sec-fetch-site": from === origin ? "same-origin" : "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
  const forged = await post("https://evil.example");
  expect(forged.status).toBeLessThan(500);
  expect(forged.headers.get("location") ?? "").not.toBe(`${origin}/`);
  expect(forged.headers.getSetCookie().some((cookie) => /session-token=;|session-token=(?:;|$)/.test(cookie))).toBe(false);
  const after = (await (await fetch(`${origin}/auth/session`, { headers: { cookie: session } })).json()) as { user?: { name?: string } };
  expect(after.user?.name).toBe(exampleCredentials.name);
  const own = await post(origin);
  expect(own.headers.get("location")).toBe(`${origin}/`);
  expect(own.headers.getSetCookie().some((cookie) => /session-token=;/.test(cookie) || /session-token=.*Max-Age=0/i.test(cookie))).toBe(true);
}

/**
 * Registers the two client-address tests of an app that serves Latch at `/direct/auth` (the
 * socket's address) and `/proxied/auth` (behind `trustedProxies` holding 127.0.0.1), with a limit
 * of 5 wrong credentials sign-ins: a forged `X-Forwarded-For` does not make a new client, and
 * behind the trusted proxy the forwarded address is the client.
 */
export function clientAddressTests(base: () => string): void {
  it("a forged X-Forwarded-For does not make a new client: 429 after the limit", async () => {
    expect(await forgedAddressStatuses(`${base()}/direct/auth`)).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
  });

  it("behind a proxy the config trusts, the forwarded address is the client", async () => {
    expect(await forgedAddressStatuses(`${base()}/proxied/auth`)).toEqual([302, 302, 302, 302, 302, 302, 302, 302]);
  });
}

/** What {@link expectQuickStartPages} looks for in a getting-started app's pages. */
export interface QuickStartPages {
  /** The auth routes' base path, such as `/auth` or `/api/auth`. */
  basePath: string;
  /** The home page's sign-in link, before sign-in. */
  signInLink: string | RegExp;
  /** Where the guarded `/dashboard` redirects a visitor without a session (`Location`, as the app writes it). */
  guardLocation: string;
  /** The home page's greeting once Ada has signed in. */
  hello: string | RegExp;
  /** The dashboard's heading once Ada has signed in. */
  dashboard: string | RegExp;
}

/**
 * Walks a running getting-started app over HTTP, as a visitor would: the home page's sign-in
 * link, the guard's redirect with the way back, Latch's sign-in page with the password field, a
 * wrong password that signs nobody in, then Ada's credentials, after which the home page greets
 * her and the dashboard is hers. Answers the browser, signed in as Ada.
 */
export async function expectQuickStartPages(origin: string, pages: QuickStartPages): Promise<TestBrowser> {
  const { createBrowser } = await import("./browser.js");
  const browser = createBrowser();
  const text = async (path: string) => (await browser.fetch(`${origin}${path}`)).text();
  const expectIn = (page: string, wanted: string | RegExp) => (typeof wanted === "string" ? expect(page).toContain(wanted) : expect(page).toMatch(wanted));
  expectIn(await text("/"), pages.signInLink);
  const guarded = await browser.fetch(`${origin}/dashboard`, { redirect: "manual" });
  expect(guarded.status).toBe(302);
  expect(guarded.headers.get("location")).toBe(pages.guardLocation);
  expect(await text(`${pages.basePath}/signin?callbackUrl=/dashboard`)).toContain('name="password"');
  const { csrfToken } = (await (await browser.fetch(`${origin}${pages.basePath}/csrf`)).json()) as { csrfToken: string };
  const post = (password: string) =>
    browser.fetch(`${origin}${pages.basePath}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ csrfToken, email: exampleCredentials.email, password, callbackUrl: `${origin}/dashboard` }),
    });
  expect((await post("wrong")).headers.get("location") ?? "").not.toBe(`${origin}/dashboard`);
  expect(await text("/")).not.toContain(`Hello ${exampleCredentials.name}`);
  expect((await post(exampleCredentials.password)).headers.get("location")).toBe(`${origin}/dashboard`);
  expectIn(await text("/"), pages.hello);
  expectIn(await text("/dashboard"), pages.dashboard);
  return browser;
}
