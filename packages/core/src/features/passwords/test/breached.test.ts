/**
 * The breached-password check (ASVS 5.0 §6.2.12) through `Auth()` on PGlite, with mail read from a
 * real SMTP server on loopback and the range API answered by a stand-in on 127.0.0.1
 * (./pwned-range-server.ts): a breached password is refused at sign-up, reset and change, a
 * clean one accepted, padding lines ignored, and a down or slow service allowed with a warning or
 * refused, as configured.
 */
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { AuthConfig } from "@latch/core";
import { HaveIBeenPwned, type HaveIBeenPwnedOptions } from "@latch/core/passwords/breached";
import de from "@latch/core/languages/de";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { Client, baseConfig, origin, quietLogger, type Logs } from "../../../../test/client.js";
import { sha1, startPwnedRangeServer, type PwnedRangeServer } from "./pwned-range-server.js";

const breachedPassword = "correct horse battery staple";
const cleanPassword = "violet staircase 42 unbreached";
const paddedPassword = "a padded suffix passphrase";
const oftenSeen = "seen three times only";

const db = new PGlite();
const adapter = PostgresAdapter(db);
let smtp: SmtpTestServer;
let range: PwnedRangeServer;
let logs: Logs;
let logger: AuthConfig["logger"];

beforeAll(async () => {
  await migrate(db);
  smtp = await startSmtpServer();
  range = await startPwnedRangeServer({ [breachedPassword]: 3861493, [oftenSeen]: 3 }, [paddedPassword]);
});
afterAll(async () => {
  await range.close();
  await smtp.close();
  await db.close();
});
beforeEach(() => {
  range.setMode("normal");
  range.paths.length = 0;
  range.padding.length = 0;
  ({ logs, logger } = quietLogger());
});

function config(check: HaveIBeenPwnedOptions | false = {}): AuthConfig {
  const password = check === false ? Password() : Password({ breached: HaveIBeenPwned({ endpoint: range.endpoint, timeout: 300, ...check }) });
  return baseConfig({ adapter, logger, providers: [password, Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })] });
}

const address = () => `hibp-${randomUUID()}@example.com`;

async function post(client: Client, path: string, fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
  return client.post(path, { csrfToken: await client.csrfToken(), ...fields }, headers);
}

const errorOf = (response: Response) => new URL(response.headers.get("location")!).searchParams.get("error");

async function userCount(email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]);
  return rows[0]!.n;
}

async function storedHash(email: string): Promise<string> {
  const { rows } = await db.query<{ hash: string }>(`SELECT p.hash FROM passwords p JOIN users u ON u.id = p."userId" WHERE u.email = $1`, [email]);
  return rows[0]!.hash;
}

/** A verified account made through sign-up and its link; returns the signed-in browser. */
async function account(cfg: AuthConfig, password = cleanPassword): Promise<{ client: Client; email: string }> {
  const email = address();
  const client = new Client(cfg);
  expect(errorOf(await post(client, "/auth/signup", { email, password }))).toBeNull();
  const mail = await smtp.waitForMail({ to: email });
  const link = new URL(mail.urls.find((u) => new URL(u).pathname === "/auth/verify-email")!);
  await client.fetch(link.pathname + link.search);
  return { client, email };
}

/** Nothing the check knows about the password reaches the log: not the password, its hash, or the prefix sent. */
function expectNothingSecretLogged(password: string): void {
  const text = JSON.stringify(logs);
  for (const secret of [password, sha1(password), sha1(password).slice(0, 5), sha1(password).slice(5)]) expect(text).not.toContain(secret);
}

