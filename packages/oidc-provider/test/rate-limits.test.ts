/**
 * The config's `rateLimit` counts the provider's requests, over HTTP: the token endpoint under
 * `accessToken`, the consent page's answers under `sessionUpdate` and grant revokes under
 * `sessionRevoke`; over the limit each is refused with 429 before the provider answers.
 */
import { RateLimit } from "@latch/core/rate-limit";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Browser, rpCallback, startApp, type TestApp } from "./app.js";

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ auth: { rateLimit: RateLimit({ routes: { accessToken: { ip: 2 }, sessionUpdate: { ip: 2 }, sessionRevoke: { ip: 1 } } }) } });
});
afterAll(() => app?.close());

const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

test("the token endpoint: the third request of an address in the window is refused with 429", async () => {
  const browser = new Browser(app.origin);
  const body = { grant_type: "authorization_code", code: "not-a-code", redirect_uri: rpCallback, client_id: "first-party", code_verifier: "a".repeat(43) };
  expect((await browser.fetch(`${app.origin}/auth/oauth2/token`, form(body))).status).toBe(400);
  expect((await browser.fetch(`${app.origin}/auth/oauth2/token`, form(body))).status).toBe(400);
  const refused = await browser.fetch(`${app.origin}/auth/oauth2/token`, form(body));
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await refused.json()) as { error: string }).error).toBe("rate_limited");
});

test("the consent page's answers and grant revokes count under their classes", async () => {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
  const { url: at } = await browser.follow(url);
  expect(at).toContain("/auth/oauth2/interaction/");
  expect((await browser.fetch(`${at}/confirm`, form({ csrfToken: "wrong" }))).status).toBe(403);
  expect((await browser.fetch(`${at}/confirm`, form({ csrfToken: "wrong" }))).status).toBe(403);
  expect((await browser.fetch(`${at}/confirm`, form({ csrfToken: "wrong" }))).status).toBe(429);

  const revoke = () => browser.fetch(`${app.origin}/auth/oauth2/grants/revoke`, form({ csrfToken: "wrong", grantId: "none" }));
  expect((await revoke()).status).toBe(403);
  expect((await revoke()).status).toBe(429);
});
