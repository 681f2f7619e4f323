/**
 * Edges of the flows' verification the first mutation run left open: refusal messages, a sign-in
 * request without a body, a link opened at the very millisecond it expires, a provider whose
 * authorization has no params, and a form-posted user with a name only. PostgreSQL where a token
 * must be stored.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import type { AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { InternalOAuthProvider } from "../../src/config/providers.js";
import { credentialsFlow } from "../../src/flows/credentials.js";
import { emailFlow } from "../../src/flows/email/index.js";
import { identifierOf } from "../../src/flows/email/identifier.js";
import { usesFormPost } from "../../src/flows/oauth/checks.js";
import { formPostUser } from "../../src/flows/oauth/form-post-user.js";
import type { AuthRequest } from "../../src/http/request.js";

const origin = "http://localhost:3000";
const secret = "flow-edges-secret-0123456789abcdefghijk";

afterEach(() => {
  vi.useRealTimers();
});

function req(method: "GET" | "POST", query: Record<string, string>, body?: Record<string, unknown>): AuthRequest {
  const url = new URL(`${origin}/auth/x/nodemailer`);
  return { url, method, action: method === "POST" ? "signin" : "callback", providerId: "nodemailer", query, body, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url, { method }) };
}

describe("identifiers", () => {
  test("with a custom normalizer: what is not a string, what it refuses, what it returns unusable", () => {
    const trim = (i: string) => i.trim();
    expect(() => identifierOf(trim, 42)).toThrow("The sign-in request has no email address.");
    const refusal = new Error("not ours");
    let caught: unknown;
    try {
      identifierOf(() => { throw refusal; }, "a@b.c");
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ type: "EmailSignInError", message: "The provider's normalizeIdentifier refused the email address.", cause: { err: refusal } });
    expect(() => identifierOf(() => "", "a@b.c")).toThrow("The provider's normalizeIdentifier returned no usable identifier.");
  });
});

describe("without a database", () => {
  const ctx = resolveConfig({ secret, trustHost: true, providers: [Nodemailer({ sendVerificationRequest: () => {} }), Credentials({ authorize: () => null })] } as AuthConfig, new URL(origin));
  const provider = ctx.providers.find((p) => p.id === "nodemailer")! as never;

  test("a sign-in request without a body has no address", async () => {
    await expect(emailFlow.begin({ ctx, req: req("POST", {}), provider, callbackUrl: origin })).rejects.toMatchObject({ type: "EmailSignInError", message: "The sign-in request has no email address." });
  });

  test("a link without its token or address says so", async () => {
    for (const query of [{ email: "a@b.c" }, { token: "t" }]) {
      await expect(emailFlow.complete({ ctx, req: req("GET", query as unknown as Record<string, string>), provider, callbackUrl: origin })).rejects.toMatchObject({ type: "Verification", message: "The sign-in link lacks its token or email address." });
    }
  });

  test("authorize returning nothing says so", async () => {
    const credentials = ctx.providers.find((p) => p.id === "credentials")! as never;
    const url = new URL(`${origin}/auth/callback/credentials`);
    const r: AuthRequest = { url, method: "POST", action: "callback", query: {}, body: {}, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url, { method: "POST" }) };
    await expect(credentialsFlow.complete({ ctx, req: r, provider: credentials, callbackUrl: origin })).rejects.toThrow("authorize returned no user.");
  });

  test("a provider whose authorization has no params is no form_post provider", () => {
    expect(usesFormPost({ authorization: { url: "https://op.example/a" } } as unknown as InternalOAuthProvider)).toBe(false);
    expect(usesFormPost({} as InternalOAuthProvider)).toBe(false);
  });

  test("a form-posted name without an address carries no email field", () => {
    const user = formPostUser({ method: "POST", body: { user: JSON.stringify({ name: { firstName: "Ada" } }) } });
    expect(Object.keys(user!)).toEqual(["name"]);
  });
});

describe.runIf(await needService(services.postgres))("with PostgreSQL", () => {
  const pool = migratedSchemaPool();
  const sent: { url: string; expires: Date }[] = [];
  const setup = (send: (p: { url: string; expires: Date }) => void = (p) => void sent.push(p)) => {
    const ctx = resolveConfig({ secret, trustHost: true, adapter: PostgresAdapter(pool), providers: [Nodemailer({ sendVerificationRequest: send as never })] } as AuthConfig, new URL(origin));
    return { ctx, provider: ctx.providers.find((p) => p.id === "nodemailer")! as never };
  };

  test("a failed send says so", async () => {
    const s = setup(() => { throw new Error("smtp down"); });
    await expect(emailFlow.begin({ ...s, req: req("POST", {}, { email: "ada@example.com" }), callbackUrl: origin })).rejects.toMatchObject({ message: "Sending the sign-in email failed." });
  });

  test("a wrong token says so", async () => {
    const s = setup();
    await emailFlow.begin({ ...s, req: req("POST", {}, { email: "ada@example.com" }), callbackUrl: origin });
    await expect(emailFlow.complete({ ...s, req: req("GET", { token: "wrong", email: "ada@example.com" }), callbackUrl: origin })).rejects.toMatchObject({ message: "The sign-in link is not valid or was already used." });
  });

  test("a link works until the very millisecond it expires", async () => {
    const s = setup();
    await emailFlow.begin({ ...s, req: req("POST", {}, { email: "bea@example.com" }), callbackUrl: origin });
    const { url, expires } = sent.at(-1)!;
    const q = new URL(url).searchParams;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expires);
    await expect(emailFlow.complete({ ...s, req: req("GET", { token: q.get("token")!, email: "bea@example.com" }), callbackUrl: origin })).resolves.toMatchObject({ user: { email: "bea@example.com" } });
  });
});
