/**
 * Where the example plugin meets the sign-in gate, over real HTTP (Express + Latch + `@latch/pg`
 * on PGlite, the real OpenID Provider, authenticator-app codes): a before-sign-in refusal leaves no
 * user, account or session written; the after-sign-in hook runs only once the second factor is
 * given, and until then the plugin's endpoints see no session; database sessions carry its field.
 */
import { createBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { configure, db, enrolledUser, nextCode, op, origin, passwordSignIn, postForm, run, sessionOf, useGateApp } from "../session-gate-app.js";
import { roles } from "./example-plugin.js";

useGateApp();

async function rows(sql: string, params: unknown[]): Promise<number> {
  return (await db.query(sql, params)).rows.length;
}

describe("a plugin cannot get around the session gate", () => {
  for (const strategy of ["database", "jwt"] as const) {
    test(`${strategy}: a refused OpenID sign-in of a new user writes no user, account or session`, async () => {
      const email = `blocked-${strategy}@example.com`;
      configure(strategy, { plugins: [roles({ admins: [], blocked: [email] })] });
      op.setAccount({ sub: `blocked-${strategy}`, email, email_verified: true, name: "Blocked" });
      op.signInAs(`blocked-${strategy}`);
      const browser = createBrowser();
      const landed = await run(browser, await postForm(browser, "/auth/signin/op", { callbackUrl: `${origin}/done` }));
      expect(landed.pathname).toBe("/auth/error");
      expect(landed.searchParams.get("error")).toBe("AccessDenied");
      expect(await rows(`SELECT 1 FROM users WHERE email = $1`, [email])).toBe(0);
      expect(await rows(`SELECT 1 FROM accounts WHERE provider = 'op' AND "providerAccountId" = $1`, [`blocked-${strategy}`])).toBe(0);
      expect(await sessionOf(browser)).toBeNull();
    });
  }

  test("the same sign-in, not blocked, writes them (the refusal above is the hook's)", async () => {
    const email = "allowed@example.com";
    configure("database", { plugins: [roles({ admins: [email], blocked: ["someone-else@example.com"] })] });
    op.setAccount({ sub: "allowed", email, email_verified: true, name: "Allowed" });
    op.signInAs("allowed");
    const browser = createBrowser();
    expect((await run(browser, await postForm(browser, "/auth/signin/op", { callbackUrl: `${origin}/done` }))).pathname).toBe("/done");
    expect(await rows(`SELECT 1 FROM users WHERE email = $1`, [email])).toBe(1);
    expect(await sessionOf(browser)).toMatchObject({ user: { email, role: "admin" } });
  });

  test("after-sign-in runs only after the second factor; before it, the plugin's endpoints see no session", async () => {
    const { user, enrolled } = await enrolledUser();
    configure("database", { plugins: [roles({ admins: [user.email] })] });
    const browser = createBrowser();
    expect((await run(browser, await passwordSignIn(browser, user.email))).pathname).toBe("/auth/second-factor");
    const me = await browser.fetch(`${origin}/auth/roles/me`);
    expect(me.status).toBe(401);
    expect(await sessionOf(browser)).toBeNull();

    expect((await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }))).pathname).toBe("/done");
    const log = await browser.fetch(`${origin}/auth/roles/sign-ins`);
    expect(await log.json()).toEqual([{ email: user.email, isNewUser: false }]);
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email, role: "admin" } });
  });
});
