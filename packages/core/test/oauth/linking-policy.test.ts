/**
 * Account linking by policy (`account.linking`), the explicit `link`/`unlink` endpoints and the
 * proof-of-address rule (PROTOCOL §6) for OAuth accounts and credentials users, driven over HTTP
 * through Latch behind Express: the real OpenID Provider of @latch/testing (its accounts assert
 * `email_verified` true or false), email links delivered by Nodemailer to a real SMTP server,
 * `@latch/pg` on PGlite, database sessions.
 *
 * A passkey registered before the proof is set up here through the adapter (the rows a signed-out
 * registration writes); the registration itself runs in real Chromium in
 * `src/features/passkeys/test/pre-account-hijacking.test.ts`.
 */
import type { AccountOptions, AdapterUser, AuthConfig } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { hashPassword } from "@latch/core/passwords";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  createBrowser,
  hasSessionCookie,
  oidcProvider,
  pgliteAdapter,
  session,
  signIn,
  startLatch,
  startOpenIDProvider,
  type LatchServer,
  type OpenIDProvider,
  type TestBrowser,
} from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;
let smtp: SmtpTestServer;
const events: { name: string; message: any }[] = [];
/** The app's own password store (what a Credentials provider's `authorize` checks). */
const passwords = new Map<string, string>();

const victim = "victim@example.com";

beforeAll(async () => {
  [latch, op, db, smtp] = await Promise.all([startLatch(), startOpenIDProvider(), pgliteAdapter(), startSmtpServer()]);
  for (const id of ["op-trusted", "op-other", "op-pkce"]) {
    await op.setClient({ client_id: id, client_secret: `${id}-secret`, redirect_uris: [`${latch.origin}/auth/callback/${id}`] });
  }
}, 180_000);

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await smtp?.close();
  await db?.db.close();
});

beforeEach(async () => {
  await db.db.query("DELETE FROM users");
  events.length = 0;
  passwords.clear();
  configure();
});

const record = (name: string) => (message: unknown) => void events.push({ name, message });

function configure(account?: AccountOptions, extra: Partial<AuthConfig> = {}): void {
  latch.configure({
    adapter: db.adapter,
    session: { strategy: "database" },
    account: { ...account, links: AccountLinks() },
    providers: [
      oidcProvider("op-trusted", op.issuer, { clientId: "op-trusted", clientSecret: "op-trusted-secret" }),
      oidcProvider("op-other", op.issuer, { clientId: "op-other", clientSecret: "op-other-secret" }),
      // No state check of its own: a link still sends one, and its callback reads it.
      oidcProvider("op-pkce", op.issuer, { clientId: "op-pkce", clientSecret: "op-pkce-secret", checks: ["pkce"] }),
      Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" }),
      // Signs in an unverified address too, so that a password set before the proof is tried.
      Password({ requireVerifiedEmail: false }),
      Credentials({
        credentials: { email: {}, password: {} },
        async authorize(credentials) {
          const email = String(credentials.email);
          if (!passwords.has(email) || passwords.get(email) !== credentials.password) return null;
          return db.adapter.getUserByEmail!(email);
        },
      }),
    ],
    events: {
      linkAccount: record("linkAccount"),
      accountUnlinked: record("accountUnlinked"),
      emailProven: record("emailProven"),
      authenticatorRemoved: record("authenticatorRemoved"),
      sessionsEnded: record("sessionsEnded"),
      passwordRemoved: record("passwordRemoved"),
    },
    ...extra,
  });
}

/** The OpenID Provider's account `sub` claims `email`, verified or not. */
function opAccount(sub: string, email: string, emailVerified: boolean): void {
  op.setAccount({ sub, email, email_verified: emailVerified, name: sub });
  op.signInAs(sub);
}

async function oidcSignIn(browser: TestBrowser, providerId: string, sub: string, email: string, emailVerified: boolean) {
  opAccount(sub, email, emailVerified);
  return signIn(browser, latch.origin, providerId);
}

