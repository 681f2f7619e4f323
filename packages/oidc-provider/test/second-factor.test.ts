/**
 * A user with an authenticator app (TOTP, `SecondFactors()`), signing in through the
 * authorization endpoint: Latch holds the password sign-in for the code, and until it is given
 * the provider sees no one signed in (the authorization goes back to Latch's sign-in, the consent
 * page refuses its answer, no code is issued); with the code the flow goes on to consent and a
 * code, and the ID token's `amr` says how the user signed in (`pwd`, `otp`, `mfa`; no `acr`).
 * The provider's session so earned still ends with Latch's: at a sign-out of Latch, and at an
 * RP-initiated logout, which ends the Latch session too.
 */
import { SecondFactors } from "@latch/core/second-factors";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clearOfStepEnd, enrolTotp, totp, type JsonPost } from "../../core/test/second-factor-client.js";
import { Browser, password, rpCallback, startApp, type TestApp } from "./app.js";
import { rpConfig } from "./flows.js";

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ auth: { secondFactor: SecondFactors({ factors: ["totp", "backup"] }) } });
});
afterAll(() => app?.close());

const partnerSecret = "partner-secret-0123456789abcdef0123456789";

/** The JSON poster of `browser`, with the CSRF token of its Latch cookies. */
function poster(browser: Browser): JsonPost {
  return async (path, body) => {
    const { csrfToken } = (await (await browser.fetch(`${app.origin}/auth/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${app.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify({ csrfToken, ...body }) });
  };
}

/** A member with an authenticator app enrolled (in another browser, signed in before the app had one). */
async function memberWithApp() {
  const user = await app.member();
  const setup = new Browser(app.origin);
  await setup.signIn(user.email);
  // Clear of a 30-second step's end: the codes below are the next steps of the one enrolment used.
  await clearOfStepEnd(5_000);
  return { user, enrolled: await enrolTotp(poster(setup)) };
}

/** Posts a form of Latch's (with its CSRF token). */
async function postForm(browser: Browser, path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${app.origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${app.origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, ...fields }) });
}

/** Starts an authorization of the partner (a consent page) in `browser`: where it lands, and how to redeem its code. */
async function authorize(browser: Browser) {
  const config = await rpConfig(app, "partner", partnerSecret);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, { redirect_uri: rpCallback, scope: "openid email", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce });
  const landed = await browser.follow(url);
  const redeem = (at: string) => client.authorizationCodeGrant(config, new URL(at), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  return { landed, redeem };
}

/** Allows the consent page of `consent` and follows the authorization back to the client: the URL it lands at. */
async function allow(browser: Browser, consent: { url: string; response: Response }): Promise<string> {
  const page = await consent.response.text();
  expect(page).toContain("Partner Analytics");
  const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(page)![1]!;
  const confirmed = await browser.fetch(`${consent.url}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }) });
  const { url } = await browser.follow(new URL(confirmed.headers.get("location")!, consent.url));
  return url;
}

/** Where the first sign-in page of an authorization sends back to: the interaction. */
function interactionOf(signInUrl: string): string {
  const url = new URL(signInUrl);
  expect(url.pathname).toBe("/auth/signin");
  const back = url.searchParams.get("callbackUrl")!;
  expect(back).toContain("/auth/oauth2/interaction/");
  return back;
}

/**
 * An authorization of the partner by a member with an authenticator app: the password (Latch
 * holds the sign-in for the code), the code (the sign-in goes on to the authorization's
 * interaction), consent, and the client's code redeemed.
 */
