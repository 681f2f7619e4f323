/**
 * Addresses in their stored spelling (PROTOCOL §6 "Email identifier") on the real PostgreSQL and
 * on PGlite: an OpenID Connect user whose provider sends another spelling of the address is found
 * by the password reset and the sign-up (real OpenID Provider, real SMTP, Express + Latch), the
 * adapter stores and looks up one spelling, and migration 9 rewrites existing rows and reports
 * the users whose addresses collide, without merging them.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { ExpressAuth } from "@latch/express";
import { createBrowser, needService, randomDatabaseName, schemaPool, services, startOpenIDProvider, startSmtpServer, type OpenIDProvider, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import { PostgresAdapter } from "../src/adapter.js";
import type { Queryable } from "../src/client.js";
import { emailCollisions } from "../src/email-addresses.js";
import { migrate } from "../src/migrations.js";

// Mixed case and a full-width letter: NFKC and lower case make it ada.lovelace@example.com.
const account = { sub: "op-ada", email: "Ada.Lovelace@ＥXAMPLE.com", email_verified: true, name: "Ada Lovelace" };
const stored = "ada.lovelace@example.com";

describe.runIf(await needService(services.postgres))("an OpenID Connect user found by the password flows under the stored spelling", { timeout: 60_000 }, () => {
  const schema = randomDatabaseName();
  const pool = schemaPool(schema, 4);
  let op: OpenIDProvider;
  let smtp: SmtpTestServer;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    [op, smtp] = await Promise.all([startOpenIDProvider({ accounts: [account], signInAs: account.sub }), startSmtpServer()]);
    const app = express();
    app.use(
      "/auth",
      ExpressAuth({
        secret: "stored-spelling-test-secret-0123456789abcdef",
        trustHost: true,
        adapter: PostgresAdapter(pool),
        logger: { error: () => {}, warn: () => {} },
        providers: [
          { id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" },
          Password(),
          Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" }),
        ],
      }),
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${origin}/auth/callback/op`] });
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await op?.close();
    await smtp?.close();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  async function post(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response> {
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${origin}/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, ...fields }),
    });
  }

  test("the provider's spelling is stored as the stored one; reset and sign-up with the lower-case address reach that user", async () => {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const { url } = await browser.follow(
      `${origin}/auth/signin/op`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/home` }) },
      { stopAt: (u) => u.pathname.endsWith("/callback/op") },
    );
    expect((await browser.fetch(url.toString())).headers.get("location")).toBe(`${origin}/home`);
    const { rows: users } = await pool.query(`SELECT id, email FROM users`);
    expect(users).toEqual([{ id: expect.any(String), email: stored }]);

    // Forgot password with the address as a person types it: the OpenID Connect user gets the link.
    const forgot = await post(createBrowser(), "/password/forgot", { email: stored });
    expect(forgot.status).toBe(302);
    const mail = await smtp.waitForMail({ to: stored, timeoutMs: 3000 });
    const link = new URL(mail.urls.find((u) => new URL(u).pathname === "/auth/password/reset")!);
    const reset = await post(createBrowser(), "/password/reset", { token: link.searchParams.get("token")!, email: stored, password: "a new long passphrase 9" });
    expect(reset.status).toBe(302);
    const { rows: passwords } = await pool.query(`SELECT "userId" FROM passwords`);
    expect(passwords).toEqual([{ userId: users[0].id }]);

    // A sign-up with any spelling of the address is the notice to the existing user, not a second user.
    await post(createBrowser(), "/signup", { email: "ADA.lovelace@example.COM", password: "another long passphrase 3" });
    expect((await smtp.waitForMail({ to: stored, timeoutMs: 3000 })).subject).toMatch(/^Sign-up attempt/);
    expect((await pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(1);
  });
});

/** Rows as an older release, or another program, may have written them. */
async function seedSpellings(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM latch_migrations WHERE version = 9`);
  await db.query(
    `INSERT INTO users (id, email) VALUES
      ('mixed', 'Grace@Example.COM'), ('spaced', '  linus@example.com '), ('wide', 'ｋａｙ@example.com'),
      ('twin-a', 'Twin@example.com'), ('twin-b', 'twin@example.com'), ('twin-c', 'TWIN@EXAMPLE.COM'), ('none', '')`,
  );
}

async function emails(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query(`SELECT id, email FROM users ORDER BY id`);
  return Object.fromEntries((rows as { id: string; email: string }[]).map((row) => [row.id, row.email]));
}

function migrationTests(connect: () => Promise<{ db: Queryable; close: () => Promise<void> }>): void {
  let db: Queryable;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await connect());
    await migrate(db);
  });
  afterAll(() => close?.());

  test("migration 9 rewrites addresses to the stored spelling and reports, without merging, the users whose addresses collide", async () => {
    await seedSpellings(db);
    const report = await migrate(db);
    expect(await emails(db)).toEqual({
      mixed: "grace@example.com",
      spaced: "linus@example.com",
      wide: "kay@example.com",
      "twin-a": "Twin@example.com",
      "twin-b": "twin@example.com",
      "twin-c": "TWIN@EXAMPLE.COM",
      none: "",
    });
    expect(report.emailCollisions).toEqual([
      {
        email: "twin@example.com",
        users: [
          { id: "twin-a", email: "Twin@example.com" },
          { id: "twin-b", email: "twin@example.com" },
          { id: "twin-c", email: "TWIN@EXAMPLE.COM" },
        ],
      },
    ]);
    expect((await db.query(`SELECT name FROM latch_migrations WHERE version = 9`)).rows).toEqual([{ name: "email addresses in the stored spelling" }]);
    // Reported once by migrate; emailCollisions() finds them until the operator resolves them.
    expect((await migrate(db)).emailCollisions).toEqual([]);
    expect(await emailCollisions(db)).toEqual(report.emailCollisions);
    await db.query(`DELETE FROM users WHERE id IN ('twin-a', 'twin-c')`);
    expect(await emailCollisions(db)).toEqual([]);
  });

  test("the adapter stores one spelling and finds the user by any", async () => {
    const adapter = PostgresAdapter(db);
    const user = await adapter.createUser!({ id: "ada", email: " Ada@Example.COM", emailVerified: null });
    expect(user.email).toBe("ada@example.com");
    expect((await adapter.getUserByEmail!("ADA@example.com"))?.id).toBe("ada");
    await adapter.updateUser!({ id: "ada", email: "Ada.B@Example.COM" });
    expect((await emails(db)).ada).toBe("ada.b@example.com");
    expect((await adapter.getUserByEmail!("ada.b@EXAMPLE.com"))?.id).toBe("ada");
  });
}

describe("stored spelling on PGlite", () => {
  migrationTests(async () => {
    const db = await PGlite.create();
    return { db, close: () => db.close() };
  });
});

describe.runIf(await needService(services.postgres))("stored spelling on PostgreSQL", () => {
  migrationTests(async () => {
    const schema = randomDatabaseName();
    const pool = schemaPool(schema, 2);
    await pool.query(`CREATE SCHEMA ${schema}`);
    return {
      db: pool,
      close: async () => {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  });
});
