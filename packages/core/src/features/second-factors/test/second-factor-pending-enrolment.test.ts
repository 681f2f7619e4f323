/**
 * Setting up an authenticator app through the management page's forms, as a browser posts them
 * (through `Auth()`, `@latch/pg` on PGlite): a wrong first code keeps the key the user scanned (the
 * page shows the same key again, with the error in the page's alert style), starting again shows
 * it too, the right code then turns the app on; "Cancel" throws the key away.
 */
import { PGlite } from "@electric-sql/pglite";
import type { Adapter, AuthConfig } from "@latch/core";
import { SecondFactors } from "@latch/core/second-factors";
import { describe, expect, test } from "vitest";
import { Client, quietLogger, secret } from "../../../../test/client.js";
import { rightPasswordCredentials, stepNow, totp, usePgliteAdapter } from "../../../../test/second-factor-client.js";

let adapter: Adapter;
usePgliteAdapter((running) => ({ adapter } = running));

function config(): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    logger: quietLogger().logger,
    providers: [
      rightPasswordCredentials(adapter),
    ],
    secondFactor: SecondFactors({ factors: ["totp", "backup"], issuer: "Latch Test" }),
  };
}

let count = 0;
async function signedIn(): Promise<Client> {
  count += 1;
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: `pending-${count}@example.com`, emailVerified: new Date(), name: null, image: null });
  const client = new Client(config());
  await client.signIn({ email: user.email, password: "right" });
  return client;
}

/** Posts a form of the management page as a browser does; answers the page's HTML and status. */
async function submit(client: Client, step: string, fields: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  const response = await client.post(`/auth/second-factor/${step}`, { csrfToken: await client.csrfToken(), ...fields }, { accept: "text/html" });
  return { status: response.status, html: await response.text() };
}

/** The key the page shows as text. */
function keyOn(html: string): string | undefined {
  return /<code class="key">([A-Z2-7]+)<\/code>/.exec(html)?.[1];
}

/** A code of `secret` that is not one of the codes accepted now. */
function wrongCode(secret: string): string {
  const accepted = [-1, 0, 1].map((d) => totp(secret, stepNow() + d));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.includes(candidate)) return candidate;
  }
}

describe("a pending enrolment", () => {
  test("a wrong first code keeps the key; the page shows it again with a styled alert; the right code then turns the app on", async () => {
    const client = await signedIn();
    const started = await submit(client, "enrol", { kind: "totp" });
    const key = keyOn(started.html)!;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    const typo = await submit(client, "confirm", { code: wrongCode(key) });
    expect(typo.status).toBe(400);
    expect(keyOn(typo.html)).toBe(key);
    expect(typo.html).toMatch(/<div class="alert" role="alert"><p>That code is not right/);

    // Back to the page, or "Set up" again: still the same key.
    const page = await client.fetch("/auth/second-factor/enrol", { headers: { accept: "text/html" } });
    expect(keyOn(await page.text())).toBe(key);
    expect(keyOn((await submit(client, "enrol", { kind: "totp" })).html)).toBe(key);

    const done = await submit(client, "confirm", { code: totp(key, stepNow()) });
    expect(done.status).toBe(200);
    expect(done.html).toContain("Your authenticator app is on.");
    expect(keyOn(done.html)).toBeUndefined();
  });

  test("Cancel throws the key away: set-up starts again with a new key, and the old one is refused", async () => {
    const client = await signedIn();
    const key = keyOn((await submit(client, "enrol", { kind: "totp" })).html)!;
    const cancelled = await submit(client, "cancel");
    expect(cancelled.status).toBe(200);
    expect(keyOn(cancelled.html)).toBeUndefined();
    expect(cancelled.html).toContain("Set up an authenticator app");
    const fresh = keyOn((await submit(client, "enrol", { kind: "totp" })).html)!;
    expect(fresh).not.toBe(key);
    expect((await submit(client, "confirm", { code: totp(key, stepNow()) })).status).toBe(400);
  });
});
