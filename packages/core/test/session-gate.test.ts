/**
 * The sign-in gate over real HTTP (Express + Latch + `@latch/pg` on PGlite, the real OpenID
 * Provider on 127.0.0.1, mail through a real SMTP server): every session records how it was
 * earned (`auth_time`, `mfa_time`, `amr`), visible to the `jwt` and `session` callbacks; a
 * password set through a mailed link never counts together with an emailed code; a first factor
 * given again in a browser that holds the user's session keeps that session's earned factors;
 * fresh proofs read `mfa_time`, never the session's age.
 */
import type { AuthConfig } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import { SecondFactors } from "@latch/core/second-factors";
import { createBrowser, type TestBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import type { Enrolled } from "./second-factor-client.js";
import {
  config, configure, db, enrolledUser, nextCode, offered, op, origin, passwordSignIn, postForm, poster, resetThroughMailbox, run, seen, sessionOf, setConfig, smtp, useGateApp,
} from "./session-gate-app.js";

useGateApp();

describe.each(["jwt", "database"] as const)("the mailbox counts once (%s sessions)", (strategy) => {
  test("forgot → reset link → the new password: the challenge offers the app and backup codes, never an emailed code", async () => {
    configure(strategy);
    const { user, enrolled } = await enrolledUser();
    const attacker = createBrowser();
    await resetThroughMailbox(attacker, user.email, "a password from the mailbox");
    expect((await run(attacker, await passwordSignIn(attacker, user.email, "a password from the mailbox"))).pathname).toBe("/auth/second-factor");
    expect(await offered(attacker)).toEqual(["totp", "backup"]);
    // Asking for an emailed code anyway is refused, and nothing is mailed.
    smtp.clear();
    const asked = await poster(attacker)("/auth/second-factor", { send: "email" });
    expect(asked.status).toBe(400);
    expect(smtp.messages).toEqual([]);
    expect(await sessionOf(attacker)).toBeNull();

    // The app's code completes it: the session says the password came from the mailbox.
    const answered = await postForm(attacker, "/auth/second-factor", { code: nextCode(enrolled) });
    expect(answered.headers.get("location")).toBe(`${origin}/done`);
    await sessionOf(attacker);
    expect([...(seen.session.at(-1)!.amr as string[])].sort()).toEqual(["mbx", "mfa", "otp", "pwd"]);

    // Its second factor is fresh, but the session counted the mailbox: no fresh proof for removing the app.
    const removal = await poster(attacker)("/auth/second-factor/remove", { kind: "totp" });
    expect(removal.status).toBe(403);

    // That sign-in came from the app, not the mailbox: the password counts as the user's own again.
    const later = createBrowser();
    await run(later, await passwordSignIn(later, user.email, "a password from the mailbox"));
    expect(await offered(later)).toEqual(["totp", "backup"]);
    // A backup code: the app's next codes are spent for this half-minute.
    expect((await run(later, await postForm(later, "/auth/second-factor", { code: enrolled.backupCodes[0]!, kind: "backup" }))).pathname).toBe("/done");
    await sessionOf(later);
    expect([...(seen.session.at(-1)!.amr as string[])].sort()).toEqual(["mfa", "otp", "pwd"]);
  });
});

describe("re-authenticating in a browser that holds the user's session keeps what it earned", () => {
  /** A database session, signed in with the app's code, whose second factor was an hour ago. */
  async function stolenSession(overrides: Partial<AuthConfig> = {}): Promise<{ user: { id: string; email: string }; enrolled: Enrolled; browser: TestBrowser }> {
    configure("database", overrides);
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    expect((await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }))).pathname).toBe("/done");
    await db.query(`UPDATE sessions SET "createdAt" = now() - interval '1 hour', mfa_time = mfa_time - 3600, auth_time = auth_time - 3600 WHERE "userId" = $1`, [user.id]);
    const refused = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    return { user, enrolled, browser };
  }

  async function stored(userId: string): Promise<{ mfa_time: number; amr: string[] }[]> {
    const { rows } = await db.query<{ mfa_time: string; amr: string[] }>(`SELECT mfa_time, amr FROM sessions WHERE "userId" = $1 AND mfa_time IS NOT NULL`, [userId]);
    return rows.map((row) => ({ mfa_time: Number(row.mfa_time), amr: row.amr }));
  }

  test("the password posted again starts no challenge, and the new session is no fresh proof", async () => {
    const { user, browser } = await stolenSession();
    const before = await stored(user.id);
    expect((await run(browser, await passwordSignIn(browser, user.email))).pathname).toBe("/done");
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(403);
    expect(await removal.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    expect((await db.query(`SELECT 1 FROM second_factors WHERE "userId" = $1 AND kind = 'backup'`, [user.id])).rows).toHaveLength(10);
    // The new session carries the old second factor's time, not a new one.
    expect((await stored(user.id)).map((row) => row.mfa_time)).toContain(before[0]!.mfa_time);
    expect(Math.max(...(await stored(user.id)).map((row) => row.mfa_time))).toBe(before[0]!.mfa_time);
  });

  test("POST link/<id> through the provider starts a session that is no fresh proof either", async () => {
    const { user, browser } = await stolenSession({ account: { links: AccountLinks() } });
    op.setAccount({ sub: `linked-${user.id}`, email: `elsewhere-${user.id}@example.com`, email_verified: true, name: "Linked" });
    op.signInAs(`linked-${user.id}`);
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const link = await browser.fetch(`${origin}/auth/link/op`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/done` }),
    });
    expect((await run(browser, link)).pathname).toBe("/done");
    expect((await db.query(`SELECT 1 FROM accounts WHERE "userId" = $1 AND provider = 'op'`, [user.id])).rows).toHaveLength(1);
    expect((await poster(browser)("/auth/second-factor/remove", { kind: "backup" })).status).toBe(403);
  });

  test("a second factor of the last 5 minutes is a fresh proof; the same session 6 minutes later is not", async () => {
    configure("database");
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }));
    await db.query(`UPDATE sessions SET mfa_time = mfa_time - 360 WHERE "userId" = $1`, [user.id]);
    expect((await poster(browser)("/auth/second-factor/remove", { kind: "backup" })).status).toBe(403);
    await db.query(`UPDATE sessions SET mfa_time = mfa_time + 300 WHERE "userId" = $1`, [user.id]);
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(200);
    expect(await removal.json()).toEqual({ removed: ["backup"] });
  });

  test("a user with an app is never offered an emailed code, nor sent one, whatever the first factor", async () => {
    configure("database");
    const { user } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    expect(await offered(browser)).toEqual(["totp", "backup"]);
    smtp.clear();
    const asked = await poster(browser)("/auth/second-factor", { send: "email" });
    expect(asked.status).toBe(400);
    expect(smtp.messages).toEqual([]);
    expect(await sessionOf(browser)).toBeNull();
  });

  test("JWT: what a jwt callback writes into mfa_time or amr is not what the session earned", async () => {
    configure("jwt", { secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], rememberDevice: { maxAge: 3600 } }) });
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled), remember: "true" }));
    await postForm(browser, "/auth/signout", {});
    // The remembered browser skips the challenge: this session earned a first factor only, and a
    // callback that claims a second factor on every call does not change that.
    const claimed = Math.floor(Date.now() / 1000);
    setConfig({ ...config, callbacks: { ...config.callbacks, jwt: ({ token }) => ({ ...token, mfa_time: claimed, amr: ["otp", "mfa"] }) } });
    expect((await run(browser, await passwordSignIn(browser, user.email))).pathname).toBe("/done");
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(403);
  });
});
