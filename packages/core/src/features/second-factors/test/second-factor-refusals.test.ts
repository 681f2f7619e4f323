/**
 * What the step-up refuses, and how: an altered, expired or foreign waiting cookie ends the wait
 * (`SecondFactorExpired`, the sign-in page, no session); malformed answers are 400s without a
 * stack that take no turn; on HTTPS the waiting cookie is `__Secure-` and `Secure`; the emailed-code
 * sign-in refuses a bad address and a code nobody asked for in this browser. `Auth()` with
 * `@latch/pg` on PGlite.
 */
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import type { Adapter, AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { SecondFactors } from "@latch/core/second-factors";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openJwt, sealJwt } from "../../../crypto/index.js";
import { Client, hasStackTrace, parseSetCookies, quietLogger, secret } from "../../../../test/client.js";
import { clientPost, enrolTotp, totp, type Enrolled } from "../../../../test/second-factor-client.js";

let db: PGlite;
let adapter: Adapter;
let cfg: AuthConfig;
let enrolled: Enrolled;
const email = "refusals@example.com";

function configFor(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    logger: quietLogger().logger,
    providers: [
      Credentials({ credentials: { email: {} }, authorize: async ({ email: given }) => (await adapter.getUserByEmail!(String(given))) ?? null }),
      // Never reached: no test here asks for a code to be sent.
      Nodemailer({ server: "smtp://127.0.0.1:9", from: "Latch Test <no-reply@latch.test>" }),
    ],
    secondFactor: SecondFactors({ factors: ["totp", "backup", "email"] }),
    ...overrides,
  };
}

beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  adapter = PostgresAdapter(db);
  await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: null, name: null, image: null });
  cfg = configFor();
  const setup = new Client(cfg);
  await setup.signIn({ email });
  enrolled = await enrolTotp(clientPost(setup));
});
afterAll(async () => {
  await db?.close();
});

async function waiting(config = cfg): Promise<Client> {
  const browser = new Client(config, config === cfg ? undefined : "https://localhost:3000");
  const response = await browser.signIn({ email });
  expect(response.headers.get("location")).toMatch(/\/auth\/second-factor$/);
  return browser;
}

async function answer(browser: Client, fields: Record<string, string>) {
  return browser.post("/auth/second-factor", { csrfToken: await browser.csrfToken(), ...fields });
}

const expired = "http://localhost:3000/auth/signin?error=SecondFactorExpired";

