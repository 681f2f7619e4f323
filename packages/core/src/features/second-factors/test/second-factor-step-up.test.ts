/**
 * The sign-in step-up through `Auth()` with credentials, on `@latch/pg` over PGlite, for JWT and
 * database sessions: a user with an authenticator app gets no session cookie from the first
 * factor — only a sealed waiting state and the challenge page — until a right code; wrong,
 * replayed and sixth answers are refused; the waiting state works once and only in its browser;
 * backup codes work once; "remember this device" skips the challenge until the factors change.
 */
import { PGlite } from "@electric-sql/pglite";
import type { Adapter, AdapterUser, AuthConfig } from "@latch/core";
import { SecondFactors } from "@latch/core/second-factors";
import { describe, expect, test } from "vitest";
import { Client, origin, parseSetCookies, quietLogger, secret } from "../../../../test/client.js";
import { clientPost, enrolTotp, rightPasswordCredentials, stepNow, totp, usePgliteAdapter } from "../../../../test/second-factor-client.js";

const sessionCookie = "authjs.session-token";
const pendingCookie = "latch.second-factor";

let adapter: Adapter;
usePgliteAdapter((running) => ({ adapter } = running));

interface Seen {
  failed: { userId: string; kind: string | null }[];
  signedIn: string[];
}

function config(strategy: "jwt" | "database", seen: Seen, options: Parameters<typeof SecondFactors>[0] = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy },
    logger: quietLogger().logger,
    providers: [
      rightPasswordCredentials(adapter),
    ],
    secondFactor: SecondFactors({ rememberDevice: { maxAge: 3600 }, ...options }),
    events: {
      secondFactorFailed: (message) => void seen.failed.push(message),
      signIn: ({ user }) => void seen.signedIn.push(String(user.email)),
    },
  };
}

let users = 0;
async function newUser(): Promise<AdapterUser> {
  users += 1;
  return adapter.createUser!({ id: crypto.randomUUID(), email: `step-up-${users}@example.com`, emailVerified: new Date(), name: null, image: null });
}

/** A browser that signs in with the first factor and records every response. */
class Browser extends Client {
  readonly responses: Response[] = [];
  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.fetch(path, init);
    this.responses.push(response);
    return response;
  }
  firstFactor(email: string, headers: HeadersInit = {}): Promise<Response> {
    return this.csrfToken().then((csrfToken) => this.post("/auth/callback/credentials", { csrfToken, email, password: "right", callbackUrl: `${origin}/home` }, headers));
  }
  async answer(fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
    return this.post("/auth/second-factor", { csrfToken: await this.csrfToken(), ...fields }, headers);
  }
  async signOut(): Promise<void> {
    await this.post("/auth/signout", { csrfToken: await this.csrfToken() });
  }
  /** True when no response so far set a session cookie. */
  noSessionCookieYet(): boolean {
    return this.responses.every((r) => parseSetCookies(r).every((c) => !c.name.startsWith(sessionCookie) || c.value === ""));
  }
}

/** A user with an authenticator app, signed out, and a fresh browser for the next sign-in. */
async function enrolledUser(cfg: AuthConfig) {
  const user = await newUser();
  const setup = new Client(cfg);
  await setup.signIn({ email: user.email, password: "right" });
  expect(setup.jar.has(sessionCookie)).toBe(true);
  const enrolled = await enrolTotp(clientPost(setup));
  return { user, enrolled, browser: new Browser(cfg) };
}

