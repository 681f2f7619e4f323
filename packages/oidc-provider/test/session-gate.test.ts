/**
 * The provider knows the user only through the Latch session: a user banned by `Admin()` (over
 * HTTP, by a site administrator) while the consent page is open cannot answer it, and is sent to
 * sign in again, where the ban refuses them; the grants page refuses them too.
 */
import { randomUUID } from "node:crypto";
import { Admin } from "@latch/core/admin";
import { hashPassword } from "@latch/core/passwords";
import { afterAll, beforeAll, expect, test } from "vitest";
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
