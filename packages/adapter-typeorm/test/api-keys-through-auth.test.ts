/**
 * An API key made through `Auth()` with keys stored by @latch/typeorm, on the real PostgreSQL
 * (scopes in a `text[]`) and MariaDB and on SQLite (scopes in one text): it reads
 * `GET /auth/session` from requests without cookies, and after its revocation it is refused and
 * its row is gone.
 */
import { createHash } from "node:crypto";
import { newUser } from "@latch/adapter-test";
import { apiKeyRoundTrip } from "@latch/testing";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { throughAuthEngines } from "./through-auth-engines.js";

const engines = await throughAuthEngines();

for (const [name, up, engine] of engines) {
  describe.runIf(up)(`API keys through Auth() with @latch/typeorm on ${name}`, () => {
    const dataSource = new DataSource(engine.options);
    beforeAll(async () => {
      await engine.create();
      await migrate(dataSource);
    });
    afterAll(async () => {
      await dataSource.destroy();
      await engine.drop();
    });

    test("a key made by a signed-in user reads the session without cookies, and is refused once revoked", async () => {
      const trip = await apiKeyRoundTrip(TypeORMAdapter(dataSource));
      expect(trip.created.status).toBe(201);
      const [, id, secret] = /^latch_([0-9a-f]{16})_(.+)$/.exec(trip.key)!;
      for (const answer of [trip.withKey, trip.withBearer]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ user: { id: trip.userId }, apiKey: { id, scopes: ["orders:read", "orders:write"] } });
      }
      // Stored as the SHA-256 of its secret, owned by the user, with its scopes in the engine's own form.
      expect(trip.stored).toMatchObject({ id, ownerType: "user", ownerId: trip.userId, hash: createHash("sha256").update(secret!).digest("hex"), scopes: ["orders:read", "orders:write"] });
      expect(JSON.stringify(trip.stored)).not.toContain(secret);

      expect(trip.revoked).toEqual({ status: 200, body: { revoked: true } });
      expect(trip.afterRevoke.status).toBe(401);
      expect(trip.afterRevoke.body).toMatchObject({ error: "InvalidApiKey" });
      expect(trip.storedAfterRevoke).toBeNull();
    });

    test("a scope holding white space is refused by the adapter, and nothing is written", async () => {
      const adapter = TypeORMAdapter(dataSource);
      const user = await adapter.createUser!(newUser());
      const key = { id: "0a1b2c3d4e5f6a7b", ownerType: "user", ownerId: user.id, name: "spaced", scopes: ["orders:read"], hash: "e".repeat(64), createdAt: new Date("2026-11-27T12:00:00.000Z"), expires: null, lastUsedAt: null };
      await expect(adapter.createApiKey({ ...key, scopes: ["orders read"] })).rejects.toThrow(/white space/);
      expect(await adapter.getApiKey(key.id)).toBeNull();
      await adapter.createApiKey(key);
      await expect(adapter.updateApiKey(key.id, { scopes: ["a", "b\tc"] })).rejects.toThrow(/white space/);
      expect(await adapter.getApiKey(key.id)).toEqual(key);
      await adapter.deleteApiKey(key.id);
    });

    test.runIf(name === "PostgreSQL")("on PostgreSQL the scopes are stored as a text[], as @latch/pg stores them", async () => {
      const adapter = TypeORMAdapter(dataSource);
      const user = await adapter.createUser!(newUser());
      const key = { id: "00112233445566ff", ownerType: "user", ownerId: user.id, name: "ci", scopes: ["orders:read", "a/b"], hash: "f".repeat(64), createdAt: new Date("2026-11-27T12:00:00.000Z"), expires: null, lastUsedAt: null };
      await adapter.createApiKey(key);
      const [row] = (await dataSource.query(`SELECT scopes, pg_typeof(scopes)::text AS type FROM ${engine.schema}.api_keys WHERE id = $1`, [key.id])) as { scopes: unknown; type: string }[];
      expect(row).toEqual({ scopes: ["orders:read", "a/b"], type: "text[]" });
      expect(await adapter.getApiKey(key.id)).toEqual(key);
    });
  });
}