describe.each(["jwt", "database"] as const)("step-up with %s sessions", (strategy) => {
  test("no session before the second factor; a wrong code is refused; the right one signs in", async () => {
    const seen: Seen = { failed: [], signedIn: [] };
    const cfg = config(strategy, seen);
    const { user, enrolled, browser } = await enrolledUser(cfg);
    seen.signedIn.length = 0;

    const first = await browser.firstFactor(user.email);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`${origin}/auth/second-factor`);
    expect(browser.jar.has(pendingCookie)).toBe(true);
    expect(await browser.session()).toBeNull();
    expect(seen.signedIn).toEqual([]);

    const page = await browser.fetch("/auth/second-factor", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="code"');
    expect(html).toContain("Use a backup code");
    expect(page.headers.get("content-security-policy")).toBeTruthy();

    const wrong = await browser.answer({ code: totp(enrolled.secret, stepNow() + 5), kind: "totp" });
    expect(wrong.headers.get("location")).toBe(`${origin}/auth/second-factor?error=SecondFactorInvalid`);
    expect(seen.failed).toEqual([{ userId: user.id, kind: "totp" }]);
    expect(await browser.session()).toBeNull();

    const right = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1), kind: "totp" });
    expect(right.headers.get("location")).toBe(`${origin}/home`);
    expect(browser.jar.has(sessionCookie)).toBe(true);
    expect(browser.jar.has(pendingCookie)).toBe(false);
    expect(await browser.session()).toMatchObject({ user: { email: user.email } });
    expect(seen.signedIn).toEqual([user.email]);
    // Every response before the right answer lacked the session cookie.
    expect(browser.responses.slice(0, browser.responses.indexOf(right)).length).toBeGreaterThan(4);
    const before = new Browser(cfg);
    await before.firstFactor(user.email);
    await before.fetch("/auth/second-factor", { headers: { accept: "text/html" } });
    await before.answer({ code: "000000", kind: "totp" });
    expect(before.noSessionCookieYet()).toBe(true);
  });

  test("a code already used is refused (replay), in a new sign-in too", async () => {
    const seen: Seen = { failed: [], signedIn: [] };
    const cfg = config(strategy, seen);
    const { user, enrolled, browser } = await enrolledUser(cfg);
    const code = totp(enrolled.secret, enrolled.confirmedStep + 1);
    await browser.firstFactor(user.email);
    expect((await browser.answer({ code })).headers.get("location")).toBe(`${origin}/home`);
    await browser.signOut();
    expect(await browser.session()).toBeNull();

    await browser.firstFactor(user.email);
    const replay = await browser.answer({ code });
    expect(replay.headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(await browser.session()).toBeNull();
    // The confirmation's own code is spent too.
    const confirmation = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep) });
    expect(confirmation.headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(browser.noSessionCookieYet()).toBe(false); // the first sign-in's cookie only
    expect(await browser.session()).toBeNull();
  });

  test("the waiting state works once, and only in the browser that holds it", async () => {
    const cfg = config(strategy, { failed: [], signedIn: [] });
    const { user, enrolled, browser } = await enrolledUser(cfg);
    await browser.firstFactor(user.email);
    const copy = new Map(browser.jar);

    // Another browser, without the cookie, gets nothing (even with a right code).
    const other = new Browser(cfg);
    const stranger = await other.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
    expect(stranger.headers.get("location")).toBe(`${origin}/auth/signin?error=SecondFactorExpired`);
    expect(await other.session()).toBeNull();

    expect((await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe(`${origin}/home`);

    // A copy of the waiting cookie, used again with another right answer (a backup code): refused.
    const thief = new Browser(cfg);
    for (const [name, value] of copy) if (name !== sessionCookie) thief.jar.set(name, value);
    const again = await thief.answer({ code: enrolled.backupCodes[0]!, kind: "backup" });
    expect(again.headers.get("location")).toBe(`${origin}/auth/signin?error=SecondFactorExpired`);
    expect(thief.noSessionCookieYet()).toBe(true);
    expect(await thief.session()).toBeNull();
  });

  test("after 5 answers the 6th is refused without being checked, even when right", async () => {
    const seen: Seen = { failed: [], signedIn: [] };
    const cfg = config(strategy, seen);
    const { user, enrolled, browser } = await enrolledUser(cfg);
    await browser.firstFactor(user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await browser.answer({ code: String(100000 + i), kind: "totp" });
      expect(wrong.headers.get("location")).toContain("error=SecondFactorInvalid");
    }
    expect(seen.failed).toHaveLength(5);
    const sixth = await browser.answer({ code: enrolled.backupCodes[0]!, kind: "backup" });
    expect(sixth.headers.get("location")).toBe(`${origin}/auth/signin?error=SecondFactorExpired`);
    expect(seen.failed).toHaveLength(5);
    expect(browser.noSessionCookieYet()).toBe(true);
    expect(await browser.session()).toBeNull();
    // Unchecked: the backup code was not spent, so a new sign-in can still use it.
    await browser.firstFactor(user.email);
    expect((await browser.answer({ code: enrolled.backupCodes[0]!, kind: "backup" })).headers.get("location")).toBe(`${origin}/home`);
  });

  test("a backup code works once", async () => {
    const cfg = config(strategy, { failed: [], signedIn: [] });
    const { user, enrolled, browser } = await enrolledUser(cfg);
    const code = enrolled.backupCodes[3]!;
    await browser.firstFactor(user.email);
    const page = await browser.fetch("/auth/second-factor?kind=backup", { headers: { accept: "text/html" } });
    expect(await page.text()).toContain('value="backup"');
    expect((await browser.answer({ code, kind: "backup" })).headers.get("location")).toBe(`${origin}/home`);
    await browser.signOut();
    await browser.firstFactor(user.email);
    const again = await browser.answer({ code, kind: "backup" });
    expect(again.headers.get("location")).toBe(`${origin}/auth/second-factor?error=SecondFactorInvalid&kind=backup&reason=used`);
    expect(await browser.session()).toBeNull();
  });

  test("remember this device: the next sign-in skips the challenge until the factors change", async () => {
    const cfg = config(strategy, { failed: [], signedIn: [] });
    const { user, enrolled, browser } = await enrolledUser(cfg);
    await browser.firstFactor(user.email);
    const right = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1), remember: "true" });
    const device = parseSetCookies(right).find((c) => c.name === "latch.trusted-device");
    expect(device?.attributes["max-age"]).toBe("3600");
    expect(device?.attributes).toHaveProperty("httponly");
    await browser.signOut();

    const skipped = await browser.firstFactor(user.email);
    expect(skipped.headers.get("location")).toBe(`${origin}/home`);
    expect(await browser.session()).toMatchObject({ user: { email: user.email } });
    await browser.signOut();

    // Another user in this browser is not remembered by it.
    const { user: second } = await enrolledUser(cfg);
    expect((await browser.firstFactor(second.email)).headers.get("location")).toBe(`${origin}/auth/second-factor`);
    await browser.fetch("/auth/signin");

    // New backup codes (a change of factors) forget the device.
    const setup = new Browser(cfg);
    await setup.firstFactor(user.email);
    await setup.answer({ code: enrolled.backupCodes[0]!, kind: "backup" });
    expect(await setup.session()).toMatchObject({ user: { email: user.email } });
    const regenerate = await clientPost(setup)("/auth/second-factor/backup-codes", { code: enrolled.backupCodes[1]! });
    expect(regenerate.status).toBe(200);
    expect((await browser.firstFactor(user.email)).headers.get("location")).toBe(`${origin}/auth/second-factor`);
  });

  test("JSON clients: { url } to the challenge, the kinds offered, and the answer's { url }", async () => {
    const cfg = config(strategy, { failed: [], signedIn: [] });
    const { user, enrolled, browser } = await enrolledUser(cfg);
    const first = await browser.firstFactor(user.email, { "X-Auth-Return-Redirect": "1" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ url: `${origin}/auth/second-factor` });
    const kinds = await browser.fetch("/auth/second-factor", { headers: { accept: "application/json" } });
    expect(await kinds.json()).toEqual({ factors: ["totp", "backup"], remember: true });
    const right = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) }, { "X-Auth-Return-Redirect": "1" });
    expect(await right.json()).toEqual({ url: `${origin}/home` });
    expect(await browser.session()).toMatchObject({ user: { email: user.email } });
  });

  test("malformed answers are 400s and spend nothing; a missing CSRF token is refused", async () => {
    const cfg = config(strategy, { failed: [], signedIn: [] });
    const { user, enrolled, browser } = await enrolledUser(cfg);
    await browser.firstFactor(user.email);
    expect((await browser.answer({})).status).toBe(400);
    expect((await browser.answer({ code: "1".repeat(65) })).status).toBe(400);
    expect((await browser.answer({ code: "123456", kind: "sms" })).status).toBe(400);
    const noCsrf = await browser.post("/auth/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
    expect(noCsrf.headers.get("location")).toContain("error=MissingCSRF");
    expect(await browser.session()).toBeNull();
    expect((await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe(`${origin}/home`);
  });
});

test("without a factor the sign-in completes at once", async () => {
  const cfg = config("database", { failed: [], signedIn: [] });
  const user = await newUser();
  const browser = new Browser(cfg);
  expect((await browser.firstFactor(user.email)).headers.get("location")).toBe(`${origin}/home`);
  expect(browser.jar.has(pendingCookie)).toBe(false);
});

test("required, without a factor: no session; the waiting sign-in sets up an app, then its next code signs in", async () => {
  const cfg = config("database", { failed: [], signedIn: [] }, { required: (user) => user.email.endsWith("@example.com") });
  const user = await newUser();
  const browser = new Browser(cfg);
  const response = await browser.firstFactor(user.email);
  const enrolPage = `${origin}/auth/second-factor/enrol?callbackUrl=${encodeURIComponent(`${origin}/auth/second-factor`)}`;
  expect(response.headers.get("location")).toBe(enrolPage);
  expect(await browser.session()).toBeNull();
  expect(browser.jar.has(pendingCookie)).toBe(true);
  // The challenge sends back to enrolment until an app is set up.
  expect((await browser.fetch("/auth/second-factor", { headers: { accept: "text/html" } })).headers.get("location")).toBe(enrolPage);
  const page = await browser.fetch(enrolPage, { headers: { accept: "text/html" } });
  expect(page.status).toBe(200);

  const enrolled = await enrolTotp(clientPost(browser));
  expect(await browser.session()).toBeNull();
  const right = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
  expect(right.headers.get("location")).toBe(`${origin}/home`);
  expect(await browser.session()).toMatchObject({ user: { email: user.email } });
  expect(browser.noSessionCookieYet()).toBe(false);

  // Another browser without the waiting cookie cannot reach the management endpoints.
  const stranger = await clientPost(new Client(cfg))("/auth/second-factor/enrol", { kind: "totp" });
  expect(stranger.status).toBe(401);
});

test("a waiting sign-in of a user who has an app opens no management endpoint", async () => {
  const cfg = config("database", { failed: [], signedIn: [] });
  const { user, browser } = await enrolledUser(cfg);
  await browser.firstFactor(user.email);
  const removal = await clientPost(browser)("/auth/second-factor/remove", { kind: "totp" });
  expect(removal.status).toBe(401);
  const listing = await browser.fetch("/auth/second-factor/enrol", { headers: { accept: "application/json" } });
  expect(listing.status).toBe(401);
});


test.each(["jwt", "database"] as const)("signed in as the same user already (%s): a new first factor is not stepped up again", async (strategy) => {
  const cfg = config(strategy, { failed: [], signedIn: [] });
  const { user, enrolled, browser } = await enrolledUser(cfg);
  await browser.firstFactor(user.email);
  await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
  expect(await browser.session()).toMatchObject({ user: { email: user.email } });
  expect((await browser.firstFactor(user.email)).headers.get("location")).toBe(`${origin}/home`);
  // Signed in as someone else, the step-up applies.
  const { user: second } = await enrolledUser(cfg);
  expect((await browser.firstFactor(second.email)).headers.get("location")).toBe(`${origin}/auth/second-factor`);
});

test("Password(): the right password reaches the challenge, not the session", async () => {
  const { hashPassword } = await import("@latch/core/passwords");
  const Password = (await import("@latch/core/providers/password")).default;
  const seen: Seen = { failed: [], signedIn: [] };
  const cfg = { ...config("database", seen), providers: [...config("database", seen).providers, Password()] };
  const { user, enrolled, browser } = await enrolledUser(cfg);
  await adapter.setPassword!({ userId: user.id, hash: await hashPassword("violet staircase 42"), updatedAt: new Date() });
  const first = await browser.post("/auth/callback/password", { csrfToken: await browser.csrfToken(), email: user.email, password: "violet staircase 42", callbackUrl: `${origin}/home` });
  expect(first.headers.get("location")).toBe(`${origin}/auth/second-factor`);
  expect(await browser.session()).toBeNull();
  const right = await browser.answer({ code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
  expect(right.headers.get("location")).toBe(`${origin}/home`);
  expect(await browser.session()).toMatchObject({ user: { email: user.email } });
  expect(browser.noSessionCookieYet()).toBe(false);
});
