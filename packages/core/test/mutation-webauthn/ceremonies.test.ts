/**
 * Passkey ceremonies through `Auth()` with a software authenticator (./authenticator.ts) and
 * `@latch/pg` on PGlite: registration and authentication that succeed, and each check of the
 * challenge, registration and authentication steps refusing a ceremony, with nothing written.
 */
import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { Auth, type AuthConfig } from "@latch/core";
import Passkey from "@latch/core/providers/passkey";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SoftwareCredential, flags, type Ceremony, type Twist } from "./authenticator.js";

const origin = "http://localhost:3000";
const base = `${origin}/auth`;
const secret = "webauthn-mutation-secret-0123456789-abcdefghij";
const otherSecret = "webauthn-mutation-rotated-0123456789-klmnopqrs";

let db: PGlite;
let adapter: ReturnType<typeof PostgresAdapter>;
const logs: string[] = [];
/** The `cause` of each logged error, in order: what a refusal says it checked, and the error under it. */
const causes: unknown[] = [];

/** A logged error as its message and the check its cause names (`[check=challenge]`). */
function logText(value: unknown): string {
  if (!(value instanceof Error)) return String(value);
  const cause = value.cause as { check?: unknown } | undefined;
  return `${value.message}${cause?.check ? ` [check=${String(cause.check)}]` : ""}`;
}

function config(overrides: Partial<AuthConfig> = {}, passkey: Parameters<typeof Passkey>[0] = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    providers: [Passkey(passkey)],
    experimental: { enableWebAuthn: true },
    logger: {
      error: (code, ...rest) => {
        logs.push(`${code} ${rest.map(logText).join(" ")}`);
        for (const value of rest) if (value instanceof Error) causes.push(value.cause);
      },
      warn: () => {},
      debug: () => {},
    },
    ...overrides,
  };
}

beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  adapter = PostgresAdapter(db);
}, 60_000);
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  logs.length = 0;
  causes.length = 0;
  await db.exec(`DELETE FROM sessions; DELETE FROM authenticators; DELETE FROM accounts; DELETE FROM verification_token; DELETE FROM users`);
});

