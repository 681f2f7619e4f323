/**
 * The audit trail's table refuses to change or lose an event (migration 15): UPDATE, DELETE and
 * TRUNCATE fail on PostgreSQL and on PGlite, and the event is as it was.
 */
import { PGlite } from "@electric-sql/pglite";
import type { AuditAdapter } from "@latch/core/adapters";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Queryable } from "../src/client.js";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

function appendOnly(name: string, open: () => Promise<{ db: Queryable; close(): Promise<void> }>) {
  describe(name, () => {
    let db: Queryable;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
      await migrate(db);
    });
    afterAll(() => close());

    test("an UPDATE, a DELETE and a TRUNCATE of audit_events are refused; the event stays as written", async () => {
      const adapter = PostgresAdapter(db) as ReturnType<typeof PostgresAdapter> & AuditAdapter;
      const event = { id: "event-1", at: new Date(Date.UTC(2026, 0, 1)), action: "signIn", outcome: "success" as const, subjectUserId: "user-1", details: { provider: "credentials" } };
      await adapter.appendAuditEvent(event);
      await expect(db.query(`UPDATE audit_events SET action = 'signOut' WHERE id = 'event-1'`)).rejects.toThrow(/append-only: UPDATE is refused/);
      await expect(db.query(`DELETE FROM audit_events WHERE id = 'event-1'`)).rejects.toThrow(/append-only: DELETE is refused/);
      await expect(db.query(`TRUNCATE audit_events`)).rejects.toThrow(/append-only: TRUNCATE is refused/);
      expect(await adapter.listAuditEvents({ userId: "user-1", limit: 5 })).toEqual([
        { ...event, actorUserId: null, organizationId: null, network: null, userAgent: null },
      ]);
      const { rows } = await db.query(`SELECT version, name FROM latch_migrations WHERE version = 15`);
      expect(rows).toEqual([{ version: 15, name: "audit events" }]);
    });
  });
}

const schema = randomDatabaseName();
if (await needService(services.postgres)) {
  appendOnly("audit_events on PostgreSQL", async () => {
    const pool = schemaPool(schema);
    await pool.query(`CREATE SCHEMA ${schema}`);
    return { db: pool, close: async () => { await pool.query(`DROP SCHEMA ${schema} CASCADE`); await pool.end(); } };
  });
}
appendOnly("audit_events on PGlite", async () => {
  const db = new PGlite();
  return { db: db as unknown as Queryable, close: () => db.close() };
});
