/**
 * The provider's storage on `@latch/pg`'s migration 19, on PGlite and on the real PostgreSQL:
 * codes, refresh tokens and grants outlive the provider instance (a second app on the same
 * database takes them), token ids are stored only as digests, single-use codes and refresh-token
 * reuse detection hold on it.
 */
import { PGlite } from "@electric-sql/pglite";
import * as client from "openid-client";
import { migrate, migrations } from "@latch/pg";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { afterAll, describe, expect, test } from "vitest";
import { pgStorage, type PgQueryable } from "../src/pg.js";
import { startApp, type TestApp } from "./app.js";
import { codeFlow, memberBrowser, rpConfig } from "./flows.js";
import { durableStorageSuite } from "./durable-storage.js";

function storageSuite(name: string, open: () => Promise<{ db: PgQueryable; close(): Promise<void> }>) {
  describe(name, () => {
    const opened: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of opened.reverse()) await close();
    });
    async function twoApps(): Promise<[TestApp, TestApp, PgQueryable]> {
      const { db, close } = await open();
      opened.push(close);
      const first = await startApp({ db, provider: { storage: pgStorage(db) } });
      const second = await startApp({ db, provider: { storage: pgStorage(db), issuer: first.origin } });
      opened.push(() => first.close(), () => second.close());
      return [first, second, db];
    }

    test("migration 19 makes the table, and is recorded", async () => {
      const { db, close } = await open();
      opened.push(close);
      expect(migrations.find((m) => m.version === 19)?.name).toBe("OAuth provider models");
      const { rows } = await db.query(`SELECT version FROM latch_migrations WHERE version = 19`);
      expect(rows).toHaveLength(1);
    });

    test("tokens are kept as digests; a refresh token issued by one instance works at another; rotation and reuse detection", async () => {
      const [first, second, db] = await twoApps();
      const { browser, user } = await memberBrowser(first);
      const tokens = await codeFlow(await rpConfig(first), browser);
      expect(tokens.refresh_token).toBeTruthy();
      const { rows } = await db.query(`SELECT kind, id, payload::text AS payload FROM oauth_provider_models`);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(tokens.refresh_token!);
      expect(stored).not.toContain(tokens.access_token);
      expect((rows as { kind: string }[]).map((r) => r.kind)).toEqual(expect.arrayContaining(["AccessToken", "RefreshToken", "AuthorizationCode", "Grant", "Session"]));

      // The second instance (same database, same secret, same issuer) takes the first's refresh token.
      const metadata = (await (await fetch(`${second.origin}/.well-known/openid-configuration`)).json()) as client.ServerMetadata;
      expect(metadata.issuer).toBe(first.origin);
      expect(metadata.token_endpoint).toBe(`${second.origin}/auth/oauth2/token`);
      const config2 = new client.Configuration(metadata, "first-party", undefined, client.None());
      client.allowInsecureRequests(config2);
      const rotated = await client.refreshTokenGrant(config2, tokens.refresh_token!);
      expect(rotated.refresh_token).toBeTruthy();
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect((await client.fetchUserInfo(config2, rotated.access_token, user.id)).sub).toBe(user.id);

      // The old refresh token again: refused, and the grant is revoked (the rotated one dies too).
      await expect(client.refreshTokenGrant(config2, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.refreshTokenGrant(config2, rotated.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
      await expect(client.fetchUserInfo(config2, rotated.access_token, user.id)).rejects.toThrow();
    });
  });
}

storageSuite("PGlite", async () => {
  const db = new PGlite();
  await migrate(db);
  return { db, close: () => db.close() };
});

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  storageSuite("a schema of its own", async () => {
    const schema = randomDatabaseName("latch_oauth");
    const pool = schemaPool(schema);
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    return {
      db: pool,
      close: async () => {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  });
});

durableStorageSuite("pgStorage on PGlite, the durable-store suite", async () => {
  const db = new PGlite();
  await migrate(db);
  return {
    storage: pgStorage(db),
    async dump() {
      const { rows } = await db.query(`SELECT kind, id, payload::text AS payload, "grantId", "userCode", uid FROM oauth_provider_models`);
      return JSON.stringify(rows);
    },
    close: () => db.close(),
  };
});
