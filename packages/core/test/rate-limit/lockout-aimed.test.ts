/**
 * The lockout cannot be aimed at a victim, through Express behind a trusted proxy (each browser
 * on its own network), with real SMTP and PGlite, on the memory store and on Redis: the backoff
 * is per account and client, a browser that signed in before keeps its own, password failures
 * never hold back the email link, and a spent reset link lifts every lock of the account.
 */
import type { AuthConfig } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { SecondFactors } from "@latch/core/second-factors";
import type { SmtpTestServer, TestBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { Client, origin, quietLogger } from "../client.js";
import { clearOfStepEnd, enrolTotp, totp } from "../second-factor-client.js";
import { passphrase, stores, useNetworkHarness, type NetworkHarness } from "./network-harness.js";

let smtp: SmtpTestServer;
let h: NetworkHarness;
useNetworkHarness((running) => ({ smtp, harness: h } = running));

const victimNetwork = "198.51.100.20";
const attackerNetworks = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"];

/** `count` wrong passwords for `email`, each from a fresh browser on `network`: refused, or past a limit. */
async function fail(email: string, network: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await h.signIn(h.browser(network), email, `wrong guess ${i}`);
    if (answer.status === 429) continue;
    expect(new URL(answer.headers.get("location")!).searchParams.get("error")).toBe("CredentialsSignin");
  }
}

async function linkIn(to: string, path: string): Promise<URL> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(url);
}

describe.each(stores("lockout-aimed"))("on the $name store", ({ make }) => {
  test("failures from other networks never lock out the victim's network; the attacker's network backs off", async () => {
    // The per-account flood limit is raised here: this test is about the backoff.
    h.configure({ store: make(), routes: { credentials: { ip: 100, account: 100 } } });
    const victim = await h.member();
    for (const network of attackerNetworks) await fail(victim.email, network, 1);
    await fail(victim.email, attackerNetworks[0]!, 4);
    // The attacker's own network is locked out: even the right password is not tried there.
    expect((await h.signIn(h.browser(attackerNetworks[0]!), victim.email, passphrase)).status).toBe(429);
    // The victim, on their own network, signs in.
    const browser = h.browser(victimNetwork);
    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/home`);
    expect(await h.session(browser)).toMatchObject({ user: { email: victim.email } });
  });

  test("a browser that signed in before is exempt: failures from its own network and others, at the default limits, do not stop it", async () => {
    h.configure({ store: make() });
    const victim = await h.member();
    const browser = h.browser(victimNetwork);
    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/home`);
    expect(browser.cookies(h.origin).some((c) => c.name === "latch.trusted-device")).toBe(true);
    await browser.fetch(`${h.base}/signout`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken: ((await (await browser.fetch(`${h.base}/csrf`)).json()) as { csrfToken: string }).csrfToken }) });
    expect(await h.session(browser)).toBeNull();

    // Five failures from the victim's own network (a shared address), then more from elsewhere.
    await fail(victim.email, victimNetwork, 5);
    for (const network of attackerNetworks.slice(0, 2)) await fail(victim.email, network, 1);
    // A new browser on that network is locked out; the one that signed in before is not.
    expect((await h.signIn(h.browser(victimNetwork), victim.email, passphrase)).status).toBe(429);
    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/home`);
  });

  test("password failures never hold back the email link", async () => {
    h.configure({ store: make() });
    const victim = await h.member();
    await fail(victim.email, victimNetwork, 6);
    expect((await h.signIn(h.browser(victimNetwork), victim.email, passphrase)).status).toBe(429);
    const browser = h.browser(victimNetwork);
    expect((await h.post(browser, "/signin/nodemailer", { email: victim.email })).status).toBe(302);
    const link = await linkIn(victim.email, "/auth/callback/nodemailer");
    expect((await browser.fetch(link)).headers.get("location")).toBe(`${h.origin}/home`);
    expect(await h.session(browser)).toMatchObject({ user: { email: victim.email } });
  });

  test("a spent reset link lifts the lock of the account on every network", async () => {
    h.configure({ store: make() });
    const victim = await h.member();
    await fail(victim.email, victimNetwork, 6);
    await fail(victim.email, attackerNetworks[1]!, 6);
    const browser = h.browser(victimNetwork);
    expect((await h.signIn(browser, victim.email, passphrase)).status).toBe(429);

    expect((await h.post(browser, "/password/forgot", { email: victim.email })).status).toBe(302);
    const link = await linkIn(victim.email, "/auth/password/reset");
    const reset = await h.post(browser, "/password/reset", { token: link.searchParams.get("token")!, email: victim.email, password: "a brand new passphrase" });
    expect(reset.headers.get("location")).toContain("reset=1");
    expect((await h.signIn(browser, victim.email, "a brand new passphrase")).headers.get("location")).toBe(`${h.origin}/home`);
    expect((await h.signIn(h.browser(attackerNetworks[1]!), victim.email, "a brand new passphrase")).headers.get("location")).toBe(`${h.origin}/home`);
  });
});

/** JSON POSTs with the CSRF token, as a signed-in script in `browser`. */
function jsonPost(browser: TestBrowser) {
  return async (path: string, body: Record<string, unknown>) => {
    const { csrfToken } = (await (await browser.fetch(`${h.base}/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${h.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csrfToken, ...body }),
    });
  };
}

