import { describe, expect, test } from "vitest";
import ar from "../languages/ar.js";
import { secondFactorEnglish } from "./english.js";
import { pageLanguage } from "../../pages/language.js";
import { renderChallengePage, type ChallengePageProps } from "./challenge-page.js";
import { renderEmailSignInPage } from "./email-sign-in-page.js";

const props: ChallengePageProps = {
  action: "https://app.example/auth/second-factor",
  csrfToken: "a".repeat(64),
  callbackUrl: "https://app.example/home",
  kinds: ["totp", "backup"],
  backup: false,
  remember: false,
  wrong: false,
  sent: false,
  theme: {},
  // The English the option carries: what the pages fall back to when `SecondFactors()` is on.
  language: pageLanguage(undefined, undefined, [secondFactorEnglish]),
};

const kindOf = (html: string) => /name="kind" value="([^"]+)"/.exec(html)?.[1];

describe("renderChallengePage", () => {
  test("asks for the app's code, links to the backup form, carries the CSRF token and callback URL", () => {
    const { status, html } = renderChallengePage(props);
    expect(status).toBe(200);
    expect(kindOf(html)).toBe("totp");
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).toContain('href="https://app.example/auth/second-factor?kind=backup"');
    expect(html).toContain(`name="csrfToken" value="${"a".repeat(64)}"`);
    expect(html).toContain('name="callbackUrl" value="https://app.example/home"');
    expect(html).not.toContain('name="remember"');
    expect(html).not.toContain('name="send"');
    expect(html).not.toContain('role="alert"');
  });

  test("the backup form, the wrong-code alert, remember and email when offered", () => {
    const { html } = renderChallengePage({ ...props, kinds: ["totp", "backup", "email"], backup: true, wrong: true, remember: true });
    expect(kindOf(html)).toBe("backup");
    expect(html).not.toContain('inputmode="numeric"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('name="remember" value="true"');
    expect(html).toContain('name="send" value="email"');
    expect(html).toContain("Use the authenticator app");
  });

  test("a user who can only get an emailed code: the send button first, the code form once sent", () => {
    expect(renderChallengePage({ ...props, kinds: ["email"] }).html).not.toContain('name="code"');
    const sent = renderChallengePage({ ...props, kinds: ["email"], sent: true }).html;
    expect(kindOf(sent)).toBe("email");
    expect(sent).toContain("We sent a code to your email address.");
  });

  test("speaks the chosen language, right to left for Arabic", () => {
    const { html } = renderChallengePage({ ...props, language: pageLanguage(ar) });
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(ar.messages.secondFactorTitle);
  });
});

describe("renderEmailSignInPage", () => {
  test("asks for the address, then for the code with the address escaped", () => {
    const base = { action: "https://app.example/auth/second-factor/email-sign-in", csrfToken: "b".repeat(64), callbackUrl: "https://app.example/", wrong: false, theme: {} };
    expect(renderEmailSignInPage(base).html).not.toContain('name="code"');
    const { html } = renderEmailSignInPage({ ...base, email: '"><img src=x>@example.com' });
    expect(html).toContain('name="code"');
    expect(html).not.toContain("<img src=x>");
    expect(html).toContain("&lt;img src=x&gt;@example.com");
  });
});
