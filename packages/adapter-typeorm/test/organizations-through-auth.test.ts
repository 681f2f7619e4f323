/**
 * An organization made through `Auth()` with organizations stored by @latch/typeorm, on the real
 * PostgreSQL and MariaDB and on SQLite: a taken slug is refused and writes nothing, and once the
 * owner switches to it the session read carries it, from the adapter's join.
 */
import { organizationRoundTrip } from "@latch/testing";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { throughAuthEngines } from "./through-auth-engines.js";

const engines = await throughAuthEngines();

for (const [name, up, engine] of engines) {
  describe.runIf(up)(`Organizations through Auth() with @latch/typeorm on ${name}`, () => {
    const dataSource = new DataSource(engine.options);
    beforeAll(async () => {
      await engine.create();
      await migrate(dataSource);
    });
    afterAll(async () => {
      await dataSource.destroy();
      await engine.drop();
    });

    test("an organization made by a signed-in user becomes the session's, with the owner's role", async () => {
      const trip = await organizationRoundTrip(TypeORMAdapter(dataSource));
      expect(trip.created.status).toBe(201);
      expect(trip.created.body).toMatchObject({ organization: { name: "Acme", slug: trip.slug, metadata: { plan: "pro" } }, role: "owner" });
      const { id } = (trip.created.body as { organization: { id: string } }).organization;
      expect(trip.clash.status).toBe(409);
      expect(trip.clashOwned).toEqual([]);
      expect((trip.before.body as { organization?: unknown }).organization ?? null).toBeNull();
      expect(trip.switched).toEqual({ status: 200, body: { organization: { id, slug: trip.slug, role: "owner" } } });
      expect(trip.after.body).toMatchObject({ organization: { id, slug: trip.slug, role: "owner" } });
      expect(trip.listed.body).toMatchObject({ organizations: [{ id, slug: trip.slug, role: "owner" }] });
    });
  });
}
