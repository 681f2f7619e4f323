/**
 * Each refusal of the passkey flow, proven through Latch's endpoints with responses a real
 * authenticator made (Chromium's virtual authenticator): ceremonies are stopped before they reach
 * Latch, changed or combined the way an attacker would, then posted. Every test fails when the
 * check it names is taken out of the flow; counted rows prove nothing is left half-written.
 * One test wraps the real adapter so that it answers with another row than asked for (a
 * misbehaving store cannot be produced otherwise); it says so where it does.
 */
import Passkey from "@latch/core/providers/passkey";
import { PostgresAdapter } from "@latch/pg";
import { decodeAttestationObject, isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, BrowserContext, Page, Request as PwRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("passkey checks", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openTab(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    return page;
  }

  async function usePasskeyForm(page: Page, email?: string): Promise<void> {
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    if (email) await form.locator("input[name=email]").fill(email);
    await form.locator("button[type=submit]").click();
  }

  async function who(page: Page): Promise<string> {
    await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/auth/error") || (url.pathname === "/auth/signin" && url.searchParams.has("error")));
    if (new URL(page.url()).pathname !== "/") return `error:${new URL(page.url()).searchParams.get("error")}`;
    return (await page.locator("#who").textContent()) ?? "";
  }

  /** Runs `start` in `page` and returns the callback POST it makes, which never reaches Latch. */
  async function capture(page: Page, start: () => Promise<unknown>): Promise<PwRequest> {
    let captured: PwRequest | undefined;
    await page.route("**/auth/callback/passkey", async (route) => {
      captured = route.request();
      await route.abort();
    });
    await start();
    await expect.poll(() => captured).toBeDefined();
    await page.unroute("**/auth/callback/passkey");
    return captured!;
  }

  /** A signed-out tab whose authenticator holds a passkey registered for `email`. */
  async function registered(email: string): Promise<Page> {
    const page = await openTab();
    await usePasskeyForm(page, email);
    expect(await who(page)).toBe(email);
    await page.context().clearCookies();
    return page;
  }

  /** Posts a captured callback from outside the browser, optionally changed; the error code or the URL. */
  async function post(request: PwRequest, change: { data?: (data: any) => any; cookie?: string } = {}): Promise<string> {
    const headers = await request.allHeaders();
    const body = new URLSearchParams(request.postData()!);
    if (change.data) body.set("data", JSON.stringify(change.data(JSON.parse(body.get("data")!))));
    const cookie = [headers.cookie, change.cookie].filter(Boolean).join("; ");
    const response = await fetch(request.url(), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body,
    });
    const { url } = (await response.json()) as { url: string };
    return new URL(url).searchParams.get("error") ?? url;
  }

  const lastLog = () => app.logs.at(-1) ?? "";
  const standardId = (id: string) => Buffer.from(id, "base64url").toString("base64");
  const userId = async (email: string) => (await app.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])).rows[0]!.id;

  /**
   * A ceremony run by hand in the page: options asked with `query`, the browser's `ceremony`
   * answering their challenge, the result posted as `action`. Returns the error code or the URL.
   */
  async function handMade(page: Page, query: string, ceremony: "get" | "create", action: string): Promise<string> {
    const url = await page.evaluate(async ({ query, ceremony, action }) => {
      const b64u = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const bytes = (value: string) => Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const { options } = await (await fetch(`/auth/webauthn-options/passkey?${query}`)).json();
      const challenge = bytes(options.challenge);
      const credential = (ceremony === "get"
        ? await navigator.credentials.get({ publicKey: { challenge, rpId: location.hostname, userVerification: "preferred" } })
        : await navigator.credentials.create({
            publicKey: {
              challenge,
              rp: { id: location.hostname, name: "test" },
              user: { id: new TextEncoder().encode("hand-made"), name: "hand@example.com", displayName: "hand" },
              pubKeyCredParams: [{ type: "public-key", alg: -7 }],
              authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
            },
          })) as PublicKeyCredential;
      const r = credential.response as AuthenticatorAssertionResponse & AuthenticatorAttestationResponse;
      const response = ceremony === "get"
        ? { clientDataJSON: b64u(r.clientDataJSON), authenticatorData: b64u(r.authenticatorData), signature: b64u(r.signature), userHandle: r.userHandle ? b64u(r.userHandle) : undefined }
        : { clientDataJSON: b64u(r.clientDataJSON), attestationObject: b64u(r.attestationObject), transports: r.getTransports() };
      const data = { id: credential.id, rawId: b64u(credential.rawId), type: "public-key", clientExtensionResults: {}, response };
      const { csrfToken } = await (await fetch("/auth/csrf")).json();
      const answer = await fetch("/auth/callback/passkey", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
        body: new URLSearchParams({ csrfToken, action, data: JSON.stringify(data), callbackUrl: `${location.origin}/` }),
      });
      return ((await answer.json()) as { url: string }).url;
    }, { query, ceremony, action });
    return new URL(url).searchParams.get("error") ?? url;
  }

  describe("authentication", () => {
    test("an assertion whose signature does not verify is refused (WebAuthn §7.2 step 20)", async () => {
      const page = await registered("sig@example.com");
      const request = await capture(page, () => usePasskeyForm(page));
      const before = { counts: await app.counts(), rows: await app.authenticators() };
      const flipped = await post(request, {
        data: (data) => {
          const signature = Buffer.from(data.response.signature, "base64url");
          signature[signature.length - 1]! ^= 0x01;
          return { ...data, response: { ...data.response, signature: signature.toString("base64url") } };
        },
      });
      expect(flipped).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/signature does not verify/);
      expect(await app.counts()).toEqual({ ...before.counts, tokens: before.counts.tokens - 1 });
      expect(await app.authenticators()).toEqual(before.rows);
    });

    test("a challenge issued for a registration does not authenticate", async () => {
      const page = await registered("reg-challenge@example.com");
      await page.goto(`${app.origin}/`);
      const before = await app.counts();
      expect(await handMade(page, "action=register&email=newcomer-a1@example.com", "get", "authenticate")).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/issued for a registration/);
      expect(await app.counts()).toEqual(before);
    });

    test("an authenticator without its account, or whose account belongs to another user, is refused", async () => {
      const page = await registered("orphan@example.com");
      await registered("owner-b@example.com");
      const other = await userId("owner-b@example.com");
      const orphan = await userId("orphan@example.com");
      const mine = (await app.authenticators()).find((a) => a.userId === orphan)!;

      // The account moved to another user: signing in would make the passkey sign that user in.
      await app.db.query(`UPDATE accounts SET "userId" = $1 WHERE "providerAccountId" = $2`, [other, mine.providerAccountId]);
      let before = await app.counts();
      await usePasskeyForm(page);
      expect(await who(page)).toBe("error:WebAuthnVerificationError");
      expect(lastLog()).toMatch(/account is missing or belongs to another user/);
      expect(await app.counts()).toEqual(before);

      // No account at all.
      await app.db.query(`DELETE FROM accounts WHERE "providerAccountId" = $1`, [mine.providerAccountId]);
      before = await app.counts();
      await page.context().clearCookies();
      await usePasskeyForm(page);
      expect(await who(page)).toBe("error:WebAuthnVerificationError");
      expect(lastLog()).toMatch(/account is missing or belongs to another user/);
      expect(await app.counts()).toEqual(before);
    });

    test("a credential id that is not base64url is refused", async () => {
      const page = await registered("b64@example.com");
      const request = await capture(page, () => usePasskeyForm(page));
      const before = await app.counts();
      expect(await post(request, { data: (data) => ({ ...data, id: "not base64url!" }) })).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/not base64url/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
    });
  });

  describe("registration", () => {
    test("a challenge issued for an authentication does not register", async () => {
      const page = await openTab();
      await page.goto(`${app.origin}/`);
      const before = await app.counts();
      expect(await handMade(page, "action=authenticate", "create", "register")).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/issued for an authentication/);
      expect(await app.counts()).toEqual(before);
    });

    test("a credential id that is already registered is refused, under a fresh challenge (WebAuthn §7.1 step 22)", async () => {
      const page = await openTab();
      const request = await capture(page, () => usePasskeyForm(page, "dup@example.com"));
      const id = standardId(JSON.parse(new URLSearchParams(request.postData()!).get("data")!).id);
      // Someone else holds that credential id already.
      await registered("holder@example.com");
      const holder = await userId("holder@example.com");
      await app.db.query(
        `INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp")
         VALUES ($1, $2, $1, 'AAAA', 0, 'singleDevice', false)`,
        [id, holder],
      );
      const before = await app.counts();
      expect(await post(request)).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/already registered/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
    });

    test("an attestation whose signature does not verify is refused (WebAuthn §7.1 step 19)", async () => {
      try {
        app.configure({ enableConditionalUI: false, registrationOptions: { attestationType: "direct" } });
        const page = await openTab();
        const request = await capture(page, () => usePasskeyForm(page, "attested@example.com"));
        const before = await app.counts();
        const answer = await post(request, {
          data: (data) => {
            const attestation = decodeAttestationObject(isoBase64URL.toBuffer(data.response.attestationObject));
            expect(attestation.get("fmt")).toBe("packed");
            const sig = attestation.get("attStmt").get("sig") as Uint8Array;
            sig[sig.length - 1]! ^= 0x01;
            return { ...data, response: { ...data.response, attestationObject: isoBase64URL.fromBuffer(isoCBOR.encode(attestation as unknown as Parameters<typeof isoCBOR.encode>[0])) } };
          },
        });
        expect(answer).toBe("WebAuthnVerificationError");
        expect(lastLog()).toMatch(/attestation could not be verified/);
        expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
      } finally {
        app.configure({ enableConditionalUI: false });
      }
    });

    test("a new user's passkey is refused when the address was taken meanwhile, or someone is signed in", async () => {
      const page = await openTab();
      const taken = await capture(page, () => usePasskeyForm(page, "late@example.com"));
      await app.db.query(`INSERT INTO users (id, email) VALUES ('late-user', 'late@example.com')`);
      let before = await app.counts();
      expect(await post(taken)).toBe("AccountNotLinked");
      expect(lastLog()).toMatch(/already uses this email/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });

      await page.context().clearCookies();
      const signedIn = await capture(page, () => usePasskeyForm(page, "fresh@example.com"));
      await app.db.query(`INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ('late-session', 'late-user', now() + interval '1 day')`);
      before = await app.counts();
      expect(await post(signedIn, { cookie: "authjs.session-token=late-session" })).toBe("AccountNotLinked");
      expect(lastLog()).toMatch(/while signed in as another user/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
    });

    test("a signed-in user's second passkey is refused once that user signed out before the callback", async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      const first = await addVirtualAuthenticator(page);
      await usePasskeyForm(page, "adder@example.com");
      expect(await who(page)).toBe("adder@example.com");
      // A second authenticator: the first is excluded from the options.
      await first.remove();
      await addVirtualAuthenticator(page);
      await page.goto(`${app.origin}/add`);
      const request = await capture(page, () => page.locator("button[type=submit]").click());
      await app.db.query(`DELETE FROM sessions WHERE "userId" = $1`, [await userId("adder@example.com")]);
      const before = await app.counts();
      expect(await post(request)).toBe("AccountNotLinked");
      expect(lastLog()).toMatch(/no longer signed in/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
    });
  });

  describe("challenge", () => {
    /** GET options from `providerId` and a CSRF token, over HTTP: the cookie header and token. */
    async function optionsCookie(providerId: string): Promise<{ cookie: string; csrfToken: string }> {
      const options = await fetch(`${app.base}/webauthn-options/${providerId}?action=authenticate`);
      const csrf = await fetch(`${app.base}/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = [...options.headers.getSetCookie(), ...csrf.headers.getSetCookie()].map((c) => c.split(";")[0]).join("; ");
      return { cookie, csrfToken };
    }

    async function callback(providerId: string, cookie: string, csrfToken: string): Promise<string> {
      const data = JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: {} });
      const response = await fetch(`${app.base}/callback/${providerId}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
        body: new URLSearchParams({ csrfToken, action: "authenticate", data }),
      });
      return new URL(((await response.json()) as { url: string }).url).searchParams.get("error") ?? "";
    }

    test("another provider's challenge cookie, or an unreadable one, is refused before the challenge is spent", async () => {
      try {
        app.configure({ enableConditionalUI: false }, {
          providers: [Passkey({ enableConditionalUI: false }), Passkey({ id: "passkey-2", enableConditionalUI: false })],
        });
        const { cookie, csrfToken } = await optionsCookie("passkey-2");
        const before = await app.counts();
        expect(await callback("passkey", cookie, csrfToken)).toBe("WebAuthnVerificationError");
        expect(lastLog()).toMatch(/for another provider/);
        const tampered = cookie.replace(/authjs\.challenge=([^;]+)/, (_m, value: string) => `authjs.challenge=${value.slice(0, -4)}AAAA`);
        expect(await callback("passkey-2", tampered, csrfToken)).toBe("WebAuthnVerificationError");
        expect(lastLog()).toMatch(/unreadable or expired/);
        // Neither spent the challenge: its record is still there.
        expect(await app.counts()).toEqual(before);
      } finally {
        app.configure({ enableConditionalUI: false });
      }
    });

    test("a record the adapter returns for another challenge is not trusted", async () => {
      const page = await registered("misread@example.com");
      const request = await capture(page, () => usePasskeyForm(page));
      const real = PostgresAdapter(app.db);
      try {
        // The real adapter, made to answer with another row than the one asked for.
        app.configure({ enableConditionalUI: false }, {
          adapter: { ...real, useVerificationToken: async (key) => {
            const row = await real.useVerificationToken!(key);
            return row && { ...row, token: "0".repeat(64) };
          } },
        });
        const before = await app.counts();
        expect(await post(request)).toBe("WebAuthnVerificationError");
        expect(lastLog()).toMatch(/already used or has expired/);
        expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
      } finally {
        app.configure({ enableConditionalUI: false });
      }
    });

    test("a response signed over another challenge than the cookie's is refused (WebAuthn §7.1 step 8, §7.2 step 12)", async () => {
      const page = await registered("swap@example.com");
      const assertion = await capture(page, () => usePasskeyForm(page));
      await page.context().clearCookies();
      const registration = await capture(page, () => usePasskeyForm(page, "swap-new@example.com"));
      // Fresh options: their cookie and record are valid, their challenge is not the one signed.
      const fresh = async (query: string) => {
        const response = await fetch(`${app.base}/webauthn-options/passkey?${query}`);
        return response.headers.getSetCookie()[0]!.split(";")[0]!;
      };
      const swap = (request: PwRequest, cookie: string) => async () => {
        const headers = await request.allHeaders();
        const others = headers.cookie!.split("; ").filter((c) => !c.startsWith("authjs.challenge=")).join("; ");
        const response = await fetch(request.url(), {
          method: "POST",
          headers: { cookie: `${others}; ${cookie}`, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
          body: request.postData()!,
        });
        return new URL(((await response.json()) as { url: string }).url).searchParams.get("error");
      };
      const before = await app.counts();
      expect(await swap(assertion, await fresh("action=authenticate"))()).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/challenge/i);
      expect(await swap(registration, await fresh("action=register&email=swap-new@example.com"))()).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/challenge/i);
      // The two fresh records were spent; nothing else changed.
      expect(await app.counts()).toEqual(before);
    });

    test("a challenge whose server record expired is refused, even with a valid cookie", async () => {
      const page = await registered("expired@example.com");
      const request = await capture(page, () => usePasskeyForm(page));
      await app.db.query(`UPDATE verification_token SET expires = now() - interval '1 second' WHERE identifier LIKE 'webauthn:%'`);
      const before = await app.counts();
      expect(await post(request)).toBe("WebAuthnVerificationError");
      expect(lastLog()).toMatch(/already used or has expired/);
      expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
    });
  });

  describe("users that disappear", () => {
    test("an authenticator whose user no longer exists is refused", async () => {
      const page = await registered("gone@example.com");
      const id = await userId("gone@example.com");
      // Foreign keys would take the authenticator and account along; a store without them keeps them.
      await app.db.exec(`SET session_replication_role = replica; DELETE FROM users WHERE id = '${id}'; SET session_replication_role = origin;`);
      const before = await app.counts();
      expect(before.authenticators).toBeGreaterThan(0);
      await usePasskeyForm(page);
      expect(await who(page)).toBe("error:WebAuthnVerificationError");
      expect(lastLog()).toMatch(/user no longer exists/);
      expect(await app.counts()).toEqual(before);
    });

    test("with JWT sessions, a second passkey for a user deleted before the callback is refused", async () => {
      try {
        app.configure({ enableConditionalUI: false }, { session: { strategy: "jwt" } });
        const context = await browser.newContext();
        contexts.push(context);
        const page = await context.newPage();
        const first = await addVirtualAuthenticator(page);
        await usePasskeyForm(page, "jwt-adder@example.com");
        expect(await who(page)).toBe("jwt-adder@example.com");
        await first.remove();
        await addVirtualAuthenticator(page);
        await page.goto(`${app.origin}/add`);
        const request = await capture(page, () => page.locator("button[type=submit]").click());
        await app.db.query(`DELETE FROM users WHERE id = $1`, [await userId("jwt-adder@example.com")]);
        const before = await app.counts();
        expect(await post(request)).toBe("AccountNotLinked");
        expect(lastLog()).toMatch(/signed-in user no longer exists/);
        expect(await app.counts()).toEqual({ ...before, tokens: before.tokens - 1 });
      } finally {
        app.configure({ enableConditionalUI: false });
      }
    });
  });
});