describe("sign-up", () => {
  test("a breached password is refused on the page and in JSON, and nothing is written; only the 5-digit prefix is sent, padded", async () => {
    const cfg = config();
    const email = address();
    const client = new Client(cfg);
    const refused = await post(client, "/auth/signup", { email, password: breachedPassword });
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signup?error=PasswordBreached`);
    const page = await (await client.fetch("/auth/signup?error=PasswordBreached")).text();
    expect(page).toContain("This password appears in known data breaches");
    const json = await post(client, "/auth/signup", { email, password: breachedPassword }, { "x-auth-return-redirect": "1" });
    expect(await json.json()).toEqual({ url: `${origin}/auth/signup?error=PasswordBreached` });
    expect(await userCount(email)).toBe(0);
    expect(range.paths).toEqual([`/range/${sha1(breachedPassword).slice(0, 5)}`, `/range/${sha1(breachedPassword).slice(0, 5)}`]);
    expect(range.padding).toEqual(["true", "true"]);
    expectNothingSecretLogged(breachedPassword);
  });

  test("the refusal is in the reader's language", async () => {
    const client = new Client({ ...config(), languages: [de] });
    const page = await (await client.fetch("/auth/signup?error=PasswordBreached", { headers: { "accept-language": "de" } })).text();
    expect(page).toContain("Dieses Passwort kommt in bekannten Datenlecks vor");
  });

  test("a clean password is accepted, and so is one whose suffix the answer carries only as padding (count 0)", async () => {
    const cfg = config();
    const { email } = await account(cfg);
    expect(await userCount(email)).toBe(1);
    const padded = await account(cfg, paddedPassword);
    expect(await userCount(padded.email)).toBe(1);
    expect(range.padding.every((header) => header === "true")).toBe(true);
  });

  test("the threshold: a password seen 3 times passes a threshold of 5 and is refused at 3", async () => {
    expect(errorOf(await post(new Client(config({ threshold: 5 })), "/auth/signup", { email: address(), password: oftenSeen }))).toBeNull();
    expect(errorOf(await post(new Client(config({ threshold: 3 })), "/auth/signup", { email: address(), password: oftenSeen }))).toBe("PasswordBreached");
  });

  test("padding: false sends no Add-Padding header", async () => {
    await post(new Client(config({ padding: false })), "/auth/signup", { email: address(), password: breachedPassword });
    expect(range.padding).toEqual([undefined]);
  });

  test("off by default: Password() alone asks no service and accepts a breached password", async () => {
    const email = address();
    expect(errorOf(await post(new Client(config(false)), "/auth/signup", { email, password: breachedPassword }))).toBeNull();
    expect(range.paths).toEqual([]);
    expect(await userCount(email)).toBe(1);
  });
});

describe("reset and change", () => {
  test("a reset to a breached password is refused and keeps the link usable; a clean one is accepted", async () => {
    const cfg = config();
    const { email } = await account(cfg);
    const before = await storedHash(email);
    const browser = new Client(cfg);
    await post(browser, "/auth/password/forgot", { email });
    const mail = await smtp.waitForMail({ to: email });
    const link = new URL(mail.urls.find((u) => new URL(u).pathname === "/auth/password/reset")!);
    const fields = { token: link.searchParams.get("token")!, email };
    expect(errorOf(await post(browser, "/auth/password/reset", { ...fields, password: breachedPassword }))).toBe("PasswordBreached");
    expect(await storedHash(email)).toBe(before);
    const done = await post(browser, "/auth/password/reset", { ...fields, password: "another clean passphrase" });
    expect(done.headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
    expect(await storedHash(email)).not.toBe(before);
  });

  test("a change to a breached password is refused and the stored hash stays; a clean one is accepted", async () => {
    const cfg = config();
    const { client, email } = await account(cfg);
    const before = await storedHash(email);
    const refused = await post(client, "/auth/password/change", { currentPassword: cleanPassword, newPassword: breachedPassword });
    expect(refused.headers.get("location")).toBe(`${origin}/auth/password/change?error=PasswordBreached`);
    expect(await storedHash(email)).toBe(before);
    const changed = await post(client, "/auth/password/change", { currentPassword: cleanPassword, newPassword: "another clean passphrase" });
    expect(errorOf(changed)).toBeNull();
    expect(await storedHash(email)).not.toBe(before);
  });
});

describe("when the service cannot be asked", () => {
  test.each([
    ["unavailable", "status"],
    ["slow", "timeout"],
  ] as const)("%s, onError allow (the default): the password is accepted and a warning logged without the password", async (mode, reason) => {
    const cfg = config();
    range.setMode(mode);
    const email = address();
    expect(errorOf(await post(new Client(cfg), "/auth/signup", { email, password: breachedPassword }))).toBeNull();
    expect(await userCount(email)).toBe(1);
    expect(logs.warn).toEqual([["PasswordCheckUnavailable", [`The breached-password service could not be asked (${reason}); the new password was accepted unchecked.`]]]);
    expectNothingSecretLogged(breachedPassword);
  });

  test.each(["unavailable", "slow"] as const)("%s, onError refuse: the password is refused on the page and nothing is written", async (mode) => {
    const cfg = config({ onError: "refuse" });
    range.setMode(mode);
    const email = address();
    const client = new Client(cfg);
    expect(errorOf(await post(client, "/auth/signup", { email, password: cleanPassword }))).toBe("PasswordCheckUnavailable");
    expect(await (await client.fetch("/auth/signup?error=PasswordCheckUnavailable")).text()).toContain("We could not check this password");
    expect(await userCount(email)).toBe(0);
    expect(logs.warn.map(([code]) => code)).toEqual(["PasswordCheckUnavailable"]);
    expectNothingSecretLogged(cleanPassword);
  });

  test("an endpoint nobody listens on counts as down (network)", async () => {
    const closed = await startPwnedRangeServer({});
    await closed.close();
    const cfg = baseConfig({
      adapter, logger,
      providers: [Password({ breached: HaveIBeenPwned({ endpoint: closed.endpoint, onError: "refuse" }) }), Nodemailer({ server: smtp.url, from: "no-reply@example.com" })],
    });
    expect(errorOf(await post(new Client(cfg), "/auth/signup", { email: address(), password: cleanPassword }))).toBe("PasswordCheckUnavailable");
    expect(JSON.stringify(logs.warn)).toContain("(network)");
  });
});

describe("HaveIBeenPwned()", () => {
  test("the injected fetch makes the query", async () => {
    const asked: string[] = [];
    const check = HaveIBeenPwned({ endpoint: range.endpoint, fetch: (input, init) => (asked.push(String(input)), fetch(input, init)) });
    expect(await check.count(breachedPassword)).toBe(3861493);
    expect(await check.count(paddedPassword)).toBe(0);
    expect(asked).toEqual([`${range.endpoint}${sha1(breachedPassword).slice(0, 5)}`, `${range.endpoint}${sha1(paddedPassword).slice(0, 5)}`]);
  });

  test("a threshold under 1 or a timeout that is not positive is a configuration error", () => {
    expect(() => HaveIBeenPwned({ threshold: 0 })).toThrow(RangeError);
    expect(() => HaveIBeenPwned({ timeout: 0 })).toThrow(RangeError);
  });
});
