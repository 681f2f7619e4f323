/**
 * Three more edges of sign-in completion: addresses that differ only in case folding, a refused
 * address link whose account's owner appears a moment later, and an email sign-up whose user
 * cannot be written. Real config resolution on the real PostgreSQL.
 */
import { describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Nodemailer from "@latch/core/providers/nodemailer";
import type { Adapter, AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { completeSignIn } from "../../src/signin/complete.js";
import { sameAddress } from "../../src/signin/end-unproven-access.js";
import { callbackRow } from "./callback-row.js";

const origin = "http://localhost:3000";
const home = `${origin}/home`;
const url = new URL(`${origin}/auth/callback/op`);
const request: AuthRequest = { url, method: "GET", action: "callback", providerId: "op", query: {}, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url), row: callbackRow };

test("addresses are compared in lower case: ß and ss are different addresses", () => {
  expect(sameAddress("straße@example.com", "strasse@example.com")).toBe(false);
});

describe.runIf(await needService(services.postgres))("last edges on PostgreSQL", () => {
  const pool = migratedSchemaPool();
  const adapter = PostgresAdapter(pool);
  const setup = (a: Adapter = adapter) =>
    resolveConfig({
      secret: "last-edges-secret-0123456789abcdefghijk",
      trustHost: true,
      adapter: a,
      session: { strategy: "jwt" },
      pages: { newUser: "/welcome" },
      providers: [{ id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" }, Nodemailer({ sendVerificationRequest: () => {} })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    } as AuthConfig, new URL(origin));

  test("a concurrent first sign-in whose user holds the address links its account a moment later: that user, not a new one", async () => {
    const ctx = setup();
    await pool.query(`INSERT INTO users (id, email) VALUES ('winner', 'race@example.com')`);
    setTimeout(() => void adapter.linkAccount!({ userId: "winner", type: "oidc", provider: "op", providerAccountId: "race" }), 10);
    const answer = await completeSignIn(ctx, request, {
      provider: ctx.providers.find((p) => p.id === "op")!,
      user: { email: "race@example.com" },
      account: { type: "oidc", provider: "op", providerAccountId: "race" },
      callbackUrl: home,
    });
    expect(answer.redirect).toBe(home);
  });

  test("an email sign-up whose user cannot be written, with no other user holding the address, fails", async () => {
    const failing = { ...adapter, createUser: () => Promise.reject(new Error("db down")) } as Adapter;
    const ctx = setup(failing);
    await expect(
      completeSignIn(ctx, request, {
        provider: ctx.providers.find((p) => p.id === "nodemailer")!,
        user: { email: "nobody@example.com" },
        account: { type: "email", provider: "nodemailer", providerAccountId: "nobody@example.com" },
        callbackUrl: home,
      }),
    ).rejects.toMatchObject({ type: "AdapterError" });
  });
});
