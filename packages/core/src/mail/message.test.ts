import { describe, expect, test } from "vitest";
import de from "../features/languages/de.js";
import he from "../features/languages/he.js";
import { verificationEmail } from "./message.js";

const now = new Date("2030-01-01T00:00:00Z");
const url = "https://app.example.com/auth/callback/email?callbackUrl=https%3A%2F%2Fapp.example.com&token=abc&email=a%40b.c";

describe("verificationEmail", () => {
  test("subject, text and HTML name the host, the link and the lifetime", () => {
    const mail = verificationEmail({ url, expires: new Date(now.getTime() + 86_400_000), now });
    expect(mail.subject).toBe("Sign in to app.example.com");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("expires in 24 hours");
    expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain("app\u200b.example\u200b.com");
  });

  test("lifetimes in minutes, hours and days", () => {
    const after = (ms: number) => verificationEmail({ url, expires: new Date(now.getTime() + ms), now }).text;
    expect(after(15 * 60_000)).toContain("expires in 15 minutes");
    expect(after(3 * 3_600_000)).toContain("expires in 3 hours");
    expect(after(7 * 86_400_000)).toContain("expires in 7 days");
  });

  test("brand colour is used when it is a plain colour, never when it could inject CSS", () => {
    const branded = verificationEmail({ url, expires: now, now, theme: { brandColor: "#0b57d0", buttonText: "white" } });
    expect(branded.html).toContain("background:#0b57d0;color:white");
    const hostile = verificationEmail({ url, expires: now, now, theme: { brandColor: 'red;"><script>x</script>' } });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("background:#346df1");
  });

  test("a link with markup in it stays text", () => {
    const mail = verificationEmail({ url: `https://x.example/cb?callbackUrl=%22%3E&email=a"><b>@x`, expires: now, now });
    expect(mail.html).not.toContain('"><b>');
  });

  test("written in the language given: sentences, lifetime in its words, lang and dir", () => {
    const german = verificationEmail({ url, expires: new Date(now.getTime() + 3 * 3_600_000), now, language: { lang: de.code, dir: de.dir, messages: de.messages } });
    expect(german.subject).toBe("Anmeldung bei app.example.com");
    expect(german.text).toMatch(/ist 3\sStunden lang gültig\./);
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    const hebrew = verificationEmail({ url, expires: now, now, language: { lang: he.code, dir: he.dir, messages: he.messages } });
    expect(hebrew.html).toContain('<html lang="he" dir="rtl">');
    expect(hebrew.html).toContain(`>${he.messages.emailButton}</a>`);
  });

  test("a tag the runtime's Intl refuses still gives a lifetime, in English units", () => {
    const mail = verificationEmail({ url, expires: new Date(now.getTime() + 86_400_000), now, language: { lang: "not a tag!", dir: "ltr", messages: de.messages } });
    expect(mail.text).toMatch(/ist 24\shours lang gültig\./);
  });
});