describe("the waiting cookie", () => {
  test("altered: the wait is over, the right code does not help", async () => {
    const browser = await waiting();
    const value = browser.jar.get("latch.second-factor")!;
    browser.jar.set("latch.second-factor", `${value.slice(0, -4)}${value.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`);
    expect((await answer(browser, { code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe(expired);
    expect(await browser.session()).toBeNull();
    // The challenge page says the same.
    expect((await browser.fetch("/auth/second-factor", { headers: { accept: "text/html" } })).headers.get("location")).toBe(expired);
  });

  test("expired by its own seal (5 minutes), even while its server record lives", async () => {
    const browser = await waiting();
    const name = "latch.second-factor";
    const payload = await openJwt<Record<string, unknown>>({ token: browser.jar.get(name)!, secrets: [secret], salt: name });
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = payload;
    browser.jar.set(name, await sealJwt({ payload: claims, secret, salt: name, maxAge: -60 }));
    expect((await answer(browser, { code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe(expired);
    expect(await browser.session()).toBeNull();
  });

  test("sealed with another secret: refused", async () => {
    const browser = await waiting();
    const other = new Client(configFor({ secret: "another-secret-0123456789-abcdefghijklmnopqrstuvwxyz" }));
    other.jar.set("latch.second-factor", browser.jar.get("latch.second-factor")!);
    expect((await answer(other, { code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe(expired);
    expect(await other.session()).toBeNull();
  });

  test("on HTTPS it is __Secure-, Secure, HttpOnly, SameSite=Lax, 5 minutes", async () => {
    const https = configFor();
    const browser = new Client(https, "https://localhost:3000");
    const response = await browser.signIn({ email });
    const cookie = parseSetCookies(response).find((c) => c.name === "__Secure-latch.second-factor");
    expect(cookie?.attributes).toMatchObject({ "max-age": "300", samesite: "Lax", path: "/" });
    expect(cookie?.attributes).toHaveProperty("secure");
    expect(cookie?.attributes).toHaveProperty("httponly");
    expect(parseSetCookies(response).some((c) => c.name.includes("session-token") && c.value)).toBe(false);
  });
});

describe("malformed answers", () => {
  test("400 without a stack, no turn taken; then the right code still works", async () => {
    const browser = await waiting();
    const json = async (body: unknown) =>
      browser.fetch("/auth/second-factor", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csrfToken: await browser.csrfToken(), ...(body as object) }),
      });
    for (const body of [{ code: 123456 }, { code: ["123456"] }, { code: { a: 1 } }, { code: " " }, { code: "123456", kind: 7 }, { send: "sms" }, { send: "email", code: "1" }]) {
      const response = await json(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(hasStackTrace(await response.text())).toBe(false);
    }
    // Seven refusals above, yet all five turns remain: four wrong codes, then the right one.
    for (let i = 0; i < 4; i++) expect((await answer(browser, { code: `99999${i}` })).headers.get("location"), `answer ${i}`).toContain("error=SecondFactorInvalid");
    expect((await answer(browser, { code: totp(enrolled.secret, enrolled.confirmedStep + 1) })).headers.get("location")).toBe("http://localhost:3000/home");
  });

  test("a code mail that cannot be sent takes its turn but leaves the wait on", async () => {
    // A user whose only way to answer is an emailed code: second factors are required and no app
    // is set up (a user with an app is never offered an emailed code).
    const mailFails = "mail-fails@example.com";
    await adapter.createUser!({ id: crypto.randomUUID(), email: mailFails, emailVerified: new Date(), name: null, image: null });
    const required = configFor({ secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], required: true }) });
    const browser = new Client(required);
    await browser.signIn({ email: mailFails });
    const sent = await answer(browser, { send: "email" });
    expect(sent.headers.get("location")).toContain("error=EmailSignInError");
    // The failed send spent one turn: the next answer is still checked (a wrong code, not an expired wait).
    expect((await answer(browser, { code: "000000", kind: "email" })).headers.get("location")).toContain("error=SecondFactorInvalid");
  });

  test("an unknown second segment is a 400", async () => {
    const browser = new Client(cfg);
    const response = await browser.fetch("/auth/second-factor/nope");
    expect(response.status).toBe(400);
  });
});

describe("sign-in by an emailed code", () => {
  test("a malformed address goes back to the sign-in page with an error, no cookie, nothing stored", async () => {
    const browser = new Client(cfg);
    const before = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM second_factors")).rows[0]!.n;
    const response = await browser.post("/auth/second-factor/email-sign-in", { csrfToken: await browser.csrfToken(), email: "a@b,c@d.com" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("error=EmailSignInError");
    expect(browser.jar.has("latch.email-code")).toBe(false);
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM second_factors")).rows[0]!.n).toBe(before);
  });

  test("a code without an address asked for in this browser ends there", async () => {
    const browser = new Client(cfg);
    const response = await browser.post("/auth/second-factor/email-sign-in", { csrfToken: await browser.csrfToken(), code: "123456" });
    expect(response.headers.get("location")).toBe(expired);
    expect(await browser.session()).toBeNull();
  });

  test("without the CSRF token nothing is sent", async () => {
    const browser = new Client(cfg);
    const response = await browser.post("/auth/second-factor/email-sign-in", { email });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(browser.jar.has("latch.email-code")).toBe(false);
  });
});

test("an adapter without verification tokens is a configuration error that names them", async () => {
  const { useVerificationToken: _dropped, ...partial } = adapter;
  const browser = new Client(configFor({ adapter: partial }));
  const response = await browser.fetch("/auth/session", { headers: { accept: "application/json" } });
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(text).toContain("useVerificationToken");
  expect(hasStackTrace(text)).toBe(false);
});
