/**
 * `Password()`'s form on the built-in sign-in page, through `Auth()` on PGlite: its button and
 * field labels come from the language catalogue in the reader's language, unless the app gave
 * the provider its own `name` or `credentials`, which are then shown as they are.
 */
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import de from "@latch/core/languages/de";
import ja from "@latch/core/languages/ja";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { coreEnglish } from "../../../languages/english/core.js";
import { passwordEnglish } from "../english.js";
import { Client, baseConfig } from "../../../../test/client.js";

const db = new PGlite();
beforeAll(() => migrate(db));
afterAll(() => db.close());

// No mail is sent here: the transport is configured because `Password()` requires one.
function client(password = Password()): Client {
  const mail = Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" });
  return new Client(baseConfig({ adapter: PostgresAdapter(db), providers: [password, mail], languages: [de, ja] }));
}

/** The labels and the button of the password form of the sign-in page, in `language`. */
async function passwordForm(c: Client, language: string): Promise<{ labels: string[]; button: string }> {
  const response = await c.fetch("/auth/signin", { headers: { "accept-language": language } });
  expect(response.status).toBe(200);
  const form = /<form method="post" action="[^"]*\/callback\/password">([\s\S]*?)<\/form>/.exec(await response.text())?.[1];
  expect(form).toBeDefined();
  const labels = [...form!.matchAll(/<label for="[^"]+">([^<]*)<\/label>/g)].map((m) => m[1]!);
  const button = /<button type="submit">([^<]*)<\/button>/.exec(form!)?.[1] ?? "";
  return { labels, button };
}

describe("Password()'s sign-in form", () => {
  test("speaks the reader's language when the app set no name or labels", async () => {
    const c = client();
    expect(await passwordForm(c, "de")).toEqual({
      labels: [de.messages.signInEmailLabel, de.messages.signInPasswordLabel],
      button: de.messages.signInPasswordSubmit,
    });
    expect(await passwordForm(c, "ja")).toEqual({
      labels: [ja.messages.signInEmailLabel, ja.messages.signInPasswordLabel],
      button: ja.messages.signInPasswordSubmit,
    });
    expect(await passwordForm(c, "en")).toEqual({
      labels: [coreEnglish.messages.signInEmailLabel, passwordEnglish.signInPasswordLabel],
      button: passwordEnglish.signInPasswordSubmit,
    });
    expect(de.messages.signInPasswordSubmit).not.toBe(passwordEnglish.signInPasswordSubmit);
  });

  test("an app's own name stays on the button, in the language's sentence; the labels are still translated", async () => {
    const form = await passwordForm(client(Password({ name: "Intranet" })), "de");
    expect(form.button).toBe(de.messages.signInWith.replace("{provider}", "Intranet"));
    expect(form.labels).toEqual([de.messages.signInEmailLabel, de.messages.signInPasswordLabel]);
  });

  test("an app's own fields keep their labels; the button is still translated", async () => {
    const credentials = {
      email: { label: "Work email", type: "email", required: true },
      password: { label: "Passphrase", type: "password", required: true },
    };
    const form = await passwordForm(client(Password({ credentials })), "de");
    expect(form.labels).toEqual(["Work email", "Passphrase"]);
    expect(form.button).toBe(de.messages.signInPasswordSubmit);
  });
});
