import { describe, expect, test } from "vitest";
import { pageLanguage } from "../../pages/language.js";
import { passwordEnglish } from "./english.js";
import { passwordEmail } from "./message.js";

const url = "https://app.example.com/auth/password/reset?token=abc&email=a%40b.c";
// The password emails are written while `Password()` is configured, so its English is there.
const english = pageLanguage(undefined, undefined, [passwordEnglish]);

describe("passwordEmail", () => {
  test("the reset email names the host, the link and the lifetime, and escapes the link in HTML", () => {
    const mail = passwordEmail({ kind: "reset", url, expires: new Date(Date.now() + 3_600_000), language: english });
    expect(mail.subject).toBe("Reset your password for app.example.com");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("expires in 60 minutes");
    expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain("app\u200b.example\u200b.com");
  });

  test("the notice to an existing account has no lifetime and links the forgot page", () => {
    const mail = passwordEmail({ kind: "accountExists", url: "https://app.example.com/auth/password/forgot", language: english });
    expect(mail.subject).toBe("Sign-up attempt on app.example.com");
    expect(mail.text).not.toContain("expires");
    expect(mail.text).toContain("https://app.example.com/auth/password/forgot");
  });

  test("sentences come from the chosen language, with its direction; overridden text is escaped", () => {
    const language = pageLanguage(undefined, { en: { signUpEmailButton: "<b>Go</b>" } }, [passwordEnglish]);
    const mail = passwordEmail({ kind: "signup", url, expires: new Date(Date.now() + 86_400_000), language: { ...language, dir: "rtl" } });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain("&lt;b&gt;Go&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Go</b>");
  });

  test("a brand colour that could inject CSS is not used", () => {
    const mail = passwordEmail({ kind: "reset", url, expires: new Date(), language: english, theme: { brandColor: 'red;"><script>x</script>' } });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("background:#346df1");
  });
});
