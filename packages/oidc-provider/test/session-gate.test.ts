/**
 * The provider knows the user only through the Latch session: a user banned by `Admin()` (over
 * HTTP, by a site administrator) while the consent page is open cannot answer it, and is sent to
 * sign in again, where the ban refuses them; the grants page refuses them too. A sign-in held for
 * its second factor has no session: the authorization sends it to sign in, never to consent.
 */
import { randomUUID } from "node:crypto";
import { Admin } from "@latch/core/admin";
import { hashPassword } from "@latch/core/passwords";
import { SecondFactors } from "@latch/core/second-factors";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, password, rpCallback, startApp, type TestApp } from "./app.js";

const adminId = randomUUID();
let app: TestApp;

beforeAll(async () => {
  app = await startApp({ auth: { admin: Admin({ adminUserIds: [adminId] }) } });
  const adapter = app.config.adapter!;
  await adapter.createUser!({ id: adminId, email: `admin-${adminId}@example.test`, name: "Site Admin", image: null, emailVerified: new Date() });
  await adapter.setPassword!({ userId: adminId, hash: await hashPassword(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }), updatedAt: new Date() });
});
afterAll(() => app?.close());

test("a user banned while the consent page is open cannot consent, and is sent to sign in", async () => {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
  const { url: at, response } = await browser.follow(url);
  expect(at).toContain("/auth/oauth2/interaction/");
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await response.text())![1]!;

  const admin = new Browser(app.origin);
  await admin.signIn(`admin-${adminId}@example.test`);
  const { csrfToken: adminCsrf } = (await (await admin.fetch(`${app.origin}/auth/csrf`)).json()) as { csrfToken: string };
  const banned = await admin.fetch(`${app.origin}/auth/admin/ban`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: new URLSearchParams({ csrfToken: adminCsrf, userId: user.id }) });
  expect(banned.status).toBe(200);

  const refused = await browser.fetch(`${at}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
  expect(refused.status).toBe(403);
  expect(refused.headers.get("location")).toBeNull();
  const again = await browser.fetch(at);
  expect(again.status).toBe(303);
  expect(again.headers.get("location")).toContain("/auth/signin?callbackUrl=");
  const grants = await browser.fetch(`${app.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } });
  expect(grants.status).toBe(401);
  await expect(browser.signIn(user.email)).rejects.toThrow(/sign-in failed/);
});

describe("a sign-in waiting for its second factor", () => {
  let gated: TestApp;
  beforeAll(async () => {
    gated = await startApp({ auth: { secondFactor: SecondFactors({ factors: ["totp"], required: true }) } });
  });
  afterAll(() => gated?.close());

  test("holds no session: the authorization goes to sign-in, not to the consent page, and the grants are refused", async () => {
    const user = await gated.member();
    const browser = new Browser(gated.origin);
    const { csrfToken } = (await (await browser.fetch(`${gated.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const held = await browser.fetch(`${gated.origin}/auth/callback/password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: user.email, password, callbackUrl: `${gated.origin}/` }),
    });
    // Latch holds the sign-in for its second factor (here: its enrolment).
    expect(held.status).toBe(302);
    expect(held.headers.get("location")).toContain("/auth/second-factor");
    const url = new URL(`${gated.origin}/auth/oauth2/auth`);
    url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
    let at = url;
    let response: Response | undefined;
    for (let hop = 0; hop < 10; hop++) {
      response = await browser.fetch(at);
      const location = response.headers.get("location");
      if (!location || at.pathname === "/auth/signin") break;
      at = new URL(location, at);
    }
    expect(at.pathname).toBe("/auth/signin");
    expect(decodeURIComponent(at.search)).toContain("/auth/oauth2/interaction/");
    expect((await browser.fetch(`${gated.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } })).status).toBe(401);
  });
});
