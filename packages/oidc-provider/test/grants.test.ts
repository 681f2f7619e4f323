/**
 * The remembered grants page, over HTTP, on the memory storage and on PostgreSQL (PGlite): the
 * signed-in user sees the grants the provider keeps for them (client, scopes, when), as a page and
 * as JSON; revoking one ends it and the tokens issued under it (the refresh is refused,
 * introspection says inactive). A revoke without the page's CSRF token, or of another user's
 * grant, is refused and changes nothing. The durable-store suite (test/durable-storage.ts) lists
 * and revokes a grant on this page with each of the other stores (Redis, TypeORM, Drizzle).
 */
import * as oauth from "oauth4webapi";
import { describe, expect, test } from "vitest";
import { Browser } from "./app.js";
import { allowPartner, appOnStorage, insecure, partner, partnerAuth } from "./flows.js";


interface Listed {
  grants: { id: string; clientId: string; clientName: string; scopes: string[]; createdAt: string }[];
  csrfToken: string;
}

describe.each(["memory", "pg"] as const)("remembered grants (%s storage)", (storage) => {
  const suite = appOnStorage(storage);

  const grantsUrl = () => `${suite.app.origin}/auth/oauth2/grants`;
  const list = async (browser: Browser): Promise<Listed> => (await (await browser.fetch(grantsUrl(), { headers: { accept: "application/json" } })).json()) as Listed;
  const revoke = (browser: Browser, fields: Record<string, string>) =>
    browser.fetch(`${grantsUrl()}/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

  const allowed = () => allowPartner(suite.app, suite.as);

  const refresh = (token: string) => oauth.refreshTokenGrantRequest(suite.as, partner, partnerAuth, token, insecure);
  const introspect = async (token: string) => ((await (await oauth.introspectionRequest(suite.as, partner, partnerAuth, token, insecure)).json()) as { active: boolean }).active;

  test("the grant is listed (client, scopes, when) as JSON and on the page; revoking it refuses the refresh and makes the tokens inactive", async () => {
    const { browser, tokens } = await allowed();
    const { grants, csrfToken } = await list(browser);
    expect(grants).toHaveLength(1);
    const [grant] = grants;
    expect(grant).toMatchObject({ clientId: "partner", clientName: "Partner Analytics" });
    expect(grant!.scopes).toEqual(expect.arrayContaining(["openid", "email", "offline_access"]));
    expect(Math.abs(Date.parse(grant!.createdAt) - Date.now())).toBeLessThan(60_000);
    const page = await (await browser.fetch(grantsUrl())).text();
    expect(page).toContain("<strong>Partner Analytics</strong>");
    expect(page).toContain(`name="grantId" value="${grant!.id}"`);

    expect(await introspect(tokens.access_token)).toBe(true);
    const revoked = await revoke(browser, { csrfToken, grantId: grant!.id });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe(grantsUrl());
    expect((await list(browser)).grants).toEqual([]);
    const refused = await refresh(tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    expect(await introspect(tokens.access_token)).toBe(false);
  });

  test("a revoke without the page's CSRF token is refused, and the grant and its tokens stay", async () => {
    const { browser, tokens } = await allowed();
    const { grants, csrfToken } = await list(browser);
    for (const token of ["", "x".repeat(csrfToken.length), `${csrfToken.slice(0, -1)}${csrfToken.endsWith("A") ? "B" : "A"}`]) {
      const response = await revoke(browser, { csrfToken: token, grantId: grants[0]!.id });
      expect(response.status).toBe(403);
    }
    expect((await list(browser)).grants).toHaveLength(1);
    expect(await introspect(tokens.access_token)).toBe(true);
  });

  test("another user cannot revoke (or see) a grant that is not theirs", async () => {
    const first = await allowed();
    const { grants } = await list(first.browser);
    const other = await allowed();
    const theirs = await list(other.browser);
    expect(theirs.grants.map((grant) => grant.id)).not.toContain(grants[0]!.id);
    const response = await revoke(other.browser, { csrfToken: theirs.csrfToken, grantId: grants[0]!.id });
    expect(response.status).toBe(404);
    expect((await list(first.browser)).grants.map((grant) => grant.id)).toEqual([grants[0]!.id]);
    expect(await introspect(first.tokens.access_token)).toBe(true);
  });

  test("signed out: the page sends to sign-in, JSON and a revoke answer 401", async () => {
    const browser = new Browser(suite.app.origin);
    const page = await browser.fetch(grantsUrl());
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toContain("/auth/signin?callbackUrl=");
    expect((await browser.fetch(grantsUrl(), { headers: { accept: "application/json" } })).status).toBe(401);
    expect((await revoke(browser, { csrfToken: "x", grantId: "y" })).status).toBe(401);
  });
});
