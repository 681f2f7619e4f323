/**
 * Password sign-in through `Auth()` on PGlite: JWT and database sessions, the same answer for an
 * unknown address and a wrong password (one Argon2id verification each, against a dummy hash when
 * there is no stored one), unverified addresses, and hash parameters upgraded at sign-in.
 */
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { AuthConfig } from "@latch/core";
import Password from "@latch/core/providers/password";
import { checkPassword, hashPassword, verifyPassword } from "../index.js";
import { Client, baseConfig, origin, parseSetCookies, quietLogger } from "../../../../test/client.js";

// Counts the verifications the sign-in runs, and against which hash: the real function still runs.
const verified = vi.hoisted(() => [] as string[]);
vi.mock("../hash.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../hash.js")>();
  return {
    ...original,
    verifyPassword: async (password: string, hash: string) => {
      verified.push(hash);
      return original.verifyPassword(password, hash);
    },
  };
});

const db = new PGlite();
const adapter = PostgresAdapter(db);
beforeAll(async () => {
  await migrate(db);
});
afterAll(async () => {
  await db.close();
});
beforeEach(() => {
  verified.length = 0;
});

/** A stored user with a password; verified unless told otherwise. */
async function member(password = "violet staircase 42", options: { verified?: boolean; hash?: string } = {}) {
  const user = { id: randomUUID(), email: `member-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: options.verified === false ? null : new Date() };
  await adapter.createUser!(user);
  const hash = options.hash ?? (await hashPassword(await checkPassword(password)));
  await adapter.setPassword!({ userId: user.id, hash, updatedAt: new Date() });
  return { user, password, hash };
}

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return baseConfig({ adapter, providers: [Password()], ...overrides });
}

async function signIn(client: Client, fields: Record<string, string>): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return client.post("/auth/callback/password", { csrfToken, callbackUrl: `${origin}/home`, ...fields });
}

describe.each(["jwt", "database"] as const)("%s sessions", (strategy) => {
  test("the right password signs the user in", async () => {
    const { user, password } = await member();
    const client = new Client(config({ session: { strategy } }));
    const response = await signIn(client, { email: user.email, password });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/home`);
    expect(await client.session()).toMatchObject({ user: { email: user.email, name: "Member" } });
    if (strategy === "database") {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [user.id]);
      expect(rows[0]!.n).toBe(1);
    }
  });

  test("the address is matched as typed in another case and with spaces", async () => {
    const { user, password } = await member();
    const client = new Client(config({ session: { strategy } }));
    await signIn(client, { email: `  ${user.email.toUpperCase()} `, password });
    expect(await client.session()).toMatchObject({ user: { email: user.email } });
  });

  test("a wrong password is refused with CredentialsSignin and no session", async () => {
    const { user } = await member();
    const client = new Client(config({ session: { strategy } }));
    const response = await signIn(client, { email: user.email, password: "violet staircase 43" });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
    expect(await client.session()).toBeNull();
  });
});

describe("no enumeration", () => {
  /** Status, Location and the Set-Cookie names and attributes (values are random per request). */
  async function answer(fields: Record<string, string>) {
    const response = await signIn(new Client(config()), fields);
    const cookies = parseSetCookies(response).map(({ name, attributes }) => ({ name, attributes }));
    return { status: response.status, location: response.headers.get("location"), body: await response.text(), cookies };
  }

  test("an unknown address, a user without a password and a wrong password get the same answer", async () => {
    const { user } = await member();
    const passwordless = { id: randomUUID(), email: `nopw-${randomUUID()}@example.com`, name: null, image: null, emailVerified: new Date() };
    await adapter.createUser!(passwordless);
    const wrong = await answer({ email: user.email, password: "not the password" });
    expect(await answer({ email: `nobody-${randomUUID()}@example.com`, password: "not the password" })).toEqual(wrong);
    expect(await answer({ email: passwordless.email, password: "not the password" })).toEqual(wrong);
    expect(await answer({ email: "not an address", password: "not the password" })).toEqual(wrong);
  });

  test("each attempt runs one Argon2id verification; without a stored hash, against the dummy hash", async () => {
    const { user, hash } = await member();
    await signIn(new Client(config()), { email: user.email, password: "not the password" });
    expect(verified).toEqual([hash]);
    verified.length = 0;
    await signIn(new Client(config()), { email: `nobody-${randomUUID()}@example.com`, password: "not the password" });
    expect(verified).toHaveLength(1);
    const [dummy] = verified;
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The dummy hash matches no password that anyone could send.
    await expect(verifyPassword("not the password", dummy!)).resolves.toBe(false);
    verified.length = 0;
    await signIn(new Client(config()), { email: "not an address", password: "x" });
    expect(verified).toEqual([dummy]);
  });

  test("an unknown address costs the same adapter calls as a wrong password", async () => {
    const { user } = await member();
    const calls: string[] = [];
    const recording = Object.fromEntries(
      Object.entries(adapter).map(([name, method]) => [name, (...args: unknown[]) => (calls.push(name), (method as (...a: unknown[]) => unknown)(...args))]),
    );
    const client = () => new Client(config({ adapter: recording }));
    await signIn(client(), { email: user.email, password: "not the password" });
    const wrong = calls.splice(0);
    await signIn(client(), { email: `nobody-${randomUUID()}@example.com`, password: "not the password" });
    expect(wrong).toEqual(["getUserByEmail", "getPassword"]);
    expect(calls).toEqual(wrong);
  });

  test("custom hash parameters get a dummy hash at those parameters", async () => {
    const providers = [Password({ hashParameters: { memoryCost: 4096, timeCost: 3, parallelism: 1 } })];
    await signIn(new Client(config({ providers })), { email: `nobody-${randomUUID()}@example.com`, password: "x" });
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatch(/^\$argon2id\$v=19\$m=4096,t=3,p=1\$/);
  });
});

