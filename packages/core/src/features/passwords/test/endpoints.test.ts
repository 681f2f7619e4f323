/**
 * The endpoints `Password()` carries, through `Auth()` on PGlite, with the mails read from a real
 * SMTP server on loopback (Nodemailer) and JWT sessions revoked through real Redis: sign-up and
 * its confirmation link, forgot/reset, change, the same answers for known and unknown addresses,
 * single-use and expiring tokens, sessions ended after a reset (all) and a change (the others).
 */
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import { RateLimit } from "@latch/core/rate-limit";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { JwtRevocation } from "@latch/core/revocation";
import { passwordSendTimes } from "../send-time.js";
import { Client, baseConfig, origin, parseSetCookies, quietLogger } from "../../../../test/client.js";

// Counts the Argon2id hashes made (the real function still runs).
const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock("../hash.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../hash.js")>();
  return {
    ...original,
    hashPassword: async (...args: Parameters<typeof original.hashPassword>) => {
      hashed.count++;
      return original.hashPassword(...args);
    },
  };
});

const db = new PGlite();
const adapter = PostgresAdapter(db);
const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
const prefix = `latch-pw-${randomUUID().slice(0, 8)}:`;
let smtp: SmtpTestServer;
const events: { name: string; userId: string }[] = [];

beforeAll(async () => {
  await migrate(db);
  smtp = await startSmtpServer();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await smtp.close();
  await db.close();
});
beforeEach(() => {
  events.length = 0;
});

const passphrase = "violet staircase 42";

function config(overrides: Partial<AuthConfig> = {}, password = Password()): AuthConfig {
  return baseConfig({
    adapter,
    providers: [password, Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
    events: {
      passwordReset: ({ user }) => void events.push({ name: "passwordReset", userId: user.id }),
      passwordChanged: ({ user }) => void events.push({ name: "passwordChanged", userId: user.id }),
      createUser: ({ user }) => void events.push({ name: "createUser", userId: user.id! }),
    },
    ...overrides,
  });
}

const jwtRevoked = () => ({ strategy: "jwt" as const, revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) });

const address = () => `pw-${randomUUID()}@example.com`;

async function post(client: Client, path: string, fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return client.post(path, { csrfToken, ...fields }, headers);
}

async function users(email: string) {
  const { rows } = await db.query<{ id: string; emailVerified: Date | null }>(`SELECT id, "emailVerified" FROM users WHERE email = $1`, [email]);
  return rows;
}

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [userId]);
  return rows[0]!.n;
}

/** The link of the last mail to `to` that points at `path`. */
async function linkIn(to: string, path: string): Promise<{ url: URL; subject: string; text: string }> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`No ${path} link in "${mail.subject}"`);
  return { url: new URL(url), subject: mail.subject, text: mail.text };
}

