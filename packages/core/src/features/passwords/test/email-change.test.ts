/**
 * The address change (`email/change`, ASVS 5.0 §7.5.1) over real HTTP (see ./email-change-harness.ts):
 * the whole flow with JWT and database sessions, the links' refusals, the cancel link, and taken
 * addresses.
 */
import { randomUUID } from "node:crypto";
import { createBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import {
  account, address, changes, configure, db, location, origin, passphrase, postForm, requestChange, sessionEmail, signIn, smtp, useEmailChangeApp, userRow, verificationPage,
} from "./email-change-harness.js";

useEmailChangeApp();

describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
  test("the link to the new address changes it, verified; the other sessions end, this one stays; the old address is told", async () => {
    configure(strategy);
    const { browser, email, userId } = await account();
    const other = createBrowser();
    await signIn(other, email);
    expect(await sessionEmail(other)).toBe(email);

    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain('name="email"');
    expect(page).toContain('name="currentPassword"');
    const next = address();
    const answer = await postForm(browser, "/auth/email/change", { email: next.toUpperCase(), currentPassword: passphrase });
    expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
    expect(await (await browser.fetch(location(answer)!)).text()).toContain("We sent a link to the new address.");
    const toNew = await smtp.waitForMail({ to: next });
    expect(toNew.subject).toBe(`Confirm your new email address for 127.0.0.1:${new URL(origin).port}`);
    expect(toNew.text).toContain("expires in 24 hours");
    const notice = await smtp.waitForMail({ to: email });
    expect(notice.subject).toContain("is being changed");
    const confirm = new URL(toNew.urls.find((u) => u.includes("/auth/email/change/confirm"))!);
    expect(notice.urls.some((u) => u.includes("/auth/email/change/cancel"))).toBe(true);
    // Nothing changes before the link is opened.
    expect((await userRow(userId)).email).toBe(email);

    const done = await browser.fetch(confirm);
    expect(location(done)).toBe(`${origin}/auth/signin?emailChanged=1`);
    expect(await (await browser.fetch(location(done)!)).text()).toContain("Your email address has been changed.");
    const row = await userRow(userId);
    expect(row.email).toBe(next);
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(await sessionEmail(other)).toBeNull();
    expect(await sessionEmail(browser)).not.toBeNull();
    if (strategy === "database") {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [userId]);
      expect(rows[0]!.n).toBe(1);
      expect(await sessionEmail(browser)).toBe(next);
    }
    expect(changes).toEqual([{ userId, email: next, previousEmail: email }]);
    // The new address signs in; the old one no longer does.
    expect(location(await signIn(createBrowser(), next))).toBe(`${origin}/home`);
    expect(location(await signIn(createBrowser(), email))).toContain("error=CredentialsSignin");
    // Single use.
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
  });
});

describe("the links", () => {
  test("a wrong, reused or expired confirmation link goes to the error page (Verification, 403) and changes nothing", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm } = await requestChange(browser, email, next);
    const wrong = new URL(confirm);
    wrong.searchParams.set("token", "0".repeat(64));
    expect(location(await browser.fetch(wrong))).toBe(verificationPage());
    const otherUser = new URL(confirm);
    otherUser.searchParams.set("user", randomUUID());
    expect(location(await browser.fetch(otherUser))).toBe(verificationPage());
    const otherAddress = new URL(confirm);
    otherAddress.searchParams.set("email", address());
    expect(location(await browser.fetch(otherAddress))).toBe(verificationPage());
    expect((await browser.fetch(verificationPage())).status).toBe(403);
    expect((await userRow(userId)).email).toBe(email);

    await db.query(`UPDATE verification_token SET expires = now() - interval '1 second' WHERE identifier = $1`, [`latch:email-change:${userId}:${next}`]);
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
  });

  test("of two changes asked for from one address, the second's link fails once the first changed it", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const [first, second] = [address(), address()];
    const one = await requestChange(browser, email, first);
    const two = await requestChange(browser, email, second);
    expect(location(await browser.fetch(one.confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
    // The notice of the second went to an address that is no longer the account's.
    expect(location(await browser.fetch(two.confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(first);
  });

  test("the cancel link from the old address ends the pending change, and cannot itself confirm it", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm, cancel } = await requestChange(browser, email, next);
    // The cancel token in the confirmation link's place does nothing.
    const swapped = new URL(confirm);
    swapped.searchParams.set("token", cancel.searchParams.get("token")!);
    expect(location(await createBrowser().fetch(swapped))).toBe(verificationPage());
    const cancelled = await createBrowser().fetch(cancel);
    expect(location(cancelled)).toBe(`${origin}/auth/signin?emailChangeCancelled=1`);
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
    expect(changes).toEqual([]);
    expect(location(await createBrowser().fetch(cancel))).toBe(verificationPage());
  });
});

describe("taken addresses", () => {
  test("an address another account has gets the same answer, and nothing is mailed or stored", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const { email: taken } = await account();
    const before = smtp.messages.length;
    const answer = await postForm(browser, "/auth/email/change", { email: taken, currentPassword: passphrase });
    expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
    expect(smtp.messages.length).toBe(before);
    expect(await db.query(`SELECT 1 FROM verification_token WHERE identifier LIKE $1`, [`latch:email-change:${userId}:%`])).toMatchObject({ rows: [] });
    expect((await userRow(userId)).email).toBe(email);
  });

  test("an address taken between the request and the link: the link is refused and nothing changes", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm } = await requestChange(browser, email, next);
    await postForm(createBrowser(), "/auth/signup", { email: next, password: "someone else's passphrase" });
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
    expect(changes).toEqual([]);
  });
});
