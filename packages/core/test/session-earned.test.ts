/**
 * What each session earned, as the `jwt` and `session` callbacks see it, for every kind of first
 * factor and after a second one; the absolute session lifetime (ASVS 5.0 §7.3.2) for JWT and
 * database sessions; and an adapter that declares no extra session fields (as an Auth.js adapter)
 * getting exactly Auth.js's session shape. Over real HTTP, as `session-gate.test.ts`.
 */
import type { Adapter } from "@latch/core";
import { PostgresAdapter } from "@latch/pg";
import { createBrowser, type TestBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import {
  configure, db, enrolledUser, newUser, nextCode, op, origin, passwordSignIn, postForm, poster, run, seen, sessionOf, smtp, useGateApp,
} from "./session-gate-app.js";

useGateApp();

const now = () => Math.floor(Date.now() / 1000);

/** What the session callback saw on the latest read of `browser`'s session. */
async function earnedOf(browser: TestBrowser): Promise<{ auth_time?: number; mfa_time?: number; amr?: string[] }> {
  expect(await sessionOf(browser)).not.toBeNull();
  const { auth_time, mfa_time, amr } = seen.session.at(-1)! as { auth_time?: number; mfa_time?: number | null; amr?: string[] };
  return { auth_time, ...(mfa_time != null && { mfa_time }), amr };
}

function expectRecent(seconds: number | undefined): void {
  expect(seconds).toBeGreaterThan(now() - 30);
  expect(seconds).toBeLessThanOrEqual(now());
}

describe.each(["jwt", "database"] as const)("how the session was earned, in the callbacks (%s sessions)", (strategy) => {
  test("OpenID Connect: auth_time, no RFC 8176 method of its own, no mfa_time", async () => {
    configure(strategy);
    op.setAccount({ sub: `earned-oidc-${strategy}`, email: `earned-oidc-${strategy}@example.com`, email_verified: true, name: "OIDC" });
    op.signInAs(`earned-oidc-${strategy}`);
    const browser = createBrowser();
    expect((await run(browser, await postForm(browser, "/auth/signin/op", { callbackUrl: `${origin}/done` }))).pathname).toBe("/done");
    const earned = await earnedOf(browser);
    expectRecent(earned.auth_time);
    expect(earned).toEqual({ auth_time: earned.auth_time, amr: [] });
    if (strategy === "jwt") expect(seen.jwt.at(-1)).toMatchObject({ auth_time: earned.auth_time, amr: [] });
  });

  test("an email link: mbx", async () => {
    configure(strategy);
    const email = `earned-link-${strategy}@example.com`;
    const browser = createBrowser();
    await postForm(browser, "/auth/signin/nodemailer", { email, callbackUrl: `${origin}/done` });
    const link = (await smtp.waitForMail({ to: email })).urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
    expect((await run(browser, await browser.fetch(link))).pathname).toBe("/done");
    const earned = await earnedOf(browser);
    expectRecent(earned.auth_time);
    expect(earned.amr).toEqual(["mbx"]);
    expect(earned.mfa_time).toBeUndefined();
  });

  test("an emailed sign-in code: otp and mbx", async () => {
    configure(strategy);
    const user = await newUser();
    const browser = createBrowser();
    await postForm(browser, "/auth/second-factor/email-sign-in", { email: user.email, callbackUrl: `${origin}/done` });
    const code = /\b(\d{6})\b/.exec((await smtp.waitForMail({ to: user.email })).text)![1]!;
    expect((await run(browser, await postForm(browser, "/auth/second-factor/email-sign-in", { code }))).pathname).toBe("/done");
    expect((await earnedOf(browser)).amr).toEqual(["otp", "mbx"]);
  });

  test("a password: pwd; then the app's code adds otp, mfa and mfa_time", async () => {
    configure(strategy);
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    expect((await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }))).pathname).toBe("/done");
    const earned = await earnedOf(browser);
    expectRecent(earned.auth_time);
    expectRecent(earned.mfa_time);
    expect(earned.amr).toEqual(["pwd", "otp", "mfa"]);
    if (strategy === "jwt") expect(seen.jwt.at(-1)).toMatchObject({ amr: ["pwd", "otp", "mfa"], mfa_time: earned.mfa_time });

    const plain = createBrowser();
    const other = await newUser();
    await run(plain, await passwordSignIn(plain, other.email));
    expect(await earnedOf(plain)).toEqual({ auth_time: expect.any(Number), amr: ["pwd"] });
  });
});

describe("the absolute session lifetime", () => {
  test("JWT: a token older than absoluteMaxAge since its sign-in is ended, however recently it was used", async () => {
    configure("jwt", { session: { strategy: "jwt", absoluteMaxAge: 4, updateAge: 0 } });
    const user = await newUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    const authTime = seen.jwt.at(-1)!.auth_time!;
    // Read (and so renewed, updateAge 0) twice within the 4 seconds: still there.
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (authTime + 4) * 1000 - Date.now()) + 50));
    const read = await browser.fetch(`${origin}/auth/session`);
    expect(await read.json()).toBeNull();
    expect(read.headers.getSetCookie().some((cookie) => /^authjs\.session-token=;/.test(cookie))).toBe(true);
  });

  test("database: by default a session ends 30 days after its sign-in; the row is deleted", async () => {
    configure("database");
    const user = await newUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    await db.query(`UPDATE sessions SET auth_time = auth_time - (30 * 86400 - 60) WHERE "userId" = $1`, [user.id]);
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    await db.query(`UPDATE sessions SET auth_time = auth_time - 120 WHERE "userId" = $1`, [user.id]);
    expect(await sessionOf(browser)).toBeNull();
    expect((await db.query(`SELECT 1 FROM sessions WHERE "userId" = $1`, [user.id])).rows).toEqual([]);
  });
});

describe("an adapter that declares no extra session fields (as Auth.js's adapters)", () => {
  test("gets exactly { sessionToken, userId, expires } to create and { sessionToken, expires } to extend; its sessions earn nothing", async () => {
    const { sessionFields: _fields, ...plain } = PostgresAdapter(db);
    const calls: { method: string; keys: string[] }[] = [];
    const adapter: Adapter = {
      ...plain,
      createSession: (session) => (calls.push({ method: "createSession", keys: Object.keys(session).sort() }), plain.createSession!(session)),
      updateSession: (session) => (calls.push({ method: "updateSession", keys: Object.keys(session).sort() }), plain.updateSession!(session)),
    };
    configure("database");
    const { user, enrolled } = await enrolledUser();
    configure("database", { adapter, session: { strategy: "database", updateAge: 0 } });
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    expect((await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }))).pathname).toBe("/done");
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    expect(calls).toEqual([
      { method: "createSession", keys: ["expires", "sessionToken", "userId"] },
      { method: "updateSession", keys: ["expires", "sessionToken"] },
    ]);
    // The second factor was given a moment ago, but the session could not record it: a code is needed.
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(403);
    expect(await removal.json()).toMatchObject({ error: "SecondFactorFreshProof" });
  });
});
