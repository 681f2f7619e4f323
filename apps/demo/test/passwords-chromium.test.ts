/**
 * Accounts with a password in the demo exactly as `npm start` runs it, driven in real Chromium:
 * sign-up → the confirmation email in the development outbox → signed in → signed out → signed
 * in with the password, a wrong one refused; a 7-character and a common password refused with
 * their messages; forgot → the reset email → a new password, after which the old one is refused
 * and another browser that was signed in is signed out; a sign-up with a taken address and a
 * reset for an unknown one answer like any other; the password changed from the home page; a
 * German browser gets German pages and emails, an Arabic one Arabic pages right to left. The
 * sentences looked for are the catalogues', so a renamed key or a page that stops showing its
 * message fails here.
 */
import ar from "@latch/core/languages/ar";
import de from "@latch/core/languages/de";
import en from "@latch/core/languages/en";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { OutboxMailKind } from "../src/outbox.js";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

const run = await chromiumAvailable();
const text = en.messages;

describe.runIf(run)("accounts with a password, npm start, in Chromium", { timeout: 180_000 }, () => {
  let browser: Browser;
  let demo: StartedDemo;
  let origin: string;
  const problems: string[] = [];
  /** Failed responses a test provokes on purpose (the error page of a spent link). */
  const provoked: RegExp[] = [];
  const expectFailure = (url: RegExp) => provoked.push(url);

  beforeAll(async () => {
    demo = startDemo({ port: await freePort(), oidcPort: await freePort() });
    [browser, origin] = await Promise.all([launchChromium(), demo.ready]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  /** A new browser (its own cookies) with one page, whose errors and failed requests are recorded. */
  async function open(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      // Chromium also logs a provoked failed response on the console.
      if (message.type() === "error" && !provoked.some((url) => url.test(message.location().url))) problems.push(`console: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400 && !provoked.some((url) => url.test(response.url()))) problems.push(`${response.status()} ${response.url()}`);
    });
    return { context, page };
  }

  const signInUrl = () => `${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`;

  /** The home page's "who is signed in" card, freshly loaded. */
  async function who(page: Page): Promise<string> {
    await page.goto(`${origin}/`);
    return (await page.locator("#who").textContent()) ?? "";
  }

  async function signOut(page: Page): Promise<void> {
    await page.goto(`${origin}/auth/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/signout"));
  }

  /** Clicks the form's submit button and waits for the page it leads to. */
  async function submit(page: Page, form: Locator): Promise<void> {
    await Promise.all([page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame()), form.locator("button[type=submit]").click()]);
    await page.waitForLoadState();
  }

  /** Fills and sends the Password provider's form of the sign-in page. */
  async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
    await page.goto(signInUrl());
    const form = page.locator("form[action$='/auth/callback/password']");
    await form.locator("input[name=email]").fill(email);
    await form.locator("input[name=password]").fill(password);
    await submit(page, form);
  }

  /**
   * Fills and sends the sign-up page's form (the page must be open). `unchecked` sends it as a
   * browser without form validation (or a script) would, so that the server's own check answers.
   */
  async function submitSignUp(page: Page, fields: { email: string; password: string; name?: string }, unchecked = false): Promise<void> {
    const form = page.locator("form[action$='/auth/signup']");
    if (fields.name) await form.locator("input[name=name]").fill(fields.name);
    await form.locator("input[name=email]").fill(fields.email);
    await form.locator("input[name=password]").fill(fields.password);
    if (unchecked) await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await submit(page, form);
  }

  /** Whether the browser itself holds the form back because the password field is too short. */
  async function browserRefusesShort(page: Page, formSelector: string, password: string): Promise<boolean> {
    const form = page.locator(formSelector);
    const field = form.locator("input[type=password]").last();
    await field.fill(password);
    const before = page.url();
    await form.locator("button[type=submit]").click();
    const tooShort = await field.evaluate((input: HTMLInputElement) => input.validity.tooShort);
    return tooShort && page.url() === before;
  }

  /** The link of the newest outbox email of `kind` to `to`, or undefined when there is none. */
  async function mailLink(page: Page, to: string, kind: OutboxMailKind): Promise<string | undefined> {
    await page.goto(`${origin}/dev/outbox`);
    const link = page.locator(`.mail[data-to="${to}"][data-kind="${kind}"] a[href]`).first();
    return (await link.count()) ? ((await link.getAttribute("href")) ?? undefined) : undefined;
  }

  /** How many outbox emails went to `to`. */
  async function mailsTo(page: Page, to: string): Promise<number> {
    await page.goto(`${origin}/dev/outbox`);
    return page.locator(`.mail[data-to="${to}"]`).count();
  }

  /** Signs up through the pages and opens the confirmation link: the page ends signed in. */
  async function signUpAndConfirm(page: Page, email: string, password: string, name: string): Promise<void> {
    await page.goto(`${origin}/auth/signup?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await submitSignUp(page, { email, password, name });
    expect(new URL(page.url()).pathname).toBe("/auth/verify-request");
    const link = await mailLink(page, email, "verify-email");
    expect(link, "the confirmation email").toBeDefined();
    await page.goto(link!);
    await page.waitForURL(`${origin}/`);
  }

  const main = async (page: Page) => (await page.locator("body").textContent()) ?? "";

  test("sign up, confirm from the outbox, sign out, sign in with the password; a wrong one is refused", async () => {
    const { context, page } = await open();
    const email = "ada@example.com";
    const password = "violet staircase 42";

    await page.goto(signInUrl());
    await page.getByRole("link", { name: text.signInCreateAccount }).click();
    await page.waitForURL((url) => url.pathname === "/auth/signup");
    await submitSignUp(page, { email, password, name: "Ada Lovelace" });
    const sent = new URL(page.url());
    expect(sent.pathname).toBe("/auth/verify-request");
    expect(sent.searchParams.get("type")).toBe("signup");
    expect(await main(page)).toContain(text.verifySignUpSent);

    // Before the address is confirmed the password does not sign in.
    await signInWithPassword(page, email, password);
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    expect(await who(page)).toContain("You are not signed in");

    const link = await mailLink(page, email, "verify-email");
    expect(link).toMatch(new RegExp(`^${origin}/auth/verify-email\\?`));
    await page.goto(link!);
    await page.waitForURL(`${origin}/`);
    expect(await who(page)).toContain("Hello, Ada Lovelace");
    expect(await who(page)).toContain(email);

    await signOut(page);
    expect(await who(page)).toContain("You are not signed in");

    await signInWithPassword(page, email, "violet staircase 43");
    const refused = new URL(page.url());
    expect(refused.pathname).toBe("/auth/signin");
    expect(refused.searchParams.get("error")).toBe("CredentialsSignin");
    expect(await main(page)).toContain(text.signInErrorCredentialsSignin);
    expect(await who(page)).toContain("You are not signed in");

    await signInWithPassword(page, email, password);
    expect(await who(page)).toContain("Hello, Ada Lovelace");

    // The confirmation link worked once.
    const again = await context.request.get(link!, { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toContain("error=Verification");
    await context.close();
  });

  test("a 7-character password and a common one are refused with their messages, and nothing is mailed", async () => {
    const { context, page } = await open();
    const email = "short@example.com";
    // The home page offers the sign-up to visitors.
    await page.goto(`${origin}/`);
    await page.locator("#passwords").getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/signup");
    expect(await main(page)).toContain(text.passwordHint.replace("{minimum}", "8"));
    // The field says its minimum, so the browser refuses first…
    await page.locator("form[action$='/auth/signup'] input[name=email]").fill(email);
    expect(await browserRefusesShort(page, "form[action$='/auth/signup']", "abc1234")).toBe(true);
    // …and a browser that does not check meets the server's refusal, with its message.
    await submitSignUp(page, { email, password: "abc1234" }, true);
    expect(new URL(page.url()).pathname).toBe("/auth/signup");
    expect(new URL(page.url()).searchParams.get("error")).toBe("PasswordTooShort");
    expect(await main(page)).toContain(text.passwordTooShort.replace("{minimum}", "8"));

    await submitSignUp(page, { email, password: "password1" });
    expect(new URL(page.url()).searchParams.get("error")).toBe("PasswordCommon");
    expect(await main(page)).toContain(text.passwordCommon);

    expect(await mailsTo(page, email)).toBe(0);
    await context.close();
  });

  test("in a German browser the sign-up page, its refusal and the confirmation email speak German", async () => {
    const { context, page } = await open({ locale: "de-DE" });
    const email = "klara@example.com";
    await page.goto(`${origin}/auth/signup`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.title()).toContain(de.messages.signUpTitle);
    expect(await main(page)).toContain(de.messages.passwordHint.replace("{minimum}", "8"));
    await submitSignUp(page, { email, password: "password1" });
    expect(new URL(page.url()).searchParams.get("error")).toBe("PasswordCommon");
    expect(await main(page)).toContain(de.messages.passwordCommon);

    await submitSignUp(page, { email, password: "sieben Zwerge hinter" });
    expect(await main(page)).toContain(de.messages.verifySignUpSent);
    await page.goto(`${origin}/dev/outbox`);
    const subject = await page.locator(`.mail[data-to="${email}"][data-kind="verify-email"] .subject`).textContent();
    expect(subject).toBe(de.messages.signUpEmailSubject.replace("{host}", new URL(origin).host));
    await context.close();
  });

  test("in an Arabic browser the forgot-password page runs right to left, in Arabic", async () => {
    const { context, page } = await open({ locale: "ar" });
    await page.goto(`${origin}/auth/signin`);
    await page.getByRole("link", { name: ar.messages.signInForgotPassword }).click();
    await page.waitForURL((url) => url.pathname === "/auth/password/forgot");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    expect(await main(page)).toContain(ar.messages.forgotIntro);
    expect(await page.locator("form[action$='/auth/password/forgot'] button[type=submit]").textContent()).toContain(ar.messages.forgotSubmit);
    await context.close();
  });

  test("forgot → reset: the old password is refused, the new one signs in, and the other browser is signed out", async () => {
    const email = "grace@example.com";
    const oldPassword = "copper lantern 77";
    const newPassword = "quiet harbour 19";
    const first = await open();
    await signUpAndConfirm(first.page, email, oldPassword, "Grace Hopper");
    const other = await open();
    await signInWithPassword(other.page, email, oldPassword);
    expect(await who(other.page)).toContain("Hello, Grace Hopper");

    const { page } = first;
    await signOut(page);
    await page.goto(signInUrl());
    await page.getByRole("link", { name: text.signInForgotPassword }).click();
    await page.waitForURL((url) => url.pathname === "/auth/password/forgot");
    await page.locator("form[action$='/auth/password/forgot'] input[name=email]").fill(email);
    await submit(page, page.locator("form[action$='/auth/password/forgot']"));
    expect(new URL(page.url()).pathname).toBe("/auth/verify-request");
    expect(new URL(page.url()).searchParams.get("type")).toBe("reset");
    expect(await main(page)).toContain(text.verifyResetSent);

    const link = await mailLink(page, email, "reset");
    expect(link).toMatch(new RegExp(`^${origin}/auth/password/reset\\?`));
    await page.goto(link!);
    const resetForm = page.locator("form[action$='/auth/password/reset']");
    // A refused password keeps the link usable.
    expect(await browserRefusesShort(page, "form[action$='/auth/password/reset']", "2short")).toBe(true);
    await resetForm.evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await submit(page, resetForm);
    expect(new URL(page.url()).searchParams.get("error")).toBe("PasswordTooShort");
    expect(await main(page)).toContain(text.passwordTooShort.replace("{minimum}", "8"));
    await resetForm.locator("input[name=password]").fill(newPassword);
    await submit(page, resetForm);
    expect(new URL(page.url()).pathname).toBe("/auth/signin");
    expect(new URL(page.url()).searchParams.get("reset")).toBe("1");
    expect(await main(page)).toContain(text.signInPasswordChanged);
    expect(await who(page)).toContain("You are not signed in");

    // Every session of the account ended, the other browser's too.
    expect(await who(other.page)).toContain("You are not signed in");

    // The reset link works once: opened again it shows the form, whose answer is the
    // forgot-password page saying the reset link (not a sign-in link) is spent.
    await page.goto(link!);
    await resetForm.locator("input[name=password]").fill("third attempt 55");
    await submit(page, resetForm);
    expect(new URL(page.url()).pathname).toBe("/auth/password/forgot");
    expect(new URL(page.url()).searchParams.get("error")).toBe("Verification");
    expect(await main(page)).toContain(text.passwordResetLinkUsed);

    await signInWithPassword(page, email, oldPassword);
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    await signInWithPassword(page, email, "third attempt 55");
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    await signInWithPassword(page, email, newPassword);
    expect(await who(page)).toContain("Hello, Grace Hopper");
    await Promise.all([first.context.close(), other.context.close()]);
  });

  test("a reset for an unknown address answers the same and mails nobody", async () => {
    const { context, page } = await open();
    const email = "nobody-here@example.com";
    await page.goto(`${origin}/auth/password/forgot`);
    await page.locator("form[action$='/auth/password/forgot'] input[name=email]").fill(email);
    await submit(page, page.locator("form[action$='/auth/password/forgot']"));
    expect(new URL(page.url()).pathname).toBe("/auth/verify-request");
    expect(new URL(page.url()).searchParams.get("type")).toBe("reset");
    expect(await main(page)).toContain(text.verifyResetSent);
    expect(await mailsTo(page, email)).toBe(0);
    await context.close();
  });

  test("a sign-up with a taken address answers the same; the owner gets a notice, the password is not set", async () => {
    const email = "linus@example.com";
    const owner = await open();
    await signUpAndConfirm(owner.page, email, "granite meadow 31", "Linus");
    const { context, page } = await open();
    await page.goto(`${origin}/auth/signup`);
    await submitSignUp(page, { email, password: "intruder chosen 99" });
    expect(new URL(page.url()).pathname).toBe("/auth/verify-request");
    expect(new URL(page.url()).searchParams.get("type")).toBe("signup");
    expect(await main(page)).toContain(text.verifySignUpSent);

    const notice = await mailLink(page, email, "signup-notice");
    expect(notice).toBe(`${origin}/auth/password/forgot`);
    // One confirmation email: the owner's own, from the first sign-up.
    expect(await page.locator(`.mail[data-to="${email}"][data-kind="verify-email"]`).count()).toBe(1);

    await signInWithPassword(page, email, "intruder chosen 99");
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    await signInWithPassword(page, email, "granite meadow 31");
    expect(await who(page)).toContain("Hello, Linus");
    await Promise.all([owner.context.close(), context.close()]);
  });

  test("change the password from the home page: the other browser is signed out, this one stays", async () => {
    const email = "hedy@example.com";
    const first = await open();
    await signUpAndConfirm(first.page, email, "amber compass 58", "Hedy Lamarr");
    const other = await open();
    await signInWithPassword(other.page, email, "amber compass 58");
    expect(await who(other.page)).toContain("Hello, Hedy Lamarr");

    const { page } = first;
    await page.goto(`${origin}/`);
    await page.locator("#passwords").getByRole("link", { name: "Change your password" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/password/change");
    const form = () => page.locator("form[action$='/auth/password/change']");
    await form().locator("input[name=currentPassword]").fill("amber compass 59");
    await form().locator("input[name=newPassword]").fill("silver orchard 64");
    await submit(page, form());
    expect(new URL(page.url()).pathname).toBe("/auth/password/change");
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    expect(await main(page)).toContain(text.passwordWrongCurrent);
    expect(await who(other.page)).toContain("Hello, Hedy Lamarr");

    await page.goto(`${origin}/`);
    await page.locator("#passwords").getByRole("link", { name: "Change your password" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/password/change");
    await form().locator("input[name=currentPassword]").fill("amber compass 58");
    await form().locator("input[name=newPassword]").fill("silver orchard 64");
    await submit(page, form());
    expect(page.url()).toBe(`${origin}/`);
    expect(await who(page)).toContain("Hello, Hedy Lamarr");
    expect(await who(other.page)).toContain("You are not signed in");

    await signOut(page);
    await signInWithPassword(page, email, "amber compass 58");
    expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin");
    await signInWithPassword(page, email, "silver orchard 64");
    expect(await who(page)).toContain("Hello, Hedy Lamarr");
    await Promise.all([first.context.close(), other.context.close()]);
  });

  test("no page threw, logged an error or met a failed request", () => {
    expect(problems).toEqual([]);
  });
});
