/**
 * `GET /webauthn-options/<id>` and start-up checks, without a browser: which ceremony is chosen,
 * the challenge cookie, and the refusals.
 */
import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { Auth, type AuthConfig } from "@latch/core";
import Passkey from "@latch/core/providers/passkey";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { secret } from "../../../../test/webauthn/harness.js";

const base = "http://localhost:3000/auth";
let db: PGlite;
let config: AuthConfig;

beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  await db.query(`INSERT INTO users (id, email) VALUES ('u1', 'known@example.com')`);
  config = {
    secret,
    trustHost: true,
    adapter: PostgresAdapter(db),
    providers: [Passkey()],
    experimental: { enableWebAuthn: true },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
}, 60_000);
afterAll(async () => {
  await db.close();
});

async function options(query: string, cfg: AuthConfig = config) {
  const response = await Auth(new Request(`${base}/webauthn-options/passkey${query}`), cfg);
  return { status: response.status, body: (await response.json()) as any, cookies: response.headers.getSetCookie() };
}

describe("webauthn options", () => {
  test("without an action or email: authenticate with any passkey of the site, challenge in a 15-minute cookie", async () => {
    const { status, body, cookies } = await options("");
    expect(status).toBe(200);
    expect(body.action).toBe("authenticate");
    expect(body.options.rpId).toBe("localhost");
    expect(body.options.allowCredentials ?? []).toEqual([]);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^authjs\.challenge=[^;]+; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax$/);
    // Sealed: the challenge is not readable in the cookie.
    expect(cookies[0]).not.toContain(body.options.challenge);
  });

  test("an unknown email registers a new user; the relying party defaults from the request URL", async () => {
    const { body } = await options("?email=New@Example.com");
    expect(body.action).toBe("register");
    expect(body.options.rp).toEqual({ name: "localhost:3000", id: "localhost" });
    expect(body.options.user.name).toBe("new@example.com");
    expect(body.options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
  });

  test("a known email authenticates", async () => {
    const { body } = await options("?email=known@example.com");
    expect(body.action).toBe("authenticate");
  });

  test("registration is refused for a known email when signed out, and without any email", async () => {
    expect((await options("?action=register&email=known@example.com")).status).toBe(400);
    expect((await options("?action=register")).status).toBe(400);
  });

  test("a bad action is a 400 with an error", async () => {
    const { status, body, cookies } = await options("?action=delete");
    expect(status).toBe(400);
    expect(body.error).toBeTruthy();
    expect(cookies).toEqual([]);
  });

  test("a configured relying party is used", async () => {
    const cfg = { ...config, providers: [Passkey({ relyingParty: { id: "example.com", name: "Example" } })] };
    const { body } = await options("?email=other@example.com", cfg);
    expect(body.options.rp).toEqual({ name: "Example", id: "example.com" });
  });

  test("a callback without the challenge cookie is refused", async () => {
    const csrf = await Auth(new Request(`${base}/csrf`), config);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const response = await Auth(
      new Request(`${base}/callback/passkey`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, action: "authenticate", data: JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: {} }) }),
      }),
      config,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${base}/error?error=WebAuthnVerificationError`);
  });
});

describe("an adapter without deleteAuthenticator", () => {
  test("says so once at start, and refuses signed-out registration with a 400; authentication and signed-in registration still work", async () => {
    const warnings: string[] = [];
    const { deleteAuthenticator: _none, ...adapter } = PostgresAdapter(db);
    const cfg: AuthConfig = { ...config, adapter, logger: { error: () => {}, debug: () => {}, warn: (code) => void warnings.push(code) } };

    const refused = await options("?email=newcomer@example.com", cfg);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("InvalidRequest");
    expect(refused.body.message).toMatch(/Sign in first to add a passkey.*deleteAuthenticator/);
    expect(refused.cookies).toEqual([]);
    expect((await options("?action=register&email=newcomer@example.com", cfg)).status).toBe(400);
    expect((await db.query(`SELECT 1 FROM users WHERE email = 'newcomer@example.com'`)).rows).toEqual([]);
    expect((await options("?action=authenticate", cfg)).status).toBe(200);

    // A signed-in user may still add a passkey.
    await db.query(`INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ('s-known', 'u1', now() + interval '1 day')`);
    const response = await Auth(new Request(`${base}/webauthn-options/passkey?action=register`, { headers: { cookie: "authjs.session-token=s-known" } }), cfg);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).action).toBe("register");

    expect(warnings.filter((code) => code === "webauthn-signed-in-only")).toHaveLength(1);
    const full: string[] = [];
    await options("", { ...config, logger: { error: () => {}, debug: () => {}, warn: (code) => void full.push(code) } });
    expect(full).not.toContain("webauthn-signed-in-only");
  });
});

describe("the warnings at start", () => {
  const logged = async (cfg: Partial<AuthConfig>) => {
    const warnings: string[] = [];
    await options("", { ...config, ...cfg, logger: { error: () => {}, debug: () => {}, warn: (code) => void warnings.push(code) } });
    return warnings;
  };

  test("Passkey() says once that WebAuthn is experimental; the flag alone, without a passkey provider, says nothing", async () => {
    expect((await logged({ providers: [Passkey(), Passkey({ id: "second-passkey", enableConditionalUI: false })] })).filter((code) => code === "experimental-webauthn")).toHaveLength(1);
    const warnings: string[] = [];
    await Auth(new Request(`${base}/session`), { ...config, providers: [], logger: { error: () => {}, debug: () => {}, warn: (code) => void warnings.push(code) } });
    expect(warnings).not.toContain("experimental-webauthn");
  });

  test("a configuration with a problem found after the providers logs the problem, not their warnings", async () => {
    const { deleteAuthenticator: _none, ...adapter } = PostgresAdapter(db);
    const warnings = await logged({ adapter, account: { linking: "sometimes" as never } });
    expect(warnings.filter((code) => code.startsWith("webauthn") || code.startsWith("experimental"))).toEqual([]);
  });
});

describe("challenges", () => {
  test("each options response records its challenge's hash on the server until the cookie expires", async () => {
    const { body } = await options("");
    const { rows } = await db.query<{ identifier: string; token: string; expires: Date }>(`SELECT identifier, token, expires FROM verification_token`);
    const hash = createHash("sha256").update(`${body.options.challenge}${secret}`).digest("hex");
    const row = rows.find((r) => r.token === hash);
    expect(row?.identifier).toBe(`webauthn:${hash}`);
    expect(rows.some((r) => r.token.includes(body.options.challenge) || r.identifier.includes(body.options.challenge))).toBe(false);
    const lifetime = row!.expires.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(890_000);
    expect(lifetime).toBeLessThanOrEqual(900_000);
  });
});

describe("start-up", () => {
  test("a passkey provider without experimental.enableWebAuthn is refused with how to enable it", async () => {
    const { experimental: _off, ...cfg } = config;
    const { status, body } = await options("", { ...cfg });
    expect(status).toBe(500);
    expect(body.message).toContain("ExperimentalFeatureNotEnabled");
    expect(body.message).toContain("experimental: { enableWebAuthn: true }");
  });
  test("conditional UI needs a webauthn autocomplete field, and only one provider may enable it", async () => {
    const noField = { ...config, providers: [Passkey({ formFields: { email: { label: "Email" } } })] };
    expect((await options("", noField)).body.message).toContain("MissingWebAuthnAutocomplete");
    const two = { ...config, providers: [Passkey(), Passkey({ id: "passkey-2" })] };
    expect((await options("", two)).body.message).toContain("DuplicateConditionalUI");
    const oneOff = { ...config, providers: [Passkey(), Passkey({ id: "passkey-2", enableConditionalUI: false })] };
    expect((await options("", oneOff)).status).toBe(200);
  });
});
