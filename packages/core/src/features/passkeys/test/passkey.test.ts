/**
 * Passkeys end to end in real Chromium with a virtual authenticator: the built-in sign-in page,
 * its passkey script, the webauthn flow and `@latch/pg` on PGlite.
 */
import { addVirtualAuthenticator, chromiumAvailable, launchChromium, type VirtualAuthenticator } from "@latch/testing";
import type { Browser, BrowserContext, Page, Request as PwRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

// Generous limits: Chromium and PGlite share the machine with other suites.
describe.runIf(run)("passkeys in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;

  beforeAll(async () => {
    // Conditional UI is off here: the virtual authenticator answers an autofill request at once,
    // so the page would sign in before the button is pressed. Its own test turns it on.
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  interface Tab {
    context: BrowserContext;
    page: Page;
    authenticator: VirtualAuthenticator;
  }

  async function openTab(): Promise<Tab> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const authenticator = await addVirtualAuthenticator(page);
    return { context, page, authenticator };
  }

  /** Opens the sign-in page, types `email` (if any) and presses the passkey button. */
  async function usePasskeyForm(page: Page, email?: string): Promise<void> {
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    if (email) await form.locator("input[name=email]").fill(email);
    await form.locator("button[type=submit]").click();
  }

  async function who(page: Page): Promise<string> {
    await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/auth/error") || url.pathname === "/auth/signin" && url.searchParams.has("error"));
    if (new URL(page.url()).pathname !== "/") return `error:${new URL(page.url()).searchParams.get("error")}`;
    return (await page.locator("#who").textContent()) ?? "";
  }

  async function signOut(page: Page): Promise<void> {
    await page.goto(`${app.base}/signout`);
    await page.locator("form button, form [type=submit]").first().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/signout"));
  }

  function callbackPost(page: Page): Promise<PwRequest> {
    return page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth/callback/passkey");
  }

  test("registers a new user, signs out, signs back in with the passkey; the counter is stored and moves", async () => {
    const { context, page, authenticator } = await openTab();
    await usePasskeyForm(page, "ada@example.com");
    expect(await who(page)).toBe("ada@example.com");

    const [row] = await app.authenticators();
    const [credential] = await authenticator.credentials();
    expect(row).toBeDefined();
    expect(credential!.isResidentCredential).toBe(true);
    // The stored id is the authenticator's credential id in standard base64.
    expect(row!.credentialID).toBe(credential!.credentialId);
    expect(row!.providerAccountId).toBe(row!.credentialID);
    expect(row!.transports).toBe("internal");
    const registeredCounter = row!.counter;
    const { rows: [account] } = await app.db.query<{ type: string; userId: string }>(`SELECT type, "userId" FROM accounts`);
    expect(account).toMatchObject({ type: "webauthn", userId: row!.userId });

    await signOut(page);
    await page.goto(`${app.origin}/`);
    expect(await page.locator("#who").textContent()).toBe("nobody");

    await usePasskeyForm(page);
    expect(await who(page)).toBe("ada@example.com");
    const [after] = await app.authenticators();
    const [used] = await authenticator.credentials();
    expect(after!.counter).toBe(used!.signCount);
    expect(after!.counter).toBeGreaterThan(registeredCounter);
    expect((await app.counts()).users).toBe(1);
    await context.close();
  });
  /** A new context whose authenticator registered `email` through the sign-in page (left signed in). */
  async function registered(email: string): Promise<Tab> {
    const tab = await openTab();
    await usePasskeyForm(tab.page, email);
    expect(await who(tab.page)).toBe(email);
    return tab;
  }

  /** Replays a captured callback POST from outside the browser, with the cookies it carried. */
  async function replay(request: PwRequest): Promise<string> {
    const headers = await request.allHeaders();
    const response = await fetch(request.url(), {
      method: "POST",
      headers: { cookie: headers.cookie ?? "", "content-type": headers["content-type"]!, "x-auth-return-redirect": "1" },
      body: request.postData()!,
    });
    const { url } = (await response.json()) as { url: string };
    return new URL(url).searchParams.get("error") ?? url;
  }

  test("a used challenge is refused: the browser's replay and a replay that carries the spent cookie", async () => {
    const { context, page } = await registered("grace@example.com");
    await signOut(page);
    const posted = callbackPost(page);
    await usePasskeyForm(page);
    const request = await posted;
    expect(await who(page)).toBe("grace@example.com");
    const before = { counts: await app.counts(), rows: await app.authenticators() };

    // The browser no longer has the challenge cookie: the callback cleared it.
    const inBrowser = await page.evaluate(async ({ url, body }) => {
      const response = await fetch(url, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" } });
      return ((await response.json()) as { url: string }).url;
    }, { url: request.url(), body: request.postData()! });
    expect(new URL(inBrowser).searchParams.get("error")).toBe("WebAuthnVerificationError");
    // With a copy of the spent cookie: refused because the challenge was spent on the server. The
    // stored counter is put back to 0, as a passkey whose counter never moves (most synced ones),
    // so that the counter check cannot be what refuses it.
    await app.db.query(`UPDATE authenticators SET counter = 0 WHERE "userId" = (SELECT id FROM users WHERE email = 'grace@example.com')`);
    const reset = { counts: await app.counts(), rows: await app.authenticators() };
    expect(await replay(request)).toBe("WebAuthnVerificationError");
    expect(app.logs.at(-1)).toMatch(/challenge was already used/);

    expect(await app.counts()).toEqual(before.counts);
    expect(await app.authenticators()).toEqual(reset.rows);
    expect(reset.counts).toEqual(before.counts);
    await context.close();
  });

  test("a replayed registration is refused: the credential is already registered", async () => {
    const { context, page } = await openTab();
    const posted = callbackPost(page);
    await usePasskeyForm(page, "hopper@example.com");
    const request = await posted;
    expect(await who(page)).toBe("hopper@example.com");
    const before = await app.counts();
    expect(await replay(request)).toBe("WebAuthnVerificationError");
    expect(await app.counts()).toEqual(before);
    await context.close();
  });

  /** A registration for `email` made in the browser and stopped before it reached Latch. */
  async function capturedRegistration(email: string): Promise<{ context: BrowserContext; request: PwRequest }> {
    const { context, page } = await openTab();
    let captured: PwRequest | undefined;
    await page.route("**/auth/callback/passkey", async (route) => {
      captured = route.request();
      await route.abort();
    });
    await usePasskeyForm(page, email);
    await expect.poll(() => captured).toBeDefined();
    return { context, request: captured! };
  }

  test("a response made for this origin and RP id is refused by an app with another RP id or origin", async () => {
    // One ceremony each: a challenge answers one callback, refused or not.
    const [forRpId, forOrigin, good] = [
      await capturedRegistration("carol@example.com"),
      await capturedRegistration("carol@example.com"),
      await capturedRegistration("carol@example.com"),
    ];
    const before = await app.counts();
    try {
      app.configure({ enableConditionalUI: false, relyingParty: { id: "other.example" } });
      expect(await replay(forRpId.request)).toBe("WebAuthnVerificationError");
      app.configure({ enableConditionalUI: false, relyingParty: { origin: "https://other.example" } });
      expect(await replay(forOrigin.request)).toBe("WebAuthnVerificationError");
      // Nothing written; the two refused ceremonies spent their challenges.
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 2 });
      expect(app.logs.join("\n")).toMatch(/RP ID/i);
      expect(app.logs.join("\n")).toMatch(/origin/i);
    } finally {
      app.configure({ enableConditionalUI: false });
    }
    // A response of the same kind is good for the app it was made for.
    expect(await replay(good.request)).toBe(`${app.origin}/`);
    expect((await app.counts()).users).toBe(before.users + 1);
    await Promise.all([forRpId.context.close(), forOrigin.context.close(), good.context.close()]);
  });

  test("a counter that goes backwards is refused as a cloned authenticator", async () => {
    const { context, page } = await registered("dave@example.com");
    await signOut(page);
    await app.db.query(`UPDATE authenticators SET counter = 1000 WHERE "userId" = (SELECT id FROM users WHERE email = 'dave@example.com')`);
    const before = await app.counts();
    await usePasskeyForm(page);
    expect(await who(page)).toBe("error:WebAuthnVerificationError");
    expect(await app.counts()).toEqual(before);
    const { rows } = await app.db.query<{ counter: number }>(`SELECT counter::int AS counter FROM authenticators a JOIN users u ON u.id = a."userId" WHERE u.email = 'dave@example.com'`);
    expect(rows[0]!.counter).toBe(1000);
    await context.close();
  });

  test("an unknown credential id is refused", async () => {
    const { context, page } = await registered("erin@example.com");
    await signOut(page);
    await app.db.query(`DELETE FROM authenticators WHERE "userId" = (SELECT id FROM users WHERE email = 'erin@example.com')`);
    const before = await app.counts();
    await usePasskeyForm(page);
    expect(await who(page)).toBe("error:WebAuthnVerificationError");
    expect(await app.counts()).toEqual(before);
    await context.close();
  });

  test("a signed-in user adds a second passkey; its options exclude the first", async () => {
    const tab = await registered("frank@example.com");
    const { page } = tab;
    const options = await page.evaluate(async () => (await fetch("/auth/webauthn-options/passkey?action=register")).json());
    const [first] = await tab.authenticator.credentials();
    expect(options.action).toBe("register");
    expect(options.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
      first!.credentialId.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    ]);

    await tab.authenticator.remove();
    const second = await addVirtualAuthenticator(page);
    await page.goto(`${app.origin}/add`);
    // After the callback the script navigates to the callback URL: this same page. Waiting for the
    // new document's load event (not only its request) keeps the next goto from interrupting it.
    const reloaded = page.waitForEvent("load");
    await page.locator("button[type=submit]").click();
    await reloaded;
    await expect.poll(async () => (await second.credentials()).length).toBe(1);
    const { rows } = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM authenticators a JOIN users u ON u.id = a."userId" WHERE u.email = 'frank@example.com'`,
    );
    expect(rows[0]!.n).toBe(2);
    await page.goto(`${app.origin}/`);
    expect(await page.locator("#who").textContent()).toBe("frank@example.com");
    await tab.context.close();
  });
  test("with conditional UI the sign-in page offers the passkey in autofill and signs in with it", async () => {
    const { context, page } = await registered("ivy@example.com");
    await signOut(page);
    try {
      app.configure({ enableConditionalUI: true });
      const posted = callbackPost(page);
      await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
      const body = new URLSearchParams((await posted).postData()!);
      expect(body.get("action")).toBe("authenticate");
      expect(await who(page)).toBe("ivy@example.com");
    } finally {
      app.configure({ enableConditionalUI: false });
    }
    await context.close();
  });
});