async function csrfToken(browser: TestBrowser): Promise<string> {
  return ((await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
}

/** The owner asks for a sign-in link and opens it from the mail. */
async function emailSignIn(browser: TestBrowser, email: string) {
  const body = new URLSearchParams({ csrfToken: await csrfToken(browser), email, callbackUrl: `${latch.origin}/dashboard` });
  const asked = await browser.fetch(`${latch.origin}/auth/signin/nodemailer`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  expect(asked.status).toBe(302);
  const mail = await smtp.waitForMail({ to: email });
  const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
  return browser.follow(link);
}

async function credentialsSignIn(browser: TestBrowser, email: string, password: string): Promise<Response> {
  const body = new URLSearchParams({ csrfToken: await csrfToken(browser), email, password, callbackUrl: `${latch.origin}/dashboard` });
  return browser.fetch(`${latch.origin}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
}

async function passwordSignIn(browser: TestBrowser, email: string, password: string): Promise<Response> {
  const body = new URLSearchParams({ csrfToken: await csrfToken(browser), email, password, callbackUrl: `${latch.origin}/dashboard` });
  return browser.fetch(`${latch.origin}/auth/callback/password`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
}

/** A JSON POST to `<base>/<path>` with the CSRF token (unless `csrf: false`). */
async function postJson(browser: TestBrowser, path: string, body: Record<string, unknown> = {}, csrf = true): Promise<Response> {
  const payload = csrf ? { csrfToken: await csrfToken(browser), ...body } : body;
  return browser.fetch(`${latch.origin}/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
}

const userByEmail = (email: string) => db.adapter.getUserByEmail!(email);
const accountsOf = async (userId: string) =>
  (await db.db.query<{ provider: string; providerAccountId: string }>(`SELECT provider, "providerAccountId" FROM accounts WHERE "userId" = $1 ORDER BY provider`, [userId])).rows.map(
    (row) => `${row.provider}:${row.providerAccountId}`,
  );
const sessionsOf = async (userId: string) => Number((await db.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [userId])).rows[0]!.n);
const errorOf = (url: URL) => (url.pathname === "/auth/signin" ? url.searchParams.get("error") : null);

/** What a signed-out visitor's passkey registration leaves: a user nobody proved, its passkey, its session. */
async function unprovenUserWithPasskey(email: string) {
  const user = await db.adapter.createUser!({ id: randomUUID(), email, emailVerified: null } as AdapterUser);
  const credentialID = `cred-${randomUUID()}`;
  await db.adapter.linkAccount!({ userId: user.id, type: "webauthn", provider: "passkey", providerAccountId: credentialID });
  await db.adapter.createAuthenticator!({
    userId: user.id, credentialID, providerAccountId: credentialID, credentialPublicKey: "AQID", counter: 0,
    credentialBackedUp: false, credentialDeviceType: "singleDevice", transports: "internal",
  });
  await db.adapter.createSession!({ sessionToken: `attacker-${randomUUID()}`, userId: user.id, expires: new Date(Date.now() + 3_600_000) });
  return user;
}

describe("emailVerified of a user created by a plain OAuth 2 sign-in", () => {
  test("is set when the provider's isEmailVerified says so for that address, and stays null without it", async () => {
    const e = op.endpoints;
    const plain = (id: string, extra: Record<string, unknown>) => ({
      id, name: id, type: "oauth", issuer: op.issuer, clientId: "op-other", clientSecret: "op-other-secret",
      authorization: { url: e.authorization, params: { scope: "openid email profile" } }, token: e.token, userinfo: e.userinfo,
      ...extra,
    });
    await op.setClient({ client_id: "op-other", client_secret: "op-other-secret", redirect_uris: ["plain-flagged", "plain-unflagged", "op-other"].map((id) => `${latch.origin}/auth/callback/${id}`) });
    latch.configure({
      adapter: db.adapter,
      providers: [
        plain("plain-flagged", { isEmailVerified: (profile: { email_verified?: unknown }) => profile.email_verified === true }),
        plain("plain-unflagged", {}),
      ] as never,
    });
    await oidcSignIn(createBrowser(), "plain-flagged", "henry", "henry@example.com", true);
    expect((await userByEmail("henry@example.com"))!.emailVerified).toBeInstanceOf(Date);
    await oidcSignIn(createBrowser(), "plain-unflagged", "iris", "iris@example.com", true);
    expect((await userByEmail("iris@example.com"))!.emailVerified).toBeNull();
  });
});

describe('account.linking "never" (the default)', () => {
  for (const verified of [true, false]) {
    test(`an account asserting the address ${verified ? "verified" : "unverified"} does not join the user who has it`, async () => {
      // Trusting the provider changes nothing under "never".
      configure({ linking: "never", trustedProviders: ["op-trusted"] });
      await emailSignIn(createBrowser(), victim);
      const owner = (await userByEmail(victim))!;
      const before = await db.counts();

      const browser = createBrowser();
      const { url } = await oidcSignIn(browser, "op-trusted", `someone-${verified}`, victim, verified);
      expect(errorOf(url)).toBe("OAuthAccountNotLinked");
      expect(hasSessionCookie(browser, latch.origin)).toBe(false);
      expect(await db.counts()).toEqual(before);
      expect(await accountsOf(owner.id)).toEqual([]);
    });
  }
});

describe('account.linking "verified-email"', () => {
  beforeEach(() => configure({ linking: "verified-email", trustedProviders: ["op-trusted"] }));

  test("a trusted provider asserting the address verified joins the user who has it", async () => {
    await emailSignIn(createBrowser(), victim);
    const owner = (await userByEmail(victim))!;

    const browser = createBrowser();
    const { url } = await oidcSignIn(browser, "op-trusted", "victim-at-op", victim, true);
    expect(url.pathname).toBe("/dashboard");
    expect(await accountsOf(owner.id)).toEqual(["op-trusted:victim-at-op"]);
    expect((await db.counts()).users).toBe(1);
    expect(await session(browser, latch.origin)).toMatchObject({ user: { email: victim } });
  });

  test("an address the provider did not verify is refused: no takeover through an unverified email (GHSA-g38m-r43w-p2q7)", async () => {
    await emailSignIn(createBrowser(), victim);
    const owner = (await userByEmail(victim))!;
    const before = await db.counts();

    // The attacker puts the victim's address on their own account at the provider, unverified.
    const attacker = createBrowser();
    const { url } = await oidcSignIn(attacker, "op-trusted", "attacker", victim, false);
    expect(errorOf(url)).toBe("OAuthAccountNotLinked");
    expect(hasSessionCookie(attacker, latch.origin)).toBe(false);
    expect(await db.counts()).toEqual(before);
    expect(await accountsOf(owner.id)).toEqual([]);
  });

  test("a provider that is not trusted is refused even when it asserts the address verified", async () => {
    await emailSignIn(createBrowser(), victim);
    const before = await db.counts();
    const browser = createBrowser();
    const { url } = await oidcSignIn(browser, "op-other", "victim-elsewhere", victim, true);
    expect(errorOf(url)).toBe("OAuthAccountNotLinked");
    expect(await db.counts()).toEqual(before);
  });

  test("joining a user whose address nobody proved is a proof: the passkey and session set up before it stop working", async () => {
    const squatted = await unprovenUserWithPasskey(victim);
    expect(await db.adapter.listAuthenticatorsByUserId!(squatted.id)).toHaveLength(1);

    const owner = createBrowser();
    const { url } = await oidcSignIn(owner, "op-trusted", "victim-at-op", victim, true);
    expect(url.pathname).toBe("/dashboard");
    expect(await db.adapter.listAuthenticatorsByUserId!(squatted.id)).toEqual([]);
    expect(await accountsOf(squatted.id)).toEqual(["op-trusted:victim-at-op"]);
    // Only the owner's new session is left.
    expect(await sessionsOf(squatted.id)).toBe(1);
    expect((await userByEmail(victim))!.emailVerified).toBeInstanceOf(Date);
    expect(events.map((e) => e.name)).toEqual(["authenticatorRemoved", "sessionsEnded", "emailProven", "linkAccount"]);
    expect(events.find((e) => e.name === "emailProven")!.message.provider).toBe("op-trusted");
  });
});

describe("proving the address by email (pre-account hijacking, GHSA-qq9h-g4jm-xgf3)", () => {
  test("an OAuth account linked before the proof, whose provider did not verify the address, is unlinked", async () => {
    // The attacker signs up first, at a provider that lets them claim the victim's address unverified.
    const attacker = createBrowser();
    const first = await oidcSignIn(attacker, "op-other", "attacker", victim, false);
    expect(first.url.pathname).toBe("/dashboard");
    const squatted = (await userByEmail(victim))!;
    expect(squatted.emailVerified).toBeNull();
    expect(await accountsOf(squatted.id)).toEqual(["op-other:attacker"]);

    const owner = createBrowser();
    const proven = await emailSignIn(owner, victim);
    expect(proven.url.pathname).toBe("/dashboard");
    expect(await accountsOf(squatted.id)).toEqual([]);
    expect(await session(attacker, latch.origin)).toBeNull();
    expect(await session(owner, latch.origin)).toMatchObject({ user: { email: victim } });
    const unlinked = events.find((e) => e.name === "accountUnlinked")!;
    expect(unlinked.message).toMatchObject({ reason: "emailProven", account: { provider: "op-other", providerAccountId: "attacker" } });

    // The attacker's account no longer leads into the owner's user.
    const again = await oidcSignIn(createBrowser(), "op-other", "attacker", victim, false);
    expect(errorOf(again.url)).toBe("OAuthAccountNotLinked");
    expect(await accountsOf(squatted.id)).toEqual([]);
  });

  test("an account whose provider asserted the address verified made the user proven at once, and stays", async () => {
    await oidcSignIn(createBrowser(), "op-trusted", "victim-at-op", victim, true);
    const user = (await userByEmail(victim))!;
    expect(user.emailVerified).toBeInstanceOf(Date);
    await emailSignIn(createBrowser(), victim);
    expect(await accountsOf(user.id)).toEqual(["op-trusted:victim-at-op"]);
    expect(events.filter((e) => e.name === "accountUnlinked")).toEqual([]);
  });

  test("a credentials user's sessions end, and emailProven lets the app drop the password set before the proof", async () => {
    // The app's own sign-up stored an unproven user with a password the attacker chose.
    const squatted = await db.adapter.createUser!({ id: randomUUID(), email: victim, emailVerified: null } as AdapterUser);
    passwords.set(victim, "attacker-password");
    const attacker = createBrowser();
    expect((await credentialsSignIn(attacker, victim, "attacker-password")).headers.get("location")).toBe(`${latch.origin}/dashboard`);
    expect(await sessionsOf(squatted.id)).toBe(1);

    configure(undefined, {
      events: { emailProven: ({ user }) => void (user.email && passwords.delete(user.email)) },
    });
    await emailSignIn(createBrowser(), victim);
    expect(await session(attacker, latch.origin)).toBeNull();
    const retry = await credentialsSignIn(createBrowser(), victim, "attacker-password");
    expect(new URL(retry.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin");
  });

  test("a Password() hash set before the proof stops working when an email sign-in proves the address", async () => {
    // Whoever typed the address stored a password for it before its owner proved it.
    const squatted = await db.adapter.createUser!({ id: randomUUID(), email: victim, emailVerified: null } as AdapterUser);
    await db.adapter.setPassword!({ userId: squatted.id, hash: await hashPassword("attacker passphrase"), updatedAt: new Date() });
    const attacker = createBrowser();
    expect((await passwordSignIn(attacker, victim, "attacker passphrase")).headers.get("location")).toBe(`${latch.origin}/dashboard`);

    await emailSignIn(createBrowser(), victim);
    expect(await session(attacker, latch.origin)).toBeNull();
    expect(await db.adapter.getPassword!(squatted.id)).toBeNull();
    expect(events.filter((e) => e.name === "passwordRemoved").map((e) => e.message.user.id)).toEqual([squatted.id]);
    const retry = await passwordSignIn(createBrowser(), victim, "attacker passphrase");
    expect(new URL(retry.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin");
  });

  test("a password stored for a proven address is kept when the owner signs in by email again", async () => {
    const owner = await db.adapter.createUser!({ id: randomUUID(), email: victim, emailVerified: new Date() } as AdapterUser);
    await db.adapter.setPassword!({ userId: owner.id, hash: await hashPassword("owner passphrase"), updatedAt: new Date() });
    await emailSignIn(createBrowser(), victim);
    expect(await db.adapter.getPassword!(owner.id)).not.toBeNull();
    expect((await passwordSignIn(createBrowser(), victim, "owner passphrase")).headers.get("location")).toBe(`${latch.origin}/dashboard`);
  });
});

describe("POST link/<providerId>", () => {
  async function signedInAlice(): Promise<TestBrowser> {
    const browser = createBrowser();
    await oidcSignIn(browser, "op-trusted", "alice", "alice@example.com", true);
    return browser;
  }

  test("attaches an account to the signed-in user even under \"never\", and keeps them signed in as themselves", async () => {
    const browser = await signedInAlice();
    const alice = (await userByEmail("alice@example.com"))!;
    opAccount("alice-work", "alice@work.example", false);
    const started = await postJson(browser, "link/op-other", { callbackUrl: `${latch.origin}/settings` });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    expect(new URL(url).origin).toBe(op.issuer);
    const done = await browser.follow(url);
    expect(done.url.toString()).toBe(`${latch.origin}/settings`);
    expect(await accountsOf(alice.id)).toEqual(["op-other:alice-work", "op-trusted:alice"]);
    expect(await session(browser, latch.origin)).toMatchObject({ user: { email: "alice@example.com" } });
  });

  test("a form POST is redirected to the provider", async () => {
    const browser = await signedInAlice();
    const body = new URLSearchParams({ csrfToken: await csrfToken(browser) });
    const response = await browser.fetch(`${latch.origin}/auth/link/op-other`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!).origin).toBe(op.issuer);
  });

  test("an account that belongs to another user is refused and nothing changes", async () => {
    await oidcSignIn(createBrowser(), "op-other", "bob", "bob@example.com", true);
    const browser = await signedInAlice();
    const before = await db.counts();
    opAccount("bob", "bob@example.com", true);
    const { url } = (await (await postJson(browser, "link/op-other")).json()) as { url: string };
    const done = await browser.follow(url);
    expect(errorOf(done.url)).toBe("OAuthAccountNotLinked");
    expect({ ...(await db.counts()), sessions: 0 }).toEqual({ ...before, sessions: 0 });
    expect(await session(browser, latch.origin)).toMatchObject({ user: { email: "alice@example.com" } });
  });

  for (const providerId of ["op-other", "op-pkce"]) {
    test(`a link finished after its user signed out is refused: the account goes to nobody (${providerId})`, async () => {
      const browser = await signedInAlice();
      opAccount("stray", "stray@example.com", true);
      const { url } = (await (await postJson(browser, `link/${providerId}`)).json()) as { url: string };
      expect(new URL(url).searchParams.has("state")).toBe(true);
      const signOut = new URLSearchParams({ csrfToken: await csrfToken(browser) });
      await browser.fetch(`${latch.origin}/auth/signout`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: signOut });
      const before = await db.counts();
      const done = await browser.follow(url);
      expect(errorOf(done.url)).toBe("OAuthAccountNotLinked");
      expect(await db.counts()).toEqual(before);
      expect(await userByEmail("stray@example.com")).toBeNull();
    });
  }

  test("refusals: 401 signed out, 400 for a malformed body or a provider without OAuth, no start without the CSRF token", async () => {
    expect((await postJson(createBrowser(), "link/op-other")).status).toBe(401);
    const browser = await signedInAlice();
    const malformed = await postJson(browser, "link/op-other", { callbackUrl: 42 });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "InvalidRequest" });
    expect((await postJson(browser, "link/nodemailer")).status).toBe(400);
    expect((await postJson(browser, "link/nobody")).status).toBe(400);
    const forged = await postJson(browser, "link/op-other", {}, false);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
  });
});

describe("POST unlink/<providerId>", () => {
  test("detaches one of the user's accounts when another way to sign in remains", async () => {
    const browser = createBrowser();
    await oidcSignIn(browser, "op-other", "carol", "carol@example.com", false);
    await oidcSignIn(browser, "op-trusted", "carol-work", "carol@work.example", true);
    const carol = (await userByEmail("carol@example.com"))!;
    expect(await accountsOf(carol.id)).toEqual(["op-other:carol", "op-trusted:carol-work"]);

    const response = await postJson(browser, "unlink/op-trusted");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unlinked: "op-trusted" });
    expect(await accountsOf(carol.id)).toEqual(["op-other:carol"]);
    expect(events.find((e) => e.name === "accountUnlinked")!.message).toMatchObject({ reason: "user", account: { provider: "op-trusted" } });
  });

  test("refuses to remove the last way to sign in (409), and allows it when a verified address with email sign-in remains", async () => {
    const browser = createBrowser();
    await oidcSignIn(browser, "op-other", "dave", "dave@example.com", false);
    const dave = (await userByEmail("dave@example.com"))!;
    const refused = await postJson(browser, "unlink/op-other");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "LastSignInMethod" });
    expect(await accountsOf(dave.id)).toEqual(["op-other:dave"]);

    const erin = createBrowser();
    await oidcSignIn(erin, "op-other", "erin", "erin@example.com", true);
    const erinUser = (await userByEmail("erin@example.com"))!;
    expect(erinUser.emailVerified).toBeInstanceOf(Date);
    expect((await postJson(erin, "unlink/op-other")).status).toBe(200);
    expect(await accountsOf(erinUser.id)).toEqual([]);
  });

  test("refusals: 401 signed out, 404 for an account the user does not have, 400 for a malformed body, nothing without the CSRF token", async () => {
    expect((await postJson(createBrowser(), "unlink/op-other")).status).toBe(401);
    const browser = createBrowser();
    await oidcSignIn(browser, "op-other", "frank", "frank@example.com", true);
    await oidcSignIn(browser, "op-trusted", "frank-work", "frank@work.example", true);
    const frank = (await userByEmail("frank@example.com"))!;
    const missing = await postJson(browser, "unlink/nodemailer");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "NotLinked" });
    expect((await postJson(browser, "unlink/op-other", { callbackUrl: ["x"] })).status).toBe(400);
    const forged = await postJson(browser, "unlink/op-other", {}, false);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await accountsOf(frank.id)).toEqual(["op-other:frank", "op-trusted:frank-work"]);
  });
});

describe("configuration", () => {
  test("without AccountLinks() the link and unlink endpoints are off (400 UnknownAction)", async () => {
    const browser = createBrowser();
    await oidcSignIn(browser, "op-trusted", "gina", "gina@example.com", true);
    latch.configure({ adapter: db.adapter, providers: [oidcProvider("op-trusted", op.issuer, { clientId: "op-trusted", clientSecret: "op-trusted-secret" })] });
    for (const path of ["link/op-trusted", "unlink/op-trusted"]) {
      const response = await postJson(browser, path);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "UnknownAction" });
    }
  });

  test('"verified-email" without trusted providers, or trusting a provider that is not OAuth, is a configuration error', async () => {
    for (const account of [{ linking: "verified-email" }, { linking: "verified-email", trustedProviders: ["nodemailer"] }, { linking: "sometimes" }] as AccountOptions[]) {
      configure(account);
      const response = await createBrowser().fetch(`${latch.origin}/auth/providers`);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { message: string }).message).toContain("InvalidAccountLinking");
    }
  });
});