async function throughSecondFactor() {
  const { user, enrolled } = await memberWithApp();
  const browser = new Browser(app.origin);
  const { landed, redeem } = await authorize(browser);
  const interaction = interactionOf(landed.url);

  const held = await postForm(browser, "/auth/callback/password", { email: user.email, password, callbackUrl: interaction });
  expect(held.status).toBe(302);
  expect(held.headers.get("location")).toBe(`${app.origin}/auth/second-factor`);
  const challenge = await browser.fetch(`${app.origin}/auth/second-factor`, { headers: { accept: "text/html" } });
  expect(challenge.status).toBe(200);

  const answered = await postForm(browser, "/auth/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
  expect(answered.status).toBe(302);
  expect(answered.headers.get("location")).toBe(interaction);
  const consent = await browser.follow(interaction);
  expect(consent.url).toContain("/auth/oauth2/interaction/");
  const back = await allow(browser, consent);
  expect(new URL(back).searchParams.get("code")).toBeTruthy();
  return { user, browser, tokens: await redeem(back) };
}

/** An authorization with `prompt=none` in `browser`: where the provider sends the client back. */
async function silently(browser: Browser): Promise<URL> {
  const config = await rpConfig(app, "partner", partnerSecret);
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, { redirect_uri: rpCallback, scope: "openid email", prompt: "none", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
  return new URL((await browser.follow(url)).url);
}

test("the authorization goes through the second factor: only with the code does the user reach consent and the client a code; the ID token's amr says pwd, otp, mfa", async () => {
  const { user, tokens } = await throughSecondFactor();
  const claims = tokens.claims()!;
  expect(claims.sub).toBe(user.id);
  expect([...(claims.amr as string[])].sort()).toEqual(["mfa", "otp", "pwd"]);
  expect(claims.acr).toBeUndefined();
});

describe("after the second factor, the provider's session follows Latch's", () => {
  test("a silent authorization gets a code until the user signs out of Latch, then needs a login", async () => {
    const { browser } = await throughSecondFactor();
    expect((await silently(browser)).searchParams.get("code")).toBeTruthy();
    await browser.signOut();
    const answer = await silently(browser);
    expect(answer.searchParams.get("code")).toBeNull();
    expect(answer.searchParams.get("error")).toBe("login_required");
  });

  test("RP-initiated logout, confirmed, ends the provider's session and the Latch session", async () => {
    const { browser, tokens } = await throughSecondFactor();
    const config = await rpConfig(app, "partner", partnerSecret);
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
    const page = await browser.fetch(logout);
    expect(page.status).toBe(200);
    const confirmed = await browser.submit(await page.text(), logout.href, { logout: "yes" });
    expect(confirmed.status).toBeLessThan(400);
    expect(await (await browser.fetch(`${app.origin}/auth/session`)).json()).toBeNull();
    expect((await silently(browser)).searchParams.get("error")).toBe("login_required");
  });
});

test("a user without a second factor gets amr pwd alone", async () => {
  const user = await app.member();
  const browser = new Browser(app.origin);
  await browser.signIn(user.email);
  const { landed, redeem } = await authorize(browser);
  const back = await allow(browser, landed);
  const claims = (await redeem(back)).claims()!;
  expect(claims.sub).toBe(user.id);
  expect(claims.amr).toEqual(["pwd"]);
});

test("with the password given and the code not, no code is issued: the authorization goes back to sign-in and the consent page refuses its answer", async () => {
  const { user } = await memberWithApp();
  const browser = new Browser(app.origin);
  const { landed } = await authorize(browser);
  const interaction = interactionOf(landed.url);
  const held = await postForm(browser, "/auth/callback/password", { email: user.email, password, callbackUrl: interaction });
  expect(held.headers.get("location")).toBe(`${app.origin}/auth/second-factor`);

  // Skipping the code: the interaction sends the browser to sign in again, never on to consent.
  const again = await browser.fetch(interaction);
  expect(again.status).toBe(303);
  expect(new URL(again.headers.get("location")!, app.origin).pathname).toBe("/auth/signin");
  const confirm = await browser.fetch(`${interaction}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken: "any" }) });
  expect(confirm.status).toBe(403);
  // A fresh authorization in the same browser stops at sign-in too: no redirect carries a code.
  const { landed: fresh } = await authorize(browser);
  expect(new URL(fresh.url).pathname).toBe("/auth/signin");
  expect(fresh.url).not.toContain("code=");
});
