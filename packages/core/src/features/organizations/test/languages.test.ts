/**
 * The invitation mail's language, over real HTTP (node:http in front of `Auth()`), stored through
 * `@latch/pg` on PGlite and mailed to the testing SMTP server: the mail is written in the language
 * chosen for the request that sends it (`Accept-Language` among the app's `languages`), a resend
 * in the resending request's, right-to-left languages marked so, every value escaped; an app
 * that configures no language mails English, with its overrides.
 */
import type { AuthConfig } from "@latch/core";
import { ar, de, he } from "@latch/core/languages";
import { Organizations } from "@latch/core/organizations";
import { migrate } from "@latch/pg";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { organizationEnglish } from "../english.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "./harness.js";

// The mail's language does not depend on the storage: PGlite is enough.
const [, open] = (await pgEngines())[0]!;

type Sentences = typeof organizationEnglish;

/** `sentence` with its placeholders filled in as plain text. */
const filled = (sentence: string, values: Record<string, string>) => sentence.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

describe("the invitation mail's language", () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let alice: Browser;
  let counted: ReturnType<typeof countedAdapter>;
  const configOf = (overrides: Partial<AuthConfig> = {}) => organizationsConfig(counted.adapter, smtp, { organizations: Organizations(), ...overrides });
  let host = "";

  beforeAll(async () => {
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    counted = countedAdapter(engine.db);
    latch = await serveLatch(configOf({ languages: [ar, de, he] }));
    host = new URL(latch.origin).host;
    alice = await new Browser(latch.origin).signIn("alice");
  });
  afterAll(async () => {
    await latch?.close();
    await smtp?.close();
    await engine?.close();
  });

  /** Makes an organization named `name` as alice; its id. */
  async function organization(name: string, slug: string): Promise<string> {
    const response = await alice.post("organizations/create", { name, slug });
    expect(response.status).toBe(201);
    return ((await response.json()) as { organization: { id: string } }).organization.id;
  }

  /** Invites `email` as alice, the request asking for `language`; the mail that arrives. */
  async function invite(organizationId: string, email: string, language: string, role?: string): Promise<{ mail: ReceivedMail; invitationId: string }> {
    const response = await alice.post("organizations/invitations/create", { organizationId, email, ...(role && { role }) }, { headers: { "accept-language": language } });
    expect(response.status).toBe(201);
    const { invitation } = (await response.json()) as { invitation: { id: string } };
    return { mail: await smtp.waitForMail({ to: email }), invitationId: invitation.id };
  }

  /** Checks that `mail` says `sentences` for the invitation to `organization` with `role`. */
  function expectWritten(mail: ReceivedMail, sentences: Sentences, organization: string, role: string) {
    const values = { organization, inviter: people.alice.name, role, host };
    expect(mail.subject).toBe(filled(sentences.invitationEmailSubject, values));
    expect(mail.text).toContain(filled(sentences.invitationEmailText, values));
    expect(mail.text).toContain(sentences.invitationEmailIgnore);
    const [before, after] = sentences.invitationEmailExpires.split("{time}");
    expect(mail.text).toContain(before);
    expect(mail.text).toContain(after);
    expect(mail.html).toContain(`>${sentences.invitationEmailButton}</a>`);
    expect(mail.urls.some((url) => url.includes("/organizations/invitations/accept?"))).toBe(true);
  }

  test("`Accept-Language: de` gets the mail in German, its lifetime written by Intl in German", async () => {
    const id = await organization("Acme", "acme-de");
    const { mail } = await invite(id, people.bob.email, "de-AT, en;q=0.5", "admin");
    expectWritten(mail, de.messages, "Acme", "admin");
    expect(mail.subject).not.toBe(filled(organizationEnglish.invitationEmailSubject, { organization: "Acme" }));
    expect(mail.html).toContain(`<html lang="de" dir="ltr">`);
    expect(mail.text).toContain(new Intl.NumberFormat("de", { style: "unit", unit: "day", unitDisplay: "long" }).format(7));
  });

  test("`Accept-Language: ar` gets the mail in Arabic, laid out right to left, the values escaped in its HTML", async () => {
    const name = `Tools <b>&</b> "Co"`;
    const id = await organization(name, "tools-ar");
    const { mail } = await invite(id, people.carol.email, "ar");
    expectWritten(mail, ar.messages, name, "member");
    expect(mail.html).toContain(`<html lang="ar" dir="rtl">`);
    expect(mail.html).toContain("Tools &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot;");
    expect(mail.html).not.toContain("<b>&</b>");
  });

  test("a resend is written in the resending request's language, not the first one's", async () => {
    const id = await organization("Resent", "resent-he");
    const { invitationId } = await invite(id, people.dave.email, "de");
    const again = await alice.post("organizations/invitations/resend", { organizationId: id, invitationId }, { headers: { "accept-language": "he-IL" } });
    expect(again.status).toBe(200);
    const mail = await smtp.waitForMail({ to: people.dave.email });
    expectWritten(mail, he.messages, "Resent", "member");
    expect(mail.html).toContain(`<html lang="he" dir="rtl">`);
  });

  test("an app that configures no language mails English whatever the request asks, with its own overrides", async () => {
    latch.config = configOf({ messages: { en: { invitationEmailButton: "Join the team" } } });
    try {
      const id = await organization("English only", "english-only");
      const { mail } = await invite(id, "new-person@example.com", "de, ar;q=0.9");
      expectWritten(mail, { ...organizationEnglish, invitationEmailButton: "Join the team" }, "English only", "member");
      expect(mail.html).toContain(`<html lang="en" dir="ltr">`);
      expect(mail.html).not.toContain(organizationEnglish.invitationEmailButton);
    } finally {
      latch.config = configOf({ languages: [ar, de, he] });
    }
  });
});