describe.each(stores("device-cookie"))("one device cookie, on the $name store", ({ make }) => {
  test("it carries both facts: this browser signed in before (lockout) and its second factor is remembered", async () => {
    h.configure({ store: make() }, { secondFactor: SecondFactors({ rememberDevice: { maxAge: 3600 } }) });
    const victim = await h.member();
    const browser = h.browser(victimNetwork);
    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/home`);
    // Clear of a 30-second step boundary: the confirmation uses the previous step's code.
    await clearOfStepEnd(5_000);
    const enrolled = await enrolTotp(jsonPost(browser));
    const signOut = async () => h.post(browser, "/signout", {});
    await signOut();

    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/auth/second-factor`);
    const right = await h.post(browser, "/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1), kind: "totp", remember: "true" });
    expect(right.headers.get("location")).toBe(`${h.origin}/home`);
    expect(right.headers.getSetCookie().filter((c) => c.startsWith("latch.trusted-device="))).toHaveLength(1);
    await signOut();

    // Others lock the victim's network out; this browser signs in at once, without the challenge.
    await fail(victim.email, victimNetwork, 6);
    expect((await h.signIn(h.browser(victimNetwork), victim.email, passphrase)).status).toBe(429);
    expect((await h.signIn(browser, victim.email, passphrase)).headers.get("location")).toBe(`${h.origin}/home`);
  });
});

describe.each(stores("lockout-unknown-device"))("without a client address (Next.js without a declared one), on the $name store", ({ make }) => {
  function config(store: RateLimitStore): AuthConfig {
    return {
      secret: "network-harness-secret-0123456789-abcdefghijklmnop",
      trustHost: true,
      adapter: h.adapter,
      session: { strategy: "database" },
      providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
      rateLimit: RateLimit({ store }),
      logger: quietLogger().logger,
    };
  }
  const signIn = async (client: Client, email: string, password: string) => client.post("/auth/callback/password", { csrfToken: await client.csrfToken(), email, password, callbackUrl: `${origin}/home` });

  test("requests with neither address nor device cookie share one bucket, whose lock never blocks a known device or the email link", async () => {
    const cfg = config(make());
    const victim = await h.member();
    const known = new Client(cfg);
    expect((await signIn(known, victim.email, passphrase)).headers.get("location")).toBe(`${origin}/home`);
    for (let i = 0; i < 6; i++) await signIn(new Client(cfg), victim.email, `wrong guess ${i}`);
    expect((await signIn(new Client(cfg), victim.email, passphrase)).status).toBe(429);
    // The browser that signed in before has its own bucket.
    expect((await signIn(known, victim.email, passphrase)).headers.get("location")).toBe(`${origin}/home`);
    // The email link is another backoff.
    const fresh = new Client(cfg);
    expect((await fresh.post("/auth/signin/nodemailer", { csrfToken: await fresh.csrfToken(), email: victim.email, callbackUrl: `${origin}/home` })).status).toBe(302);
    const url = await linkIn(victim.email, "/auth/callback/nodemailer");
    expect((await fresh.fetch(url.pathname + url.search)).headers.get("location")).toBe(`${origin}/home`);
  });
});