/** A browser's cookie jar for one origin. */
class Jar {
  readonly values = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) this.values.delete(name);
      else this.values.set(name, pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

interface Options {
  action: string;
  ceremony: Ceremony;
  options: any;
}

async function options(jar: Jar, query = "", cfg = config(), provider = "passkey"): Promise<Options> {
  const response = await Auth(new Request(`${base}/webauthn-options/${provider}${query}`, { headers: { cookie: jar.header() } }), cfg);
  expect(response.status).toBe(200);
  jar.take(response);
  const body = (await response.json()) as any;
  return { action: body.action, options: body.options, ceremony: { challenge: body.options.challenge, origin, rpId: body.options.rpId ?? body.options.rp.id } };
}

/** POSTs the credential to the callback as the sign-in page's script does; returns where it lands. */
async function callback(jar: Jar, action: string, data: unknown, cfg = config(), provider = "passkey"): Promise<{ error: string | null; signedIn: boolean }> {
  const csrf = await Auth(new Request(`${base}/csrf`, { headers: { cookie: jar.header() } }), cfg);
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const body = new URLSearchParams({ action, data: JSON.stringify(data), csrfToken, callbackUrl: `${origin}/home` });
  const response = await Auth(
    new Request(`${base}/callback/${provider}`, { method: "POST", body, headers: { cookie: jar.header(), origin, "content-type": "application/x-www-form-urlencoded" } }),
    cfg,
  );
  jar.take(response);
  const location = response.headers.get("location") ?? "";
  const error = location ? new URL(location, origin).searchParams.get("error") : null;
  return { error, signedIn: jar.values.has("authjs.session-token") };
}

async function counts() {
  const n = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
  return { users: await n("users"), accounts: await n("accounts"), authenticators: await n("authenticators"), sessions: await n("sessions") };
}
const none = { users: 0, accounts: 0, authenticators: 0, sessions: 0 };

/** Registers a new user's passkey; returns the credential and the user's id. */
async function registered(email = "new@example.com", cfg = config()): Promise<{ credential: SoftwareCredential; userId: string }> {
  const jar = new Jar();
  const { action, options: o, ceremony } = await options(jar, `?action=register&email=${encodeURIComponent(email)}`, cfg);
  expect(action).toBe("register");
  const credential = await SoftwareCredential.create(o.user.id);
  expect(jar.values.has("authjs.challenge")).toBe(true);
  expect(await callback(jar, "register", await credential.register(ceremony), cfg)).toEqual({ error: null, signedIn: true });
  // The spent challenge's cookie is deleted with the answer.
  expect(jar.values.has("authjs.challenge")).toBe(false);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
  return { credential, userId: rows[0]!.id };
}

/** Asks for authentication options and answers them; returns where it lands. */
async function signIn(credential: SoftwareCredential, twist: Twist = {}, cfg = config()) {
  const jar = new Jar();
  const { action, ceremony } = await options(jar, "", cfg);
  expect(action).toBe("authenticate");
  return callback(jar, "authenticate", await credential.assert(ceremony, twist), cfg);
}

describe("registration", () => {
  test("stores the user, the webauthn account and the authenticator as the attestation says", async () => {
    const { credential, userId } = await registered("new@example.com");
    expect(await counts()).toMatchObject({ users: 1, accounts: 1, authenticators: 1, sessions: 1 });
    const { rows: accounts } = await db.query<any>(`SELECT "userId", type, provider, "providerAccountId" FROM accounts`);
    // Stored in standard base64, as Auth.js stores credential ids.
    const stored = Buffer.from(credential.rawId).toString("base64");
    expect(accounts).toEqual([{ userId, type: "webauthn", provider: "passkey", providerAccountId: stored }]);
    const { rows } = await db.query<any>(`SELECT * FROM authenticators`);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.credentialID).toBe(stored);
    expect(row.providerAccountId).toBe(stored);
    expect(row.userId).toBe(userId);
    expect(Number(row.counter)).toBe(0);
    expect(row.credentialDeviceType).toBe("singleDevice");
    expect(row.credentialBackedUp).toBe(false);
    expect(row.transports).toBe("internal,hybrid");
    // The COSE public key, base64: the key an authentication is then verified with.
    expect(Buffer.from(row.credentialPublicKey, "base64")[0]).toBe(0xa5);
    const { rows: users } = await db.query<any>(`SELECT email, name FROM users`);
    expect(users).toEqual([{ email: "new@example.com", name: null }]);
  });

  test("a backed-up multi-device credential is stored as such", async () => {
    const jar = new Jar();
    const { options: o, ceremony } = await options(jar, "?action=register&email=synced@example.com");
    const credential = await SoftwareCredential.create(o.user.id);
    expect(await callback(jar, "register", await credential.register(ceremony, { flags: flags.up | flags.uv | flags.be | flags.bs }))).toEqual({ error: null, signedIn: true });
    const { rows } = await db.query<any>(`SELECT "credentialDeviceType", "credentialBackedUp" FROM authenticators`);
    expect(rows).toEqual([{ credentialDeviceType: "multiDevice", credentialBackedUp: true }]);
  });

  test.each([
    ["another origin in the client data", { origin: "http://evil.example" }],
    ["the client data of an authentication", { type: "webauthn.get" }],
    ["no user presence", { flags: 0 }],
  ])("is refused for %s, with nothing written", async (_, twist) => {
    const jar = new Jar();
    const { options: o, ceremony } = await options(jar, "?action=register&email=new@example.com");
    const credential = await SoftwareCredential.create(o.user.id);
    expect(await callback(jar, "register", await credential.register(ceremony, twist))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(none);
    expect(logs.join("\n")).toMatch(/WebAuthnVerificationError The registration response did not verify: .*\[check=registration\]/);
    // The library's own error is kept as the cause's `err`.
    expect(causes).toEqual([{ check: "registration", err: expect.any(Error) }]);
  });

  test("user verification is required only when the provider asks for it", async () => {
    const required = config({}, { registrationOptions: { authenticatorSelection: { userVerification: "required" } } });
    let jar = new Jar();
    let { options: o, ceremony } = await options(jar, "?action=register&email=new@example.com", required);
    const credential = await SoftwareCredential.create(o.user.id);
    expect(await callback(jar, "register", await credential.register(ceremony, { flags: flags.up }), required)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(none);

    jar = new Jar();
    ({ options: o, ceremony } = await options(jar, "?action=register&email=new@example.com"));
    const preferred = await SoftwareCredential.create(o.user.id);
    expect(await callback(jar, "register", await preferred.register(ceremony, { flags: flags.up }))).toEqual({ error: null, signedIn: true });
  });

  test("a credential id that is already registered is refused", async () => {
    const { credential } = await registered("first@example.com");
    const before = await counts();
    const jar = new Jar();
    const { ceremony } = await options(jar, "?action=register&email=second@example.com");
    expect(await callback(jar, "register", await credential.register(ceremony))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(before);
    expect(logs.join("\n")).toContain("This credential is already registered.");
    expect(causes).toEqual([{ check: "registration" }]);
  });

  test("an authentication challenge does not register", async () => {
    const jar = new Jar();
    const { action, ceremony } = await options(jar, "");
    expect(action).toBe("authenticate");
    const credential = await SoftwareCredential.create("aGFuZGxl");
    expect(await callback(jar, "register", await credential.register(ceremony))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(none);
    expect(logs.join("\n")).toContain("The challenge was issued for an authentication, not a registration.");
    expect(causes).toEqual([{ check: "registration" }]);
  });

  test("a packed self attestation is verified: signed by the credential it registers, or refused", async () => {
    let jar = new Jar();
    let { options: o, ceremony } = await options(jar, "?action=register&email=forged@example.com");
    const forged = await SoftwareCredential.create(o.user.id);
    // The library answers `verified: false` (it does not throw) for a signature that does not verify.
    expect(await callback(jar, "register", await forged.register(ceremony, { attestation: "packed", otherKey: true }))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(none);
    expect(logs.join("\n")).toContain("WebAuthnVerificationError The registration's attestation could not be verified. [check=registration]");
    expect(causes).toEqual([{ check: "registration" }]);

    jar = new Jar();
    ({ options: o, ceremony } = await options(jar, "?action=register&email=packed@example.com"));
    const packed = await SoftwareCredential.create(o.user.id);
    expect(await callback(jar, "register", await packed.register(ceremony, { attestation: "packed" }))).toEqual({ error: null, signedIn: true });
    expect(await counts()).toMatchObject({ users: 1, accounts: 1, authenticators: 1 });
  });

  test("the name getUserInfo gives a new user is stored with it", async () => {
    const named = config({}, { getUserInfo: ({ fields }) => ({ user: { email: String(fields.email), name: "Ada Lovelace" }, exists: false }) });
    await registered("ada@example.com", named);
    const { rows } = await db.query<any>(`SELECT email, name FROM users`);
    expect(rows).toEqual([{ email: "ada@example.com", name: "Ada Lovelace" }]);
  });

  test("a provider whose options leave out registrationOptions, or their authenticatorSelection, still registers without requiring user verification", async () => {
    for (const registrationOptions of [undefined, {}]) {
      await db.exec(`DELETE FROM sessions; DELETE FROM authenticators; DELETE FROM accounts; DELETE FROM users`);
      const bare = config({ providers: [{ ...Passkey(), options: { registrationOptions } }] });
      const jar = new Jar();
      const { options: o, ceremony } = await options(jar, "?action=register&email=bare@example.com", bare);
      const credential = await SoftwareCredential.create(o.user.id);
      expect(await callback(jar, "register", await credential.register(ceremony, { flags: flags.up }), bare)).toEqual({ error: null, signedIn: true });
      expect(await counts()).toMatchObject({ users: 1, authenticators: 1 });
    }
  });
});

describe("authentication", () => {
  test("signs the credential's user in and moves the stored counter", async () => {
    const { credential, userId } = await registered();
    const jar = new Jar();
    const { ceremony } = await options(jar, "");
    expect(jar.values.has("authjs.challenge")).toBe(true);
    expect(await callback(jar, "authenticate", await credential.assert(ceremony))).toEqual({ error: null, signedIn: true });
    // The spent challenge's cookie is deleted with the answer.
    expect(jar.values.has("authjs.challenge")).toBe(false);
    const { rows } = await db.query<any>(`SELECT counter::int AS counter FROM authenticators`);
    expect(rows).toEqual([{ counter: 1 }]);
    const { rows: sessions } = await db.query<any>(`SELECT "userId" FROM sessions`);
    expect(sessions.map((s: any) => s.userId)).toEqual([userId, userId]);
  });

  test("a counter that stays at zero is not written", async () => {
    const { credential } = await registered();
    let updates = 0;
    const counting = { ...adapter, updateAuthenticatorCounter: (...args: Parameters<NonNullable<typeof adapter.updateAuthenticatorCounter>>) => (updates++, adapter.updateAuthenticatorCounter!(...args)) };
    expect(await signIn(credential, { counter: 0 }, config({ adapter: counting }))).toEqual({ error: null, signedIn: true });
    expect(updates).toBe(0);
    expect(await signIn(credential, {}, config({ adapter: counting }))).toEqual({ error: null, signedIn: true });
    expect(updates).toBe(1);
  });

  test.each([
    ["a signature by another key", { otherKey: true }, "The assertion's signature does not verify.", false],
    ["another origin in the client data", { origin: "http://evil.example" }, "The authentication response did not verify", true],
    ["a counter that did not move past the stored one", { counter: 0 }, "The authentication response did not verify", true],
    ["an unknown credential id", { id: "dW5rbm93bg" }, "No authenticator is registered with this credential id.", false],
    ["a credential id that is not base64url", { id: "not base64url!" }, "The credential id is not base64url.", true],
  ])("is refused for %s, with nothing written", async (_, twist, message, thrown) => {
    const { credential } = await registered();
    await signIn(credential); // the stored counter is now 1
    const before = { counts: await counts(), rows: (await db.query(`SELECT * FROM authenticators`)).rows };
    logs.length = 0;
    expect(await signIn(credential, twist)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await counts()).toEqual(before.counts);
    expect((await db.query(`SELECT * FROM authenticators`)).rows).toEqual(before.rows);
    expect(logs.join("\n")).toContain(`${message}`);
    expect(logs.join("\n")).toContain("[check=authentication]");
    // A refusal that comes from an error underneath (the library's, the id's decoding) keeps it as `err`.
    expect(causes).toEqual([thrown ? { check: "authentication", err: expect.any(Error) } : { check: "authentication" }]);
  });

  test("user verification is required only when the provider asks for it", async () => {
    const { credential } = await registered();
    const required = config({}, { authenticationOptions: { userVerification: "required" } });
    expect(await signIn(credential, { flags: flags.up }, required)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(await signIn(credential, { flags: flags.up })).toEqual({ error: null, signedIn: true });
  });

  test("a provider whose options leave out authenticationOptions still signs in without requiring user verification", async () => {
    const { credential } = await registered();
    const bare = config({ providers: [{ ...Passkey(), options: { authenticationOptions: undefined } }] });
    expect(await signIn(credential, { flags: flags.up }, bare)).toEqual({ error: null, signedIn: true });
  });

  test("an authenticator whose account is gone, belongs to another user, or whose user is gone is refused", async () => {
    const { credential, userId } = await registered("owner@example.com");
    await db.query(`INSERT INTO users (id, email) VALUES ('other-user', 'other@example.com')`);
    await db.query(`UPDATE accounts SET "userId" = 'other-user'`);
    expect(await signIn(credential)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The authenticator's account is missing or belongs to another user.");

    await db.query(`UPDATE accounts SET "userId" = $1`, [userId]);
    await db.query(`UPDATE accounts SET provider = 'elsewhere'`);
    logs.length = 0;
    expect(await signIn(credential)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The authenticator's account is missing or belongs to another user.");

    // A user gone while its account and authenticator stay (an adapter without cascades).
    await db.query(`UPDATE accounts SET provider = 'passkey'`);
    const userless = { ...adapter, getUser: async () => null };
    logs.length = 0;
    expect(await signIn(credential, {}, config({ adapter: userless }))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The authenticator's user no longer exists.");
  });

  test("a registration challenge does not authenticate", async () => {
    const { credential } = await registered();
    const jar = new Jar();
    const { ceremony } = await options(jar, "?action=register&email=fresh@example.com");
    expect(await callback(jar, "authenticate", await credential.assert(ceremony))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The challenge was issued for a registration, not an authentication.");
  });
});

describe("the challenge", () => {
  test("is stored as a hash with the secret, never as itself, and expires with its 15-minute cookie", async () => {
    const jar = new Jar();
    const response = await Auth(new Request(`${base}/webauthn-options/passkey`), config());
    const { options: o } = (await response.json()) as any;
    jar.take(response);
    expect(response.headers.getSetCookie()[0]).toMatch(/Max-Age=900;/);
    const hash = createHash("sha256").update(`${o.challenge}${secret}`).digest("hex");
    const { rows } = await db.query<any>(`SELECT identifier, token, expires FROM verification_token`);
    expect(rows.map((r: any) => [r.identifier, r.token])).toEqual([[`webauthn:${hash}`, hash]]);
    const lifetime = new Date(rows[0].expires).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
  });

  test("answers one ceremony only: a replay with a copy of the cookie is refused", async () => {
    const { credential } = await registered();
    const jar = new Jar();
    const { ceremony } = await options(jar, "");
    const copy = new Jar();
    for (const [k, v] of jar.values) copy.values.set(k, v);
    const answer = await credential.assert(ceremony);
    expect(await callback(jar, "authenticate", answer)).toEqual({ error: null, signedIn: true });
    logs.length = 0;
    expect(await callback(copy, "authenticate", answer)).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The WebAuthn challenge was already used or has expired: ask for new options. [check=challenge]");
  });

  test("an expired record is refused even with a fresh cookie", async () => {
    const { credential } = await registered();
    const jar = new Jar();
    const { ceremony } = await options(jar, "");
    await db.query(`UPDATE verification_token SET expires = now() - interval '1 second'`);
    expect(await callback(jar, "authenticate", await credential.assert(ceremony))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
    expect(logs.join("\n")).toContain("The WebAuthn challenge was already used or has expired");
  });

  test("an adapter that hands back another row than asked for is not trusted", async () => {
    const { credential } = await registered();
    for (const wrong of [{ identifier: "webauthn:other" }, { token: "0".repeat(64) }]) {
      const lying = { ...adapter, useVerificationToken: async (params: { identifier: string; token: string }) => {
        const row = await adapter.useVerificationToken!(params);
        return row && { ...row, ...wrong };
      } };
      logs.length = 0;
      expect(await signIn(credential, {}, config({ adapter: lying }))).toEqual({ error: "WebAuthnVerificationError", signedIn: false });
      expect(logs.join("\n")).toContain("The WebAuthn challenge was already used or has expired");
    }
  });

  test("a challenge issued before a secret rotation is still accepted under the old secret", async () => {
    const { credential } = await registered();
    const jar = new Jar();
    const { ceremony } = await options(jar, "");
    const rotated = config({ secret: [otherSecret, secret] });
    expect(await callback(jar, "authenticate", await credential.assert(ceremony), rotated)).toEqual({ error: null, signedIn: true });
  });

  test("a missing cookie, an unreadable one and another provider's are refused with their reason", async () => {
    const { credential } = await registered();
    const two = config();
    const other = config({ providers: [Passkey({ id: "other-passkey" })] });

    let jar = new Jar();
    let { ceremony } = await options(jar, "", two);
    jar.values.delete("authjs.challenge");
    expect(await callback(jar, "authenticate", await credential.assert(ceremony), two)).toMatchObject({ signedIn: false });
    expect(logs.join("\n")).toContain("The WebAuthn challenge cookie is missing: ask for new options. [check=challenge]");

    jar = new Jar();
    ({ ceremony } = await options(jar, "", two));
    jar.values.set("authjs.challenge", "garbage");
    logs.length = 0;
    expect(await callback(jar, "authenticate", await credential.assert(ceremony), two)).toMatchObject({ signedIn: false });
    expect(logs.join("\n")).toContain("The WebAuthn challenge cookie is unreadable or expired.");

    jar = new Jar();
    ({ ceremony } = await options(jar, "", other, "other-passkey"));
    logs.length = 0;
    expect(await callback(jar, "authenticate", await credential.assert(ceremony), two)).toMatchObject({ signedIn: false });
    expect(logs.join("\n")).toContain("The WebAuthn challenge cookie is for another provider.");
  });
});
