/**
 * The address change's re-authentication (ASVS 5.0 §7.5.1) over real HTTP (see
 * ./email-change-harness.ts): a password, a code for users with an authenticator app, a recent
 * sign-in for users with neither; the page's language; the rate limit.
 */
import de from "@latch/core/languages/de";
import { RateLimit } from "@latch/core/rate-limit";
import { SecondFactors } from "@latch/core/second-factors";
import { createBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { enrolTotp, stepNow, totp, type JsonPost } from "../../../../test/second-factor-client.js";
import {
  account, address, configure, csrf, db, linkIn, location, origin, passphrase, postForm, requestChange, smtp, useEmailChangeApp, userRow,
} from "./email-change-harness.js";

useEmailChangeApp();

describe("re-authentication", () => {
  test("a password user must give the current password: wrong or none goes back to the page, and nothing is mailed", async () => {
    configure("database");
    const { browser, userId } = await account();
    for (const proof of [{ currentPassword: "not my password" }, {}] as Record<string, string>[]) {
      const next = address();
      const refused = await postForm(browser, "/auth/email/change", { email: next, ...proof });
      expect(location(refused)).toBe(`${origin}/auth/email/change?error=CredentialsSignin&code=invalid_login`);
      expect(smtp.messages.some((m) => m.to.includes(next))).toBe(false);
    }
    const json = await postForm(browser, "/auth/email/change", { email: address(), currentPassword: "not my password" }, { "x-auth-return-redirect": "1" });
    expect(await json.json()).toEqual({ url: `${origin}/auth/email/change?error=CredentialsSignin&code=invalid_login` });
    const page = await (await browser.fetch(`${origin}/auth/email/change?error=CredentialsSignin`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain("That is not your current password.");
    expect(await db.query(`SELECT 1 FROM verification_token WHERE identifier LIKE $1`, [`latch:email-change:${userId}:%`])).toMatchObject({ rows: [] });
  });

  test("a user with an authenticator app must give a current code; the password alone is refused", async () => {
    configure("jwt", { secondFactor: SecondFactors({ factors: ["totp", "backup"] }) });
    const { browser, email } = await account();
    const post: JsonPost = async (path, body) =>
      browser.fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ csrfToken: await csrf(browser), ...body }),
      });
    const { secret: appSecret } = await enrolTotp(post);
    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain('name="code"');
    const next = address();
    const refused = await postForm(browser, "/auth/email/change", { email: next, currentPassword: passphrase });
    expect(location(refused)).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    expect(await (await browser.fetch(location(refused)!, { headers: { accept: "text/html" } })).text()).toContain("Confirm that it is you");
    expect(smtp.messages.some((m) => m.to.includes(next))).toBe(false);
    const wrongCode = await postForm(browser, "/auth/email/change", { email: next, code: "000000" });
    expect(location(wrongCode)).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    const { confirm } = await requestChange(browser, email, next, { code: totp(appSecret, stepNow() + 1) });
    expect(location(await browser.fetch(confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
  });

  test("a user with neither password nor factors needs a first factor of the last five minutes, as the session recorded it", async () => {
    configure("database");
    const email = address();
    const browser = createBrowser();
    await postForm(browser, "/auth/signin/nodemailer", { email, callbackUrl: `${origin}/home` });
    expect((await browser.fetch(await linkIn(email, "/auth/callback/nodemailer"))).status).toBe(302);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
    const userId = rows[0]!.id;
    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).not.toContain('name="currentPassword"');
    // The session's own age never counts: a fresh createdAt with an old auth_time is refused.
    await db.query(`UPDATE sessions SET auth_time = auth_time - 600, "createdAt" = now() WHERE "userId" = $1`, [userId]);
    const next = address();
    expect(location(await postForm(browser, "/auth/email/change", { email: next }))).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    await db.query(`UPDATE sessions SET auth_time = auth_time + 600 WHERE "userId" = $1`, [userId]);
    const { confirm } = await requestChange(browser, email, next, {});
    expect(location(await browser.fetch(confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
    expect((await userRow(userId)).email).toBe(next);
  });

  test("signed out: the page and the POST send the browser to sign in", async () => {
    configure("database");
    const browser = createBrowser();
    expect(location(await browser.fetch(`${origin}/auth/email/change`))).toBe(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/auth/email/change`)}`);
    expect(location(await postForm(browser, "/auth/email/change", { email: address() }))).toContain("/auth/signin?callbackUrl=");
  });
});

test("the page speaks the reader's language", async () => {
  configure("database", { languages: [de] });
  const { browser } = await account();
  const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html", "accept-language": "de" } })).text();
  expect(page).toContain("E-Mail-Adresse ändern");
  expect(page).toContain("Neue E-Mail-Adresse");
});

test("a fourth change request to one new address within 10 minutes is refused with 429", async () => {
  configure("database", { rateLimit: RateLimit({ routes: { emailChange: { ip: 100 } } }) });
  const { browser } = await account();
  const next = address();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await postForm(browser, "/auth/email/change", { email: next, currentPassword: "not my password" })).status);
  expect(statuses).toEqual([302, 302, 302, 429]);
});
