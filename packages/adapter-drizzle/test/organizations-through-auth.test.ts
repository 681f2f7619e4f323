/**
 * An organization made through `Auth()` with organizations stored by @latch/drizzle, on the real
 * PostgreSQL (@latch/pg's tables) and MariaDB and on SQLite (@latch/typeorm's tables): a taken
 * slug is refused and writes nothing, and once the owner switches to it the session read carries
 * it, from the adapter's join.
 */
import { organizationRoundTrip } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { engines } from "./through-auth-engines.js";

for (const [name, makeEngine, up] of engines) {
  describe.runIf(up)(`Organizations through Auth() with @latch/drizzle on ${name}`, () => {
    const engine = makeEngine();
    beforeAll(() => engine.setUp());
    afterAll(() => engine.tearDown());

    test("an organization made by a signed-in user becomes the session's, with the owner's role", async () => {
      const trip = await organizationRoundTrip(engine.adapter());
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
