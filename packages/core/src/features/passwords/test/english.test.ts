/**
 * The English of `Password()` travels with the provider, not with core: through `Auth()` on
 * PGlite, an app with `Password()` shows those sentences (an app's override and a translation
 * win over them), and an app without it serves core's pages without them, also when the query
 * asks for a password notice. Every key has English in core or in exactly one feature.
 */
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AuthConfig } from "@latch/core";
import fr from "@latch/core/languages/fr";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { coreEnglish } from "../../../languages/english/core.js";
import { passwordEnglish } from "../english.js";
import { secondFactorEnglish } from "../../second-factors/english.js";
import { sessionControlEnglish } from "../../session-control/english.js";
import { apiKeyEnglish } from "../../api-keys/english.js";
import { organizationEnglish } from "../../organizations/english.js";
import { adminEnglish } from "../../admin/english.js";
import { Client, baseConfig } from "../../../../test/client.js";

const db = new PGlite();
beforeAll(() => migrate(db));
afterAll(() => db.close());

// No mail is sent here: the transport is configured because `Password()` requires one.
const withPassword = (overrides: Partial<AuthConfig> = {}) =>
  baseConfig({ adapter: PostgresAdapter(db), providers: [Password(), Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" })], ...overrides });

async function page(client: Client, path: string, language?: string): Promise<string> {
  const response = await client.fetch(path, language ? { headers: { "accept-language": language } } : {});
  expect(response.status).toBe(200);
  return response.text();
}

describe("with Password()", () => {
  test("its pages and the sign-in page's links speak its English", async () => {
    const client = new Client(withPassword());
    expect(await page(client, "/auth/password/forgot")).toContain(`<h1>${passwordEnglish.forgotTitle}</h1>`);
    expect(await page(client, "/auth/signin")).toContain(`>${passwordEnglish.signInForgotPassword}</a>`);
    expect(await page(client, "/auth/signin?reset=1")).toContain(passwordEnglish.signInPasswordChanged);
    expect(await page(client, "/auth/verify-request?provider=password&type=reset")).toContain(passwordEnglish.verifyResetSent);
  });

  test("the sign-in page's parts come from the provider: each notice, its button, its links as its options say", async () => {
    const client = new Client(withPassword());
    expect(await page(client, "/auth/signin?emailChanged=1")).toContain(`<div class="notice" role="status"><p>${passwordEnglish.signInEmailChanged}</p></div>`);
    expect(await page(client, "/auth/signin?emailChangeCancelled=1")).toContain(passwordEnglish.signInEmailChangeCancelled);
    const plain = await page(client, "/auth/signin");
    expect(plain).not.toContain('class="notice"');
    expect(plain).toContain(`<button type="submit">${passwordEnglish.signInPasswordSubmit}</button>`);
    expect(plain).toContain(`>${passwordEnglish.signInCreateAccount}</a>`);
    // Sign-up off: no link to it. Under a name of the app's: the button says that name.
    const closed = await page(new Client(withPassword({ providers: [Password({ allowSignUp: false, name: "Staff login" }), Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" })] })), "/auth/signin");
    expect(closed).not.toContain("/auth/signup");
    expect(closed).toContain(`>${passwordEnglish.signInForgotPassword}</a>`);
    expect(closed).toContain("<button type=\"submit\">Sign in with Staff login</button>");
  });

  test("an app's override of a password key wins over its English", async () => {
    const client = new Client(withPassword({ messages: { en: { forgotTitle: "Lost your password?", signInForgotPassword: "Lost it?" } } }));
    const forgot = await page(client, "/auth/password/forgot");
    expect(forgot).toContain("<h1>Lost your password?</h1>");
    expect(forgot).not.toContain(passwordEnglish.forgotTitle);
    expect(await page(client, "/auth/signin")).toContain(">Lost it?</a>");
  });

  test("a translation wins over its English, and an override of the translation over both", async () => {
    const client = new Client(withPassword({ languages: [fr], messages: { fr: { signUpTitle: "Inscription" } } }));
    const forgot = await page(client, "/auth/password/forgot", "fr");
    expect(forgot).toContain(`<h1>${fr.messages.forgotTitle}</h1>`);
    expect(forgot).not.toContain(passwordEnglish.forgotIntro);
    expect(await page(client, "/auth/signup", "fr")).toContain("<h1>Inscription</h1>");
    expect(await page(client, "/auth/signin", "fr")).toContain(`>${fr.messages.signInForgotPassword}</a>`);
  });
});

describe("without Password()", () => {
  test("a reset notice or a sign-up/reset type in the query changes nothing on core's pages", async () => {
    const client = new Client(baseConfig());
    const signIn = await page(client, "/auth/signin?reset=1");
    expect(signIn).not.toContain('class="notice"');
    expect(signIn).not.toContain(passwordEnglish.signInPasswordChanged);
    for (const type of ["signup", "reset"]) {
      expect(await page(client, `/auth/verify-request?type=${type}`)).toContain(coreEnglish.messages.verifySent);
    }
  });

  test("a translated language carries the password sentences, so its pages keep them", async () => {
    const client = new Client(baseConfig({ languages: [fr] }));
    expect(await page(client, "/auth/verify-request?type=signup", "fr")).toContain(fr.messages.verifySignUpSent);
  });
});

describe("the English catalogue", () => {
  test("core's and each feature's English together cover every key a translation carries, each key once", () => {
    const features = [passwordEnglish, secondFactorEnglish, sessionControlEnglish, apiKeyEnglish, organizationEnglish, adminEnglish];
    const keys = [...Object.keys(coreEnglish.messages), ...features.flatMap((english) => Object.keys(english))];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.keys(fr.messages).sort());
  });
});