describe("verified addresses", () => {
  test("the right password for an unverified address is refused with email_unverified", async () => {
    const { user, password } = await member(undefined, { verified: false });
    const client = new Client(config());
    const response = await signIn(client, { email: user.email, password });
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=email_unverified`);
    expect(await client.session()).toBeNull();
    // A wrong password for it says nothing about verification.
    const wrong = await signIn(new Client(config()), { email: user.email, password: "nope nope nope" });
    expect(wrong.headers.get("location")).toContain("code=invalid_login");
  });

  test("with requireVerifiedEmail: false, an unverified address signs in", async () => {
    const { user, password } = await member(undefined, { verified: false });
    const client = new Client(config({ providers: [Password({ requireVerifiedEmail: false })] }));
    await signIn(client, { email: user.email, password });
    expect(await client.session()).toMatchObject({ user: { email: user.email } });
  });
});

describe("passwords of any characters", () => {
  test("a 64-character Unicode passphrase signs in; the same passphrase in another Unicode form too", async () => {
    const phrase = [..."Ça m'étonnerait — 東京の夜はとても静かでした 🌙 und Grüße aus Köln ΑΩ", ..."ß".repeat(64)].slice(0, 64).join("");
    const { user } = await member(phrase);
    const client = new Client(config());
    await signIn(client, { email: user.email, password: phrase.normalize("NFD") });
    expect(await client.session()).toMatchObject({ user: { email: user.email } });
  });
});

describe("hash upgrades", () => {
  test("a hash with old parameters verifies once and is replaced at that sign-in", async () => {
    const password = "violet staircase 42";
    const old = await hashPassword(password, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    const { user } = await member(password, { hash: old });
    const client = new Client(config());
    await signIn(client, { email: user.email, password });
    expect(await client.session()).toMatchObject({ user: { email: user.email } });
    const stored = await adapter.getPassword!(user.id);
    expect(stored?.hash).not.toBe(old);
    expect(stored?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(password, stored!.hash)).resolves.toBe(true);
    // The next sign-in verifies against the new hash and writes nothing.
    verified.length = 0;
    await signIn(new Client(config()), { email: user.email, password });
    expect(verified).toEqual([stored!.hash]);
    expect((await adapter.getPassword!(user.id))?.hash).toBe(stored!.hash);
  });

  test("a wrong password never upgrades the hash", async () => {
    const old = await hashPassword("violet staircase 42", { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    const { user } = await member(undefined, { hash: old });
    await signIn(new Client(config()), { email: user.email, password: "wrong wrong wrong" });
    expect((await adapter.getPassword!(user.id))?.hash).toBe(old);
  });
});

describe("configuration", () => {
  test("without an adapter: the Configuration error page, logged with the fix", async () => {
    const { logs, logger } = quietLogger();
    const client = new Client(baseConfig({ providers: [Password()], logger }));
    const response = await signIn(client, { email: "a@example.com", password: "whatever it is" });
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
    expect(logs.error.map(([code]) => code)).toEqual(["MissingAdapter"]);
    expect((logs.error[0]![1][0] as Error).message).toContain("needs an adapter that stores passwords");
  });

  test("an adapter without the password methods: MissingAdapterMethods naming them", async () => {
    const { logs, logger } = quietLogger();
    const { getPassword: _g, replacePasswordHash: _r, ...rest } = adapter;
    const client = new Client(baseConfig({ providers: [Password()], adapter: rest, logger }));
    const response = await signIn(client, { email: "a@example.com", password: "whatever it is" });
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
    expect(logs.error.map(([code]) => code)).toEqual(["MissingAdapterMethods"]);
    expect((logs.error[0]![1][0] as Error).message).toContain("getPassword, replacePasswordHash");
  });
});
