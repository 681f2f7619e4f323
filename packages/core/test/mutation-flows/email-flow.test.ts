/**
 * The email flow's two steps called directly, with a context resolved from a real config, on the
 * real PostgreSQL (`@latch/pg`, a schema of this file's own). The provider's own
 * `sendVerificationRequest` option records what it is given instead of sending mail (the SMTP
 * delivery is tested in `../email/`).
 */
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Nodemailer from "@latch/core/providers/nodemailer";
import type { Adapter, AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import { emailFlow } from "../../src/flows/email/index.js";
import type { AuthRequest } from "../../src/http/request.js";

const origin = "http://localhost:3000";
const secret = "email-flow-secret-0123456789abcdefghijk";
const sha = (token: string, key: string) => createHash("sha256").update(`${token}${key}`).digest("hex");

describe.runIf(await needService(services.postgres))("email flow on PostgreSQL", () => {
  const pool = migratedSchemaPool();
  const adapter = PostgresAdapter(pool);
  let sent: Record<string, unknown>[] = [];
  let errors: string[] = [];

  beforeEach(async () => {
    await pool.query(`DELETE FROM verification_token`);
    await pool.query(`DELETE FROM users`);
    sent = [];
    errors = [];
  });

  type Options = Parameters<typeof Nodemailer>[0];
  function setup(options: Options = {}, overrides: Partial<AuthConfig> = {}) {
    const config: AuthConfig = {
      secret,
      trustHost: true,
      adapter,
      providers: [Nodemailer({ sendVerificationRequest: (params) => void sent.push(params as never), ...options })],
      logger: { error: (code) => void errors.push(String(code)), warn: () => {}, debug: () => {} },
      ...overrides,
    };
    const ctx = resolveConfig(config, new URL(origin));
    return { ctx, provider: ctx.providers.find((p) => p.id === "nodemailer")! as never };
  }

  function req(method: "GET" | "POST", query: Record<string, string>, body?: Record<string, unknown>): AuthRequest {
    const url = new URL(`${origin}/auth/${method === "POST" ? "signin" : "callback"}/nodemailer`);
    return { url, method, action: method === "POST" ? "signin" : "callback", providerId: "nodemailer", query, body, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url, { method }) };
  }

  const rows = async () => (await pool.query(`SELECT identifier, token, expires FROM verification_token`)).rows as { identifier: string; token: string; expires: Date }[];
  const begin = (s: ReturnType<typeof setup>, email: unknown) => emailFlow.begin({ ...s, req: req("POST", {}, { email }), callbackUrl: `${origin}/home` });
  const complete = (s: ReturnType<typeof setup>, query: Record<string, string>) => emailFlow.complete({ ...s, req: req("GET", query as Record<string, string>), callbackUrl: `${origin}/home` });

  describe("asking for a link", () => {
    test("the address is normalized; the token is stored hashed with the secret; the link carries it", async () => {
      const s = setup({ maxAge: 600 });
      const before = Date.now();
      const answer = await begin(s, "  Ada@Example.COM ");
      expect(answer).toEqual({ redirect: `${origin}/auth/verify-request?provider=nodemailer&type=email` });
      expect(sent).toHaveLength(1);
      const { identifier, url, token, expires, provider, request, language, theme } = sent[0] as Record<string, unknown>;
      expect(identifier).toBe("ada@example.com");
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(url).toBe(`${origin}/auth/callback/nodemailer?${new URLSearchParams({ callbackUrl: `${origin}/home`, token: token as string, email: "ada@example.com" })}`);
      expect(provider).toBe(s.provider);
      expect(request).toBeInstanceOf(Request);
      expect(language).toMatchObject({ lang: "en", dir: "ltr" });
      expect(theme).toEqual({});
      const [row] = await rows();
      expect(row).toEqual({ identifier: "ada@example.com", token: sha(token as string, secret), expires });
      expect((expires as Date).valueOf() - before).toBeGreaterThanOrEqual(600_000 - 1000);
      expect((expires as Date).valueOf() - before).toBeLessThan(660_000);
    });

    test("a day by default; the provider's secret and token generator win", async () => {
      const before = Date.now();
      await begin(setup({ secret: "provider-secret", generateVerificationToken: () => "chosen-token" }), "ada@example.com");
      const [row] = await rows();
      expect(row!.token).toBe(sha("chosen-token", "provider-secret"));
      expect(row!.expires.valueOf() - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
      expect(row!.expires.valueOf() - before).toBeLessThan(86_400_000 + 60_000);
      await begin(setup({ generateVerificationToken: () => "" }), "bob@example.com");
      expect((sent[1] as { token: string }).token).toMatch(/^[0-9a-f]{64}$/);
    });

    test("a refused address, or the signIn callback saying no, leaves no token and sends nothing", async () => {
      await expect(begin(setup(), "a@b")).rejects.toMatchObject({ type: "EmailSignInError" });
      await expect(begin(setup(), undefined)).rejects.toMatchObject({ type: "EmailSignInError" });
      await expect(begin(setup({}, { callbacks: { signIn: () => false } }), "ada@example.com")).rejects.toMatchObject({ type: "AccessDenied" });
      await expect(begin(setup({}, { callbacks: { signIn: () => { throw new Error("no"); } } }), "ada@example.com")).rejects.toMatchObject({ type: "AccessDenied" });
      expect(await rows()).toEqual([]);
      expect(sent).toEqual([]);
    });

    test("the signIn callback sees the stored user, or the one who would be created; a URL it returns is where to go", async () => {
      const seen: unknown[] = [];
      await pool.query(`INSERT INTO users (id, email, "emailVerified") VALUES ('known', 'known@example.com', now())`);
      const s = setup({}, { callbacks: { signIn: (p) => (seen.push(p), p.user.email === "wait@example.com" ? "/waitlist" : true) } });
      await begin(s, "known@example.com");
      expect(await begin(s, "wait@example.com")).toEqual({ redirect: `${origin}/waitlist` });
      expect(seen[0]).toMatchObject({ user: { id: "known", email: "known@example.com" }, account: { type: "email", provider: "nodemailer", providerAccountId: "known@example.com", userId: "known" }, email: { verificationRequest: true } });
      const fresh = seen[1] as { user: { id: string; emailVerified: unknown }; account: { userId: string } };
      expect(fresh.user).toMatchObject({ email: "wait@example.com", emailVerified: null });
      expect(fresh.user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(fresh.account.userId).toBe(fresh.user.id);
      expect((await rows()).map((r) => r.identifier)).toEqual(["known@example.com"]);
      const away = setup({}, { callbacks: { signIn: () => "https://evil.example/" } });
      expect(await begin(away, "x@example.com")).toEqual({ redirect: origin });
    });

    test("a custom normalizeIdentifier is used, and checked", async () => {
      await begin(setup({ normalizeIdentifier: (i: string) => `${i.trim()}-custom` }), " Ada ");
      expect((await rows())[0]!.identifier).toBe("Ada-custom");
      for (const normalizeIdentifier of [() => "", () => "a\nb", () => 5 as never, () => { throw new Error("bad"); }]) {
        await expect(begin(setup({ normalizeIdentifier }), "ada@example.com")).rejects.toMatchObject({ type: "EmailSignInError" });
      }
      await expect(begin(setup({ normalizeIdentifier: (i: string) => i }), 42)).rejects.toMatchObject({ type: "EmailSignInError" });
      expect(await rows()).toHaveLength(1);
    });

    test("a failed send spends the token it stored", async () => {
      const s = setup({ sendVerificationRequest: () => { throw new Error("smtp down"); } });
      const caught = await begin(s, "ada@example.com").catch((e: unknown) => e);
      expect(caught).toMatchObject({ type: "EmailSignInError", cause: { providerId: "nodemailer" } });
      expect(await rows()).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("when spending it fails too, that is logged and the send failure still reported", async () => {
      const broken = { ...adapter, useVerificationToken: () => Promise.reject(new Error("db down")) } as Adapter;
      const s = setup({ sendVerificationRequest: () => { throw new Error("smtp down"); } }, { adapter: broken });
      await expect(begin(s, "ada@example.com")).rejects.toMatchObject({ type: "EmailSignInError" });
      expect(errors).toEqual(["AdapterError"]);
    });
  });

  describe("opening the link", () => {
    async function link(s = setup(), email = "ada@example.com") {
      await begin(s, email);
      return new URL((sent.at(-1) as { url: string }).url).searchParams;
    }

    test("works once, for the address it was sent to", async () => {
      const s = setup();
      const q = await link(s);
      const query = { token: q.get("token")!, email: q.get("email")! };
      const verified = await complete(s, query);
      expect(verified).toEqual({
        provider: s.provider,
        user: { email: "ada@example.com" },
        account: { type: "email", provider: "nodemailer", providerAccountId: "ada@example.com" },
        callbackUrl: `${origin}/home`,
      });
      await expect(complete(s, query)).rejects.toMatchObject({ type: "Verification" });
      expect(emailFlow.callbackNeedsCsrf).toBe(false);
    });

    test("without token or address, with a wrong token or another address: Verification, the token kept", async () => {
      const s = setup();
      const q = await link(s);
      const token = q.get("token")!;
      for (const query of [{ email: "ada@example.com" }, { token }, { token, email: "" }, { token: "", email: "ada@example.com" }, { token: `${token}0`, email: "ada@example.com" }, { token, email: "eve@example.com" }]) {
        await expect(complete(s, query as unknown as Record<string, string>)).rejects.toMatchObject({ type: "Verification" });
      }
      expect(await rows()).toHaveLength(1);
    });

    test("an expired link is Verification, and spent", async () => {
      const s = setup();
      const q = await link(s);
      await pool.query(`UPDATE verification_token SET expires = now() - interval '1 second'`);
      await expect(complete(s, { token: q.get("token")!, email: "ada@example.com" })).rejects.toMatchObject({ type: "Verification", message: expect.stringMatching(/expired/) });
      expect(await rows()).toEqual([]);
    });

    test("a link made under the previous secret still works after a rotation", async () => {
      const q = await link(setup({}, { secret: "old-secret-0123456789abcdefghijklmnop" }));
      const rotated = setup({}, { secret: ["new-secret-0123456789abcdefghijklmnop", "old-secret-0123456789abcdefghijklmnop"] });
      await expect(complete(rotated, { token: q.get("token")!, email: "ada@example.com" })).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    });

    test("an adapter that hands back another row than the one asked for is not trusted", async () => {
      const s = setup();
      const q = await link(s);
      const token = q.get("token")!;
      const lying = (row: object) => ({ ...adapter, useVerificationToken: async (p: { identifier: string; token: string }) => ({ ...(await adapter.useVerificationToken!(p))!, ...row }) }) as Adapter;
      const other = setup({}, { adapter: lying({ identifier: "eve@example.com" }) });
      await expect(complete(other, { token, email: "ada@example.com" })).rejects.toMatchObject({ type: "Verification" });
      const q2 = await link(s);
      const wrongHash = setup({}, { adapter: lying({ token: "0".repeat(64) }) });
      await expect(complete(wrongHash, { token: q2.get("token")!, email: "ada@example.com" })).rejects.toMatchObject({ type: "Verification" });
    });
  });
});
