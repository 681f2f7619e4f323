/**
 * Every route that sends mail is limited per address and per user, and routes whose limit names
 * no account are keyed by the signed-in user when no client address is known. Through Express
 * behind a trusted proxy (one network per browser) and through `Auth()` without an address (as
 * Next.js without a declared one), with real SMTP and PGlite, on the memory store and on Redis.
 */
import type { AuthConfig } from "@latch/core";
import Password from "@latch/core/providers/password";
import { RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { SecondFactors } from "@latch/core/second-factors";
import type { SmtpTestServer, TestBrowser } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { Client, origin, quietLogger } from "../client.js";
import { enrolTotp, type JsonPost } from "../second-factor-client.js";
import { passphrase, stores, useNetworkHarness, type NetworkHarness } from "./network-harness.js";

let smtp: SmtpTestServer;
let h: NetworkHarness;
useNetworkHarness((running) => ({ smtp, harness: h } = running));

const networks = ["203.0.113.11", "203.0.113.12", "203.0.113.13", "203.0.113.14", "203.0.113.15"];
const secondFactor = () => SecondFactors({ factors: ["totp", "backup", "email"] });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;

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

describe.each(stores("mail-limits"))("on the $name store", ({ make }) => {
  test("emailed sign-in codes: the 4th for one address in the window is refused from any network and not sent; an unknown address gets the same answers", async () => {
    h.configure({ store: make() }, { secondFactor: secondFactor() });
    const user = await h.member();
    const ask = (email: string, network: string) => h.post(h.browser(network), "/second-factor/email-sign-in", { email });
    const known: number[] = [];
    for (const network of networks.slice(0, 4)) known.push((await ask(user.email, network)).status);
    expect(known).toEqual([302, 302, 302, 429]);
    expect(mailsTo(user.email)).toBe(3);
    const unknown: number[] = [];
    for (const network of networks.slice(0, 4)) unknown.push((await ask("nobody-here@example.com", network)).status);
    expect(unknown).toEqual(known);
  });

  test("the challenge's emailed codes go into the same address bucket, and are counted per user", async () => {
    // Second factors required and no app set up: the challenge's way to answer is an emailed code
    // (a user with an app is never offered one).
    h.configure({ store: make() }, { secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], required: true }) });
    const user = await h.member();
    smtp.clear();

    // Two sign-in codes asked from two networks…
    for (const network of networks.slice(1, 3)) expect((await h.post(h.browser(network), "/second-factor/email-sign-in", { email: user.email })).status).toBe(302);
    // …leave one for the challenge of a sign-in waiting on a third.
    const browser = h.browser(networks[3]!);
    expect((await h.signIn(browser, user.email, passphrase)).headers.get("location")).toBe(`${h.origin}/auth/second-factor`);
    const send = () => h.post(browser, "/second-factor", { send: "email" });
    expect((await send()).headers.get("location")).toBe(`${h.origin}/auth/second-factor?sent=email`);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mailsTo(user.email)).toBe(3);
  });

  test("mail fails closed: with the store down, no code is sent and the answer is 503", async () => {
    const down: RateLimitStore = {
      hit: () => Promise.reject(new Error("store down")),
      get: () => Promise.reject(new Error("store down")),
      set: () => Promise.reject(new Error("store down")),
      delete: () => Promise.reject(new Error("store down")),
    };
    h.configure({ store: down }, { secondFactor: secondFactor() });
    const user = await h.member();
    for (const path of ["/second-factor/email-sign-in", "/password/forgot", "/signin/nodemailer"]) {
      expect((await h.post(h.browser(networks[0]!), path, { email: user.email })).status).toBe(503);
    }
    expect(mailsTo(user.email)).toBe(0);
  });
});

describe.each(stores("mail-limits-subject"))("without a client address (Next.js without a declared one), on the $name store", ({ make }) => {
  function config(store: RateLimitStore): AuthConfig {
    return {
      secret: "network-harness-secret-0123456789-abcdefghijklmnop",
      trustHost: true,
      adapter: h.adapter,
      session: { strategy: "jwt" },
      providers: [Password()],
      rateLimit: RateLimit({ store }),
      logger: quietLogger().logger,
    };
  }
  async function signedIn(cfg: AuthConfig, email: string): Promise<Client> {
    const client = new Client(cfg);
    await client.post("/auth/callback/password", { csrfToken: await client.csrfToken(), email, password: passphrase, callbackUrl: `${origin}/home` });
    expect(client.jar.has("authjs.session-token")).toBe(true);
    return client;
  }
  const change = async (client: Client, currentPassword: string) =>
    client.post("/auth/password/change", { csrfToken: await client.csrfToken(), currentPassword, newPassword: "a brand new passphrase" });

  test("password change is limited per signed-in user: guessing the current password with a stolen session stops at the limit", async () => {
    const cfg = config(make());
    const victim = await h.member();
    const stolen = await signedIn(cfg, victim.email);
    for (let i = 0; i < 10; i++) expect((await change(stolen, `guess ${i}`)).headers.get("location")).toContain("code=invalid_login");
    expect((await change(stolen, passphrase)).status).toBe(429);
    // A second stolen copy of the session is the same user, the same count.
    const copy = new Client(cfg);
    for (const [name, value] of stolen.jar) copy.jar.set(name, value);
    expect((await change(copy, "guess again")).status).toBe(429);
    // Another user, signed in meanwhile, is counted apart.
    const other = await h.member();
    const otherAnswer = await change(await signedIn(cfg, other.email), "a wrong one");
    expect(otherAnswer.headers.get("location")).toContain("code=invalid_login");
  });
});
