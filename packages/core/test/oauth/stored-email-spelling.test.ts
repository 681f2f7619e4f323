/**
 * Every address Latch hands an adapter is in the stored spelling (PROTOCOL §6 "Email identifier":
 * NFKC, trimmed, lower case), whatever flow it came from: an OpenID Connect sign-in whose provider
 * sends another spelling, then an email-link sign-in and a password reset with the address as a
 * person types it, which must reach the same user. Driven over HTTP through Latch behind Express
 * with the real OpenID Provider and a real SMTP server, on PGlite, the real PostgreSQL and Redis.
 * Every address the adapter receives is recorded: Auth.js's adapters store the address as given
 * and cannot run here, so the record shows what they would be handed.
 */
import { randomUUID } from "node:crypto";
import type { Adapter } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { PostgresAdapter } from "@latch/pg";
import { RedisAdapter } from "@latch/redis";
import { needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { prefixedRedis } from "../redis-prefix.js";
import { createBrowser, oidcProvider, pgliteAdapter, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider, type TestBrowser } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let smtp: SmtpTestServer;

beforeAll(async () => {
  [latch, op, smtp] = await Promise.all([startLatch(), startOpenIDProvider(), startSmtpServer()]);
  await op.setClient({ client_id: "op", client_secret: "op-secret", redirect_uris: [`${latch.origin}/auth/callback/op`] });
}, 180_000);

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await smtp?.close();
});

/** `adapter` with the address of every createUser, updateUser and getUserByEmail call recorded. */
function recording(adapter: Adapter, seen: string[]): Adapter {
  return {
    ...adapter,
    createUser: (user) => (seen.push(user.email), adapter.createUser!(user)),
    updateUser: (user) => (user.email !== undefined && seen.push(user.email), adapter.updateUser!(user)),
    getUserByEmail: (email) => (seen.push(email), adapter.getUserByEmail!(email)),
  };
}

async function post(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${latch.origin}/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, ...fields }),
  });
}

/** The link to `path` in the next mail to `to`. */
async function linkIn(to: string, path: string): Promise<string> {
  const mail = await smtp.waitForMail({ to, timeoutMs: 5000 });
  return mail.urls.find((url) => new URL(url).pathname === path)!;
}

function storeSuite(store: () => Adapter | Promise<Adapter>): void {
  test("an OpenID Connect user whose provider spells the address otherwise is found by an email link and a password reset; the adapter only ever sees the stored spelling", async () => {
    const seen: string[] = [];
    const adapter = await store();
    latch.configure({
      adapter: recording(adapter, seen),
      session: { strategy: "database" },
      providers: [
        oidcProvider("op", op.issuer, { clientId: "op", clientSecret: "op-secret" }),
        Password(),
        Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" }),
      ],
    });
    const local = `ada.${randomUUID().slice(0, 8)}`;
    const stored = `${local}@example.com`;
    // Mixed case, a full-width letter and a trailing space, as a provider may send them.
    const sub = `ada-${local}`;
    op.setAccount({ sub, email: `${local.toUpperCase()}@ＥXAMPLE.com `, email_verified: true, name: "Ada" });
    op.signInAs(sub);
    const first = createBrowser();
    await signIn(first, latch.origin, "op");
    expect((await session(first, latch.origin))?.user).toMatchObject({ name: "Ada", email: stored });
    const user = await adapter.getUserByEmail!(stored);
    expect(user?.email).toBe(stored);

    // An email-link sign-in with the address as typed reaches that user.
    const second = createBrowser();
    await post(second, "/signin/nodemailer", { email: stored });
    await second.follow(await linkIn(stored, "/auth/callback/nodemailer"));
    expect((await session(second, latch.origin))?.user?.name).toBe("Ada");

    // So does a password reset, and the password then signs that user in.
    await post(createBrowser(), "/password/forgot", { email: stored });
    const reset = new URL(await linkIn(stored, "/auth/password/reset"));
    expect((await post(createBrowser(), "/password/reset", { token: reset.searchParams.get("token")!, email: stored, password: "a long new passphrase 4" })).status).toBe(302);
    const third = createBrowser();
    await post(third, "/callback/password", { email: stored, password: "a long new passphrase 4" });
    expect((await session(third, latch.origin))?.user?.name).toBe("Ada");
    expect((await adapter.getUserByEmail!(stored))?.id).toBe(user!.id);

    expect(seen.length).toBeGreaterThan(0);
    for (const email of seen) expect(email).toBe(email.normalize("NFKC").trim().toLowerCase());
  }, 120_000);
}

describe("PGlite", () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());
  storeSuite(async () => {
    const { adapter, db } = await pgliteAdapter();
    close = () => db.close();
    return adapter;
  });
});

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  const pool = migratedSchemaPool();
  storeSuite(() => PostgresAdapter(pool));
});

describe.runIf(await needService(services.redis))("Redis", () => {
  const { redis, prefix } = prefixedRedis("latch-spelling");
  storeSuite(() => RedisAdapter(redis, { prefix }));
});
