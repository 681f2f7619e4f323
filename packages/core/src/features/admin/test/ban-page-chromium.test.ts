/**
 * The ban page in real Chromium: a banned user signs in through the built-in sign-in page of a
 * browser whose language is French, and the sign-in ends on the page that says the account is
 * banned, with the administrator's reason and the ban's end, in French (lang and sentences), under
 * its CSP without a violation, and without a session. `Auth()` over node:http, `@latch/pg` on PGlite.
 */
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import { Admin } from "@latch/core/admin";
import fr from "@latch/core/languages/fr";
import Credentials from "@latch/core/providers/credentials";
import { PostgresAdapter, migrate } from "@latch/pg";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { secret } from "../../../../test/client.js";
import { serveLatch, type LatchServer } from "../../access-tokens/test/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("the ban page in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let latch: LatchServer;
  let db: PGlite;
  const ends = new Date(Date.UTC(2031, 4, 17, 9, 30));

  beforeAll(async () => {
    db = new PGlite();
    await migrate(db as never);
    await db.query(`INSERT INTO users (id, email, name) VALUES ('user-eve', 'eve@example.com', 'Eve')`);
    const adapter = PostgresAdapter(db as never);
    await (adapter as unknown as { updateUserStanding(id: string, change: object): Promise<unknown> }).updateUserStanding("user-eve", { banned: true, banReason: "Pourriel <répété>", banExpires: ends });
    const config: AuthConfig = {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      languages: [fr],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [
        Credentials({
          credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
          authorize: async ({ email, password }) => (email === "eve@example.com" && password === "pw" ? { id: "user-eve", email: "eve@example.com", name: "Eve" } : null),
        }),
      ],
      admin: Admin(),
    };
    [browser, latch] = await Promise.all([launchChromium(), serveLatch(config)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await latch?.close();
    await db?.close();
  });

  test("a banned user's sign-in ends on the page that says so, with the reason and the end, in French", async () => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${latch.origin}/auth/signin`);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await page.locator("input[name=email]").fill("eve@example.com");
    await page.locator("input[name=password]").fill("pw");
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes("/auth/callback/credentials")), page.locator("form button[type=submit]").first().click()]);
    expect(response.status()).toBe(403);
    await page.waitForLoadState();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect(await page.title()).toBe("Compte banni");
    const text = await page.locator("body").innerText();
    expect(text).toContain("Un administrateur du site a banni ce compte.");
    // The reason as the administrator wrote it, shown as text, never as markup.
    expect(text).toContain("Motif : Pourriel <répété>");
    expect(text).toMatch(/Le bannissement prend fin le 17 mai 2031[^\n]*09:30 UTC\./);
    expect(violations).toEqual([]);
    expect((await context.cookies()).some((cookie) => cookie.name.includes("session-token"))).toBe(false);
    await context.close();
  });
});
