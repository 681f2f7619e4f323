/**
 * The account-linking table (PROTOCOL §6) for a signed-in user, driven through Latch over HTTP on
 * the real PostgreSQL: carol signs in with credentials (database session), then signs in with an
 * OIDC account at the real OpenID Provider.
 */
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFlowApp, type FlowApp } from "./flows.js";

describe.runIf(await needService(services.postgres))("linking while signed in", { timeout: 120_000 }, () => {
  let app: FlowApp;
  beforeAll(async () => {
    app = await startFlowApp();
  });
  afterAll(() => app?.close());

  const owners = async () => (await app.pool.query(`SELECT u.email FROM accounts a JOIN users u ON u.id = a."userId" WHERE a.provider = 'op'`)).rows.map((r) => r.email);
  const carolSignedIn = async () => {
    const { browser, response } = await app.credentialsSignIn();
    expect(response.headers.get("location")).toBe(`${app.origin}/home`);
    return browser;
  };

  test("an unknown account is linked to the signed-in user, who stays signed in as themselves", async () => {
    await app.clear();
    const browser = await carolSignedIn();
    const { callbackUrl } = await app.reachOidcCallback(browser);
    const response = await browser.fetch(callbackUrl);
    expect(response.headers.get("location")).toBe(`${app.origin}/home`);
    expect(await owners()).toEqual(["carol@example.com"]);
    // No second user for the provider's address.
    expect((await app.pool.query(`SELECT count(*)::int AS n FROM users WHERE email = 'grace@example.com'`)).rows[0].n).toBe(0);
    const session = (await (await browser.fetch(`${app.base}/session`)).json()) as { user: { email: string } };
    expect(session.user.email).toBe("carol@example.com");
  });

  test("the account of another user is refused with OAuthAccountNotLinked and changes nothing", async () => {
    await app.clear();
    // Grace's first sign-in makes her user with this account.
    const first = await app.reachOidcCallback();
    expect((await first.browser.fetch(first.callbackUrl)).headers.get("location")).toBe(`${app.origin}/home`);
    expect(await owners()).toEqual(["grace@example.com"]);

    const browser = await carolSignedIn();
    const before = await app.counts();
    const { callbackUrl } = await app.reachOidcCallback(browser);
    const response = await browser.fetch(callbackUrl);
    expect(response.headers.get("location")).toBe(`${app.base}/signin?error=OAuthAccountNotLinked`);
    expect(await owners()).toEqual(["grace@example.com"]);
    expect(await app.counts()).toEqual(before);
    const session = (await (await browser.fetch(`${app.base}/session`)).json()) as { user: { email: string } };
    expect(session.user.email).toBe("carol@example.com");
  });

  test("the same account signed in again by its own user changes nothing", async () => {
    await app.clear();
    const { browser, callbackUrl } = await app.reachOidcCallback();
    await browser.fetch(callbackUrl);
    const before = await app.counts();
    const again = await app.reachOidcCallback(browser);
    expect((await browser.fetch(again.callbackUrl)).headers.get("location")).toBe(`${app.origin}/home`);
    expect({ ...(await app.counts()), sessions: before.sessions }).toEqual(before);
    expect(await owners()).toEqual(["grace@example.com"]);
  });
});