/** Signs up `email` and opens the link of the confirmation mail; returns the signed-in client. */
async function signedUp(cfg: AuthConfig, email = address(), password = passphrase): Promise<{ client: Client; email: string; userId: string }> {
  const client = new Client(cfg);
  const answer = await post(client, "/auth/signup", { email, password, name: "Ada", callbackUrl: `${origin}/welcome` });
  expect(answer.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=signup`);
  const { url } = await linkIn(email, "/auth/verify-email");
  const confirmed = await client.fetch(url.pathname + url.search);
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.get("location")).toBe(`${origin}/welcome`);
  return { client, email, userId: (await users(email))[0]!.id };
}

async function signIn(client: Client, email: string, password: string): Promise<Response> {
  return post(client, "/auth/callback/password", { email, password, callbackUrl: `${origin}/home` });
}

describe.each(["jwt", "database"] as const)("sign-up with %s sessions", (strategy) => {
  test("the confirmation link proves the address, signs the user in, and the password works afterwards", async () => {
    const cfg = config({ session: { strategy } });
    const email = address();
    const client = new Client(cfg);
    await post(client, "/auth/signup", { email, password: passphrase, name: "Ada", callbackUrl: `${origin}/welcome` });
    expect(await users(email)).toMatchObject([{ emailVerified: null }]);
    expect(events).toEqual([{ name: "createUser", userId: (await users(email))[0]!.id }]);
    // Not usable before the link is opened.
    const early = await signIn(new Client(cfg), email, passphrase);
    expect(early.headers.get("location")).toContain("code=email_unverified");
    if (strategy === "jwt") {
      // The page says what happened, not a bare code, and offers a new link.
      const page = await (await new Client(cfg).fetch(new URL(early.headers.get("location")!).pathname + new URL(early.headers.get("location")!).search)).text();
      expect(page).toContain("Your password is right, but your email address is not confirmed yet.");
      expect(page).toContain(`href="${origin}/auth/password/forgot"`);
      expect(page).not.toContain("email_unverified");
    }
    const { url, subject, text } = await linkIn(email, "/auth/verify-email");
    expect(subject).toBe("Confirm your email address for localhost:3000");
    expect(text).toContain("The link works once and expires in 24 hours.");
    expect(url.searchParams.get("email")).toBe(email);
    const confirmed = await client.fetch(url.pathname + url.search);
    expect(confirmed.headers.get("location")).toBe(`${origin}/welcome`);
    expect(await client.session()).toMatchObject({ user: { email, name: "Ada" } });
    expect((await users(email))[0]!.emailVerified).toBeInstanceOf(Date);
    const again = new Client(cfg);
    expect((await signIn(again, email, passphrase)).headers.get("location")).toBe(`${origin}/home`);
    expect(await again.session()).toMatchObject({ user: { email } });
  });
});

describe("sign-up", () => {
  test("the link works once; a used, wrong or expired token is Verification (403 page)", async () => {
    const cfg = config();
    const email = address();
    const client = new Client(cfg);
    await post(client, "/auth/signup", { email, password: passphrase });
    const { url } = await linkIn(email, "/auth/verify-email");
    const wrong = new URL(url);
    wrong.searchParams.set("token", "0".repeat(64));
    expect((await client.fetch(wrong.pathname + wrong.search)).headers.get("location")).toBe(`${origin}/auth/error?error=Verification`);
    expect((await client.fetch(url.pathname + url.search)).status).toBe(302);
    expect((await client.fetch(url.pathname + url.search)).headers.get("location")).toBe(`${origin}/auth/error?error=Verification`);
    expect((await client.fetch("/auth/error?error=Verification")).status).toBe(403);

    const late = address();
    await post(new Client(cfg), "/auth/signup", { email: late, password: passphrase });
    const link = await linkIn(late, "/auth/verify-email");
    await db.query(`UPDATE verification_token SET expires = now() - interval '1 second' WHERE identifier LIKE $1`, [`latch:verify-email:${late}:%`]);
    expect((await client.fetch(link.url.pathname + link.url.search)).headers.get("location")).toBe(`${origin}/auth/error?error=Verification`);
    expect((await users(late))[0]!.emailVerified).toBeNull();
  });

  test("a second sign-up for an unconfirmed address ends the first link (Verification page) and its own link confirms its password", async () => {
    const cfg = config();
    const email = address();
    await post(new Client(cfg), "/auth/signup", { email, password: "first sign-up password 1" });
    const first = await linkIn(email, "/auth/verify-email");
    const again = await post(new Client(cfg), "/auth/signup", { email, password: passphrase });
    expect(again.headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=signup`);
    const second = await linkIn(email, "/auth/verify-email");
    expect(second.subject).toBe("Confirm your email address for localhost:3000");
    expect(await users(email)).toHaveLength(1);
    expect(events.filter((e) => e.name === "createUser")).toHaveLength(1);

    const opener = new Client(cfg);
    const refused = await opener.fetch(first.url.pathname + first.url.search);
    expect(refused.headers.get("location")).toBe(`${origin}/auth/error?error=Verification`);
    expect((await opener.fetch("/auth/error?error=Verification")).status).toBe(403);
    expect((await users(email))[0]!.emailVerified).toBeNull();
    expect(await opener.session()).toBeNull();

    const confirmed = await opener.fetch(second.url.pathname + second.url.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(origin);
    expect((await users(email))[0]!.emailVerified).toBeInstanceOf(Date);
    // The password of the second sign-up is the one confirmed; the first one no longer signs in.
    expect((await signIn(new Client(cfg), email, passphrase)).headers.get("location")).toBe(`${origin}/home`);
    expect((await signIn(new Client(cfg), email, "first sign-up password 1")).headers.get("location")).toContain("error=CredentialsSignin");
  });

  test("a second sign-up whose mail cannot be sent leaves the first sign-up as it was", async () => {
    const email = address();
    await post(new Client(config()), "/auth/signup", { email, password: "first sign-up password 1" });
    const first = await linkIn(email, "/auth/verify-email");
    const broken = config({ providers: [Password(), Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" })] });
    const failed = await post(new Client(broken), "/auth/signup", { email, password: passphrase });
    expect(failed.headers.get("location")).toBe(`${origin}/auth/signin?error=EmailSignInError`);
    const opener = new Client(config());
    expect((await opener.fetch(first.url.pathname + first.url.search)).status).toBe(302);
    expect((await users(email))[0]!.emailVerified).toBeInstanceOf(Date);
  });

  test("known and unknown addresses get the same answer; the known one gets a notice and nothing is written", async () => {
    const cfg = config();
    const { email, userId } = await signedUp(cfg);
    const { rows: before } = await db.query<{ hash: string }>(`SELECT hash FROM passwords WHERE "userId" = $1`, [userId]);
    const answer = async (to: string) => {
      hashed.count = 0;
      const response = await post(new Client(cfg), "/auth/signup", { email: to, password: "another passphrase 7", callbackUrl: `${origin}/x` });
      const cookies = parseSetCookies(response).map(({ name, attributes }) => ({ name, attributes }));
      // The password is hashed for both, so both cost one Argon2id.
      expect(hashed.count).toBe(1);
      return { status: response.status, location: response.headers.get("location"), body: await response.text(), cookies };
    };
    const fresh = address();
    expect(await answer(email)).toEqual(await answer(fresh));
    const notice = await smtp.waitForMail({ to: email });
    expect(notice.subject).toBe("Sign-up attempt on localhost:3000");
    expect(notice.urls).toContain(`${origin}/auth/password/forgot`);
    expect(await users(email)).toHaveLength(1);
    const { rows: after } = await db.query<{ hash: string }>(`SELECT hash FROM passwords WHERE "userId" = $1`, [userId]);
    expect(after).toEqual(before);
    await smtp.waitForMail({ to: fresh });
  });

  test("a 7-character and a common password are refused with their messages, on the page and in JSON, and nothing is written", async () => {
    const cfg = config();
    const email = address();
    const client = new Client(cfg);
    const short = await post(client, "/auth/signup", { email, password: "seven77" });
    expect(short.headers.get("location")).toBe(`${origin}/auth/signup?error=PasswordTooShort`);
    expect(await (await client.fetch("/auth/signup?error=PasswordTooShort")).text()).toContain("Use at least 8 characters.");
    const common = await post(client, "/auth/signup", { email, password: "password123" }, { "x-auth-return-redirect": "1" });
    expect(await common.json()).toEqual({ url: `${origin}/auth/signup?error=PasswordCommon` });
    expect(await (await client.fetch("/auth/signup?error=PasswordCommon")).text()).toContain("one of the most common ones");
    expect(await users(email)).toEqual([]);
  });

  test("a 64-character Unicode passphrase signs up and signs in", async () => {
    const long = "日本語のパスフレーズ🔑 with spaces, ünïcödé and emoji 🙂🙃 — długość sześćdziesiąt";
    const unicode = [...long].slice(0, 64).join("");
    expect([...unicode]).toHaveLength(64);
    const cfg = config();
    const { email } = await signedUp(cfg, address(), unicode);
    const client = new Client(cfg);
    expect((await signIn(client, email, unicode)).headers.get("location")).toBe(`${origin}/home`);
  });

  test("when the confirmation cannot be sent, no user, password or token stays", async () => {
    const cfg = config({ providers: [Password(), Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" })] });
    const email = address();
    const response = await post(new Client(cfg), "/auth/signup", { email, password: passphrase });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=EmailSignInError`);
    expect(await users(email)).toEqual([]);
    expect(events.filter((e) => e.name === "createUser")).toEqual([]);
    const { rows } = await db.query(`SELECT 1 FROM verification_token WHERE identifier LIKE $1`, [`latch:verify-email:${email}%`]);
    expect(rows).toEqual([]);
  });

  test("a JSON client signs up, asks for a reset and resets, reading { url } instead of redirects", async () => {
    const cfg = config();
    const email = address();
    const client = new Client(cfg);
    const csrfToken = await client.csrfToken();
    const json = (path: string, body: Record<string, string>) =>
      client.fetch(path, { method: "POST", headers: { "content-type": "application/json", "x-auth-return-redirect": "1" }, body: JSON.stringify({ csrfToken, ...body }) });
    const signedUp = await json("/auth/signup", { email, password: passphrase });
    expect([signedUp.status, await signedUp.json()]).toEqual([200, { url: `${origin}/auth/verify-request?provider=password&type=signup` }]);
    await linkIn(email, "/auth/verify-email");
    expect(await (await json("/auth/password/forgot", { email })).json()).toEqual({ url: `${origin}/auth/verify-request?provider=password&type=reset` });
    const { url } = await linkIn(email, "/auth/password/reset");
    const reset = await json("/auth/password/reset", { token: url.searchParams.get("token")!, email, password: "a brand new passphrase" });
    expect(await reset.json()).toEqual({ url: `${origin}/auth/signin?reset=1` });
    expect((await signIn(new Client(cfg), email, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
  });

  test("a malformed body is a 400, not an error page", async () => {
    const client = new Client(config());
    const noPassword = await post(client, "/auth/signup", { email: address() });
    expect(noPassword.status).toBe(400);
    const notAnAddress = await post(client, "/auth/signup", { email: "nobody", password: passphrase });
    expect(notAnAddress.status).toBe(400);
  });

  test("malformed JSON bodies on every password POST are a 400 without a stack trace", async () => {
    const client = new Client(config());
    const csrfToken = await client.csrfToken();
    const cases: [string, Record<string, unknown>][] = [
      ["/auth/signup", { email: { $ne: null }, password: passphrase }],
      ["/auth/signup", { email: address(), password: ["a", "b"] }],
      ["/auth/signup", { email: address(), password: 12345678 }],
      ["/auth/signup", { email: "a@b@c", password: passphrase }],
      ["/auth/password/forgot", { email: ["x@example.com"] }],
      ["/auth/password/forgot", { email: "a@b@c" }],
      ["/auth/password/reset", { token: 1, email: address(), password: passphrase }],
      ["/auth/password/reset", { token: "t", email: address(), password: null }],
      ["/auth/password/reset", { token: "t", email: "a@b@c", password: passphrase }],
    ];
    for (const [path, body] of cases) {
      const response = await client.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken, ...body }) });
      expect([path, body, response.status]).toEqual([path, body, 400]);
      expect(await response.text()).not.toMatch(/\n\s+at /);
    }
  });

  test("without the CSRF token nothing is written", async () => {
    const email = address();
    const response = await new Client(config()).post("/auth/signup", { email, password: passphrase });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
    expect(await users(email)).toEqual([]);
  });

  test("allowSignUp: false and an app without Password() answer UnknownAction", async () => {
    const off = new Client(config({}, Password({ allowSignUp: false })));
    expect((await off.fetch("/auth/signup")).status).toBe(400);
    expect((await post(off, "/auth/signup", { email: address(), password: passphrase })).status).toBe(400);
    expect(await (await off.fetch("/auth/signin")).text()).not.toContain("/auth/signup");
    const none = new Client(baseConfig());
    for (const path of ["/auth/signup", "/auth/verify-email", "/auth/password/forgot", "/auth/password/reset", "/auth/password/change"]) {
      const response = await none.fetch(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "UnknownAction" });
    }
  });

  test("the pages: sign-up form, sign-in links and the reset notice", async () => {
    const client = new Client(config());
    const page = await client.fetch("/auth/signup");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const signup = await page.text();
    for (const field of ['name="email"', 'name="password"', 'name="name"', 'name="csrfToken"', 'name="callbackUrl"', `action="${origin}/auth/signup"`]) expect(signup).toContain(field);
    const signin = await (await client.fetch("/auth/signin")).text();
    expect(signin).toContain(`href="${origin}/auth/signup">Create an account`);
    expect(signin).toContain(`href="${origin}/auth/password/forgot">Forgot your password?`);
    expect(await (await client.fetch("/auth/signin?reset=1")).text()).toContain("Your password has been changed.");
    expect(await (await client.fetch("/auth/verify-request?provider=password&type=signup")).text()).toContain("finish creating your account");
  });
});

describe("forgot and reset", () => {
  test("known and unknown addresses get the same answer; only the known one gets a link", async () => {
    const cfg = config();
    const { email } = await signedUp(cfg);
    const answer = async (to: string) => {
      const response = await post(new Client(cfg), "/auth/password/forgot", { email: to });
      const cookies = parseSetCookies(response).map(({ name, attributes }) => ({ name, attributes }));
      return { status: response.status, location: response.headers.get("location"), body: await response.text(), cookies };
    };
    const unknown = address();
    const waits = vi.spyOn(passwordSendTimes, "waitLikeASend");
    const known = await answer(email);
    expect(waits).not.toHaveBeenCalled();
    expect(known).toEqual(await answer(unknown));
    // The unknown address sends nothing and waits instead about as long as the known one's send took.
    expect(waits.mock.calls).toEqual([["nodemailer"]]);
    expect(passwordSendTimes.typical("nodemailer")).toBeGreaterThan(0);
    waits.mockRestore();
    expect(known.location).toBe(`${origin}/auth/verify-request?provider=password&type=reset`);
    const { subject, text } = await linkIn(email, "/auth/password/reset");
    expect(subject).toBe("Reset your password for localhost:3000");
    expect(text).toContain("expires in 60 minutes");
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
    test("a reset keeps the token through a refusal, replaces the password, ends every session and does not sign in", async () => {
      const cfg = config({ session: strategy === "jwt" ? jwtRevoked() : { strategy } });
      const { client: before, email, userId } = await signedUp(cfg);
      expect(await before.session()).toMatchObject({ user: { email } });
      const browser = new Client(cfg);
      await post(browser, "/auth/password/forgot", { email });
      const { url } = await linkIn(email, "/auth/password/reset");
      // GET shows the page and does not spend the token.
      const page = await (await browser.fetch(url.pathname + url.search)).text();
      expect(page).toContain('name="password"');
      expect(page).toContain(`value="${url.searchParams.get("token")}"`);
      const fields = { token: url.searchParams.get("token")!, email };
      const refused = await post(browser, "/auth/password/reset", { ...fields, password: "short" });
      expect(new URL(refused.headers.get("location")!).searchParams.get("error")).toBe("PasswordTooShort");
      const done = await post(browser, "/auth/password/reset", { ...fields, password: "a brand new passphrase" });
      expect(done.headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
      expect(await browser.session()).toBeNull();
      expect(await before.session()).toBeNull();
      if (strategy === "database") expect(await sessionCount(userId)).toBe(0);
      expect(events).toContainEqual({ name: "passwordReset", userId });
      expect((await signIn(new Client(cfg), email, passphrase)).headers.get("location")).toContain("error=CredentialsSignin");
      expect((await signIn(new Client(cfg), email, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
      // Single use.
      const reused = await post(browser, "/auth/password/reset", { ...fields, password: "yet another passphrase" });
      expect(reused.headers.get("location")).toBe(`${origin}/auth/password/forgot?error=Verification`);
      // The page says it was a reset link (not a sign-in link) and offers to send a new one.
      const again = await (await browser.fetch("/auth/password/forgot?error=Verification")).text();
      expect(again).toContain("That reset link no longer works");
      expect(again).not.toMatch(/sign-in link/i);
    });
  });

  test("JWT sessions without revocation cannot be ended: the reset works, the old session stays, and a warning says so", async () => {
    const { logs, logger } = quietLogger();
    const cfg = config({ session: { strategy: "jwt" }, logger });
    const { client: before, email } = await signedUp(cfg);
    const browser = new Client(cfg);
    await post(browser, "/auth/password/forgot", { email });
    const { url } = await linkIn(email, "/auth/password/reset");
    const done = await post(browser, "/auth/password/reset", { token: url.searchParams.get("token")!, email, password: "a brand new passphrase" });
    expect(done.headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
    expect(await before.session()).toMatchObject({ user: { email } });
    expect(logs.warn.map(([code]) => code)).toContain("SessionsKept");
    expect(JSON.stringify(logs)).not.toContain(email);
  });

  test("an expired reset link is Verification and changes nothing", async () => {
    const cfg = config();
    const { email } = await signedUp(cfg);
    const client = new Client(cfg);
    await post(client, "/auth/password/forgot", { email });
    const { url } = await linkIn(email, "/auth/password/reset");
    await db.query(`UPDATE verification_token SET expires = now() - interval '1 second' WHERE identifier = $1`, [`latch:password-reset:${email}`]);
    const response = await post(client, "/auth/password/reset", { token: url.searchParams.get("token")!, email, password: "a brand new passphrase" });
    expect(response.headers.get("location")).toBe(`${origin}/auth/password/forgot?error=Verification`);
    expect((await signIn(new Client(cfg), email, passphrase)).headers.get("location")).toBe(`${origin}/home`);
  });

  test("a sign-up link's token does not work as a reset token", async () => {
    const cfg = config();
    const email = address();
    await post(new Client(cfg), "/auth/signup", { email, password: passphrase });
    const { url } = await linkIn(email, "/auth/verify-email");
    const response = await post(new Client(cfg), "/auth/password/reset", { token: url.searchParams.get("token")!, email, password: "a brand new passphrase" });
    expect(response.headers.get("location")).toBe(`${origin}/auth/password/forgot?error=Verification`);
  });

  test("a reset proves an unverified address: the unproven password is replaced and the address is verified", async () => {
    const cfg = config();
    const email = address();
    await post(new Client(cfg), "/auth/signup", { email, password: passphrase });
    await smtp.waitForMail({ to: email });
    const client = new Client(cfg);
    await post(client, "/auth/password/forgot", { email });
    const { url } = await linkIn(email, "/auth/password/reset");
    await post(client, "/auth/password/reset", { token: url.searchParams.get("token")!, email, password: "a brand new passphrase" });
    expect((await users(email))[0]!.emailVerified).toBeInstanceOf(Date);
    expect((await signIn(new Client(cfg), email, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
  });
});

describe("rate limits", () => {
  test("a fourth reset request for one address within 10 minutes is refused with 429", async () => {
    const cfg = config({ rateLimit: RateLimit() });
    const email = address();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const client = new Client(cfg);
      const csrfToken = await client.csrfToken();
      const request = new Request(`${origin}/auth/password/forgot`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: client.cookieHeader() },
        body: new URLSearchParams({ csrfToken, email: i % 2 ? email.toUpperCase() : email }).toString(),
      });
      // Four client networks: only the account limit (3 per address) can refuse.
      setClientAddress(request, `192.0.2.${i + 1}`);
      statuses.push((await Auth(request, cfg as Omit<AuthConfig, "raw">)).status);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
  });

  test("the credentials lockout applies to password sign-in: after 5 wrong passwords even the right one waits", async () => {
    const cfg = config({ rateLimit: RateLimit({ routes: { credentials: { ip: 100, account: 100 } } }) });
    const { email } = await signedUp(cfg);
    const statuses: number[] = [];
    for (const password of ["wrong 1 password", "wrong 2 password", "wrong 3 password", "wrong 4 password", "wrong 5 password", passphrase]) {
      statuses.push((await signIn(new Client(cfg), email, password)).status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });
});

describe.each(["jwt", "database"] as const)("change with %s sessions", (strategy) => {
  test("the current password is checked; the current session stays, the others end", async () => {
    const cfg = config({ session: strategy === "jwt" ? jwtRevoked() : { strategy } });
    const { client: here, email, userId } = await signedUp(cfg);
    const elsewhere = new Client(cfg);
    await signIn(elsewhere, email, passphrase);
    expect(await elsewhere.session()).toMatchObject({ user: { email } });
    const page = await (await here.fetch("/auth/password/change")).text();
    expect(page).toContain('name="currentPassword"');
    const wrong = await post(here, "/auth/password/change", { currentPassword: "not it at all", newPassword: "a brand new passphrase" });
    expect(wrong.headers.get("location")).toBe(`${origin}/auth/password/change?error=CredentialsSignin&code=invalid_login`);
    expect(await (await here.fetch("/auth/password/change?error=CredentialsSignin&code=invalid_login")).text()).toContain("That is not your current password.");
    const weak = await post(here, "/auth/password/change", { currentPassword: passphrase, newPassword: "password123" });
    expect(weak.headers.get("location")).toBe(`${origin}/auth/password/change?error=PasswordCommon`);
    const changed = await post(here, "/auth/password/change", { currentPassword: passphrase, newPassword: "a brand new passphrase", callbackUrl: `${origin}/account` });
    expect(changed.headers.get("location")).toBe(`${origin}/account`);
    expect(await here.session()).toMatchObject({ user: { email } });
    expect(await elsewhere.session()).toBeNull();
    if (strategy === "database") expect(await sessionCount(userId)).toBe(1);
    expect(events).toContainEqual({ name: "passwordChanged", userId });
    expect((await signIn(new Client(cfg), email, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
  });

  test("signed out, the page and the POST go to the sign-in page", async () => {
    const client = new Client(config({ session: strategy === "jwt" ? jwtRevoked() : { strategy } }));
    expect((await client.fetch("/auth/password/change")).headers.get("location")).toBe(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/auth/password/change`)}`);
    const response = await post(client, "/auth/password/change", { currentPassword: passphrase, newPassword: "a brand new passphrase" });
    expect(response.headers.get("location")).toContain(`${origin}/auth/signin`);
  });
});
