/**
 * Fault injection during real passkey ceremonies in Chromium (virtual authenticator, `@latch/pg`
 * on PGlite): each ceremony runs once cleanly to learn the adapter calls it makes, from the
 * options request to the callback's answer, then once per call with that call failing (as a
 * dropped connection would). After every fault: the browser lands on an error page, not signed in,
 * with no session row, no orphan user, account or authenticator, and a clean retry signs in.
 */
import { addVirtualAuthenticator, chromiumAvailable, launchChromium, probeAdapter, type AdapterProbe } from "@latch/testing";
import { PostgresAdapter } from "@latch/pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("an adapter call that fails, at every point of a passkey ceremony", { timeout: 300_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  let probe: AdapterProbe;
  const figures: string[] = [];

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
    probe = probeAdapter(PostgresAdapter(app.db));
    app.configure({ enableConditionalUI: false }, { adapter: probe.adapter });
  }, 120_000);
  afterAll(async () => {
    if (figures.length) console.log(`passkey fault points, all clean:\n  ${figures.join("\n  ")}`);
    await browser?.close();
    await app?.close();
  });

  interface Tab {
    context: BrowserContext;
    page: Page;
  }

  async function openTab(): Promise<Tab> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    return { context, page };
  }

  async function clear(): Promise<void> {
    await app.db.exec(`DELETE FROM sessions; DELETE FROM authenticators; DELETE FROM accounts; DELETE FROM verification_token; DELETE FROM users`);
  }

  /**
   * Presses the passkey button of the sign-in page. The way back is `/add`, a page of the app that
   * calls no adapter method, so that the calls counted are the ceremony's own.
   */
  async function ceremony(page: Page, email?: string): Promise<void> {
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/add`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    if (email) await form.locator("input[name=email]").fill(email);
    await form.locator("button[type=submit]").click();
  }

  /**
   * Where the ceremony ended: the email of the signed-in user, `error:<code>` for an error page,
   * or `error:shown <message>` when the page's script showed the error beside the button (a
   * failed options request).
   */
  async function outcome(page: Page): Promise<string> {
    const alert = page.locator("[data-latch-webauthn-error]");
    const ended = await Promise.race([
      page.waitForURL((url) => url.pathname === "/add" || url.pathname.startsWith("/auth/error") || (url.pathname === "/auth/signin" && url.searchParams.has("error"))).then(() => "page" as const),
      alert.waitFor({ state: "visible" }).then(() => "alert" as const),
    ]);
    if (ended === "alert") return `error:shown ${await alert.textContent()}`;
    const url = new URL(page.url());
    if (url.pathname !== "/add") return `error:${url.searchParams.get("error")}`;
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "authjs.session-token")?.value;
    const { rows } = await app.db.query<{ email: string }>(`SELECT u.email FROM sessions s JOIN users u ON u.id = s."userId" WHERE s."sessionToken" = $1`, [token ?? ""]);
    return rows[0]?.email ?? "no session";
  }

  async function orphans(): Promise<string[]> {
    const one = async (sql: string) => Number((await app.db.query<{ n: number }>(sql)).rows[0]!.n);
    const found: string[] = [];
    const check = async (what: string, sql: string) => {
      const n = await one(sql);
      if (n) found.push(`${n} ${what}`);
    };
    await check("user(s) with no account and no proven address", `SELECT count(*)::int AS n FROM users u WHERE u."emailVerified" IS NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a."userId" = u.id)`);
    await check("account(s) of no user", `SELECT count(*)::int AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")`);
    await check("authenticator(s) without their account", `SELECT count(*)::int AS n FROM authenticators t WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a."providerAccountId" = t."providerAccountId" AND a."userId" = t."userId")`);
    await check("session(s) of no user", `SELECT count(*)::int AS n FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s."userId")`);
    return found;
  }

  interface Ceremony {
    name: string;
    email: string;
    /** Everything before the ceremony, not faulted; returns the tab that runs it. */
    prepare(): Promise<Tab>;
    /** The email typed in the form (none for a returning user's discoverable passkey). */
    typed?: string;
  }

  const ceremonies: Ceremony[] = [
    {
      name: "sign-up with a new passkey",
      email: "ada@example.com",
      typed: "ada@example.com",
      prepare: openTab,
    },
    {
      name: "sign-in with a registered passkey",
      email: "bea@example.com",
      async prepare() {
        const tab = await openTab();
        await ceremony(tab.page, "bea@example.com");
        expect(await outcome(tab.page)).toBe("bea@example.com");
        await tab.context.clearCookies();
        return tab;
      },
    },
  ];

  for (const c of ceremonies) {
    test(c.name, async () => {
      await clear();
      let tab = await c.prepare();
      probe.reset();
      await ceremony(tab.page, c.typed);
      expect(await outcome(tab.page)).toBe(c.email);
      const calls = probe.calls.map((call) => call.method);
      await tab.context.close();
      expect(calls.length).toBeGreaterThan(0);

      for (let at = 0; at < calls.length; at++) {
        const where = `${c.name}: fault in ${calls[at]} (call ${at + 1} of ${calls.length})`;
        await clear();
        tab = await c.prepare();
        const sessionsBefore = (await app.counts()).sessions;
        probe.reset();
        probe.failWhen((call) => call.index === at);
        await ceremony(tab.page, c.typed);
        const ended = await outcome(tab.page);
        probe.failWhen(null);
        expect(probe.faults, where).toHaveLength(1);
        expect(ended, where).toMatch(/^error:/);
        expect(await tab.page.content(), where).not.toMatch(/injected fault|\bat \S+ \(|node:internal/);
        const cookies = await tab.context.cookies();
        expect(cookies.find((cookie) => cookie.name === "authjs.session-token"), where).toBeUndefined();
        expect((await app.counts()).sessions, where).toBe(sessionsBefore);
        expect(await orphans(), where).toEqual([]);

        // A clean retry in the same browser signs in.
        await ceremony(tab.page, c.typed);
        expect(await outcome(tab.page), `${where}: the retry signs in`).toBe(c.email);
        expect(await orphans(), where).toEqual([]);
        await tab.context.close();
      }
      figures.push(`${c.name}: ${calls.length} (${calls.join(", ")})`);
    });
  }
});
