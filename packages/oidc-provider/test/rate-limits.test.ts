/**
 * The config's `rateLimit` counts the provider's requests, over HTTP, each class per client
 * address (here the address a trusted proxy forwards, one per test, so each test starts with
 * fresh buckets): the authorization endpoint under `callback`; the token endpoint, userinfo,
 * introspection and device authorization under `accessToken`; token revocation and grant revokes
 * under `sessionRevoke`; the device flow's user-code entry under `secondFactor`; the consent page's
 * answers under `sessionUpdate`. Over the limit each is refused with 429 and `Retry-After` before
 * the provider answers: JSON for the APIs, a page for the browser's endpoints.
 */
import { RateLimit } from "@latch/core/rate-limit";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Browser, rpCallback, startApp, type TestApp } from "./app.js";

let app: TestApp;

beforeAll(async () => {
  app = await startApp({
    auth: {
      rateLimit: RateLimit({
        routes: { accessToken: { ip: 2 }, sessionUpdate: { ip: 2 }, sessionRevoke: { ip: 1 }, callback: { ip: 2 }, secondFactor: { ip: 2 } },
        clientAddress: { trustedProxies: ["127.0.0.1"] },
      }),
    },
  });
});
afterAll(() => app?.close());

let addresses = 0;
/** A client address of its own, as the trusted proxy forwards it. */
const fromNewAddress = () => ({ "x-forwarded-for": `203.0.113.${++addresses}` });

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields),
});
const partnerSecret = "partner-secret-0123456789abcdef0123456789";
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** Asks `request` until it is refused: the statuses before the refusal, and the refusal. */
async function untilRefused(request: () => Promise<Response>, most = 5): Promise<{ before: number[]; refused: Response }> {
  const before: number[] = [];
  for (let i = 0; i < most; i++) {
    const response = await request();
    if (response.status === 429) return { before, refused: response };
    before.push(response.status);
    await response.body?.cancel();
  }
  throw new Error(`never refused: ${before.join(", ")}`);
}

async function expectJsonRefusal(refused: Response) {
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(refused.headers.get("content-type")).toContain("application/json");
  expect(((await refused.json()) as { error: string }).error).toBe("rate_limited");
}

async function expectPageRefusal(refused: Response) {
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(refused.headers.get("content-type")).toContain("text/html");
  expect(await refused.text()).toContain("Too many requests");
}

const tokenBody = { grant_type: "authorization_code", code: "not-a-code", redirect_uri: rpCallback, client_id: "first-party", code_verifier: "a".repeat(43) };

test("the token endpoint: the third request of an address in the window is refused with 429", async () => {
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => fetch(`${app.origin}/auth/oauth2/token`, form(tokenBody, address)));
  expect(before).toEqual([400, 400]);
  await expectJsonRefusal(refused);
});

test("every spelling the provider's router takes for the token endpoint counts in the same bucket", async () => {
  const address = fromNewAddress();
  expect((await fetch(`${app.origin}/auth/oauth2/TOKEN`, form(tokenBody, address))).status).toBe(400);
  expect((await fetch(`${app.origin}/auth/oauth2/Token/`, form(tokenBody, address))).status).toBe(400);
  await expectJsonRefusal(await fetch(`${app.origin}/auth/oauth2/token/`, form(tokenBody, address)));
});

test("the authorization endpoint counts under `callback` per address, and its refusal is a page", async () => {
  const browser = new Browser(app.origin);
  const address = fromNewAddress();
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
  const { before, refused } = await untilRefused(() => browser.fetch(url, { headers: address }));
  expect(before).toEqual([303, 303]);
  await expectPageRefusal(refused);
  // Another address is not held back by this one.
  expect((await browser.fetch(url, { headers: fromNewAddress() })).status).toBe(303);
});

test("userinfo counts under `accessToken`", async () => {
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => fetch(`${app.origin}/auth/oauth2/me`, { headers: { ...address, authorization: "Bearer not-a-token" } }));
  expect(before).toEqual([401, 401]);
  await expectJsonRefusal(refused);
});

test("introspection counts under `accessToken`", async () => {
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => fetch(`${app.origin}/auth/oauth2/token/introspection`, form({ token: "not-a-token" }, { ...address, authorization: basic("partner", partnerSecret) })));
  expect(before).toEqual([200, 200]);
  await expectJsonRefusal(refused);
});

test("device authorization counts under `accessToken`", async () => {
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => fetch(`${app.origin}/auth/oauth2/device/auth`, form({ client_id: "tv", scope: "openid" }, address)));
  expect(before).toEqual([200, 200]);
  await expectJsonRefusal(refused);
});

test("token revocation counts under `sessionRevoke`", async () => {
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => fetch(`${app.origin}/auth/oauth2/token/revocation`, form({ token: "not-a-token" }, { ...address, authorization: basic("partner", partnerSecret) })));
  expect(before).toEqual([200]);
  await expectJsonRefusal(refused);
});

test("the device flow's user-code entry counts under `secondFactor`: guessing codes is refused with a page", async () => {
  const browser = new Browser(app.origin);
  const address = fromNewAddress();
  const page = await browser.fetch(`${app.origin}/auth/oauth2/device`, { headers: address });
  expect(page.status).toBe(200);
  const html = await page.text();
  // The page is the first request; each guess posts the page's form with another code.
  const guess = () => browser.fetch(`${app.origin}/auth/oauth2/device`, form({ ...hiddenFields(html), user_code: "BCDF-GHJK" }, address));
  const first = await guess();
  expect(first.status).toBe(200);
  expect(await first.text()).toContain("The code you entered is incorrect");
  await expectPageRefusal(await guess());
});

/** The hidden fields of the first form of `html`. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
  }
  return fields;
}

test("the consent page's answers count under `sessionUpdate` and grant revokes under `sessionRevoke`", async () => {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
  const { url: at } = await browser.follow(url);
  expect(at).toContain("/auth/oauth2/interaction/");
  const address = fromNewAddress();
  const { before, refused } = await untilRefused(() => browser.fetch(`${at}/confirm`, form({ csrfToken: "wrong" }, address)));
  expect(before).toEqual([403, 403]);
  await expectJsonRefusal(refused);

  const revoke = () => browser.fetch(`${app.origin}/auth/oauth2/grants/revoke`, form({ csrfToken: "wrong", grantId: "none" }, address));
  const revoked = await untilRefused(revoke);
  expect(revoked.before).toEqual([403]);
  await expectJsonRefusal(revoked.refused);
});
