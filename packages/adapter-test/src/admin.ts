import { randomUUID } from "node:crypto";
import type { AdapterUser, AdminAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

const none = { role: null, banned: false, banReason: null, banExpires: null };

/**
 * Tests of the site-administration methods `Admin()` needs (`AdminAdapter`). Skipped, saying so,
 * when the adapter has none of them.
 */
export function adminTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<AdminAdapter>;
  const present = typeof store.getUserStanding === "function";
  if (!present) console.warn("skipped: site-administration tests (the adapter has no listUsers/getUserStanding/updateUserStanding, so Admin() refuses it)");
  const admin = () => store as Required<AdminAdapter>;

  describe.skipIf(!present)("site roles and bans", () => {
    test("a new user has no role and no ban; an unknown user has no standing", async () => {
      const user = await signUp(options);
      expect(await admin().getUserStanding(user.id)).toEqual(none);
      expect(await admin().getUserStanding(randomUUID())).toBeNull();
    });

    test("updateUserStanding changes only the given fields and answers null for no such user", async () => {
      const user = await signUp(options);
      const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
      expect(await admin().updateUserStanding(user.id, { banned: true, banReason: "spam", banExpires: until })).toEqual({ ...none, banned: true, banReason: "spam", banExpires: until });
      expect(await admin().updateUserStanding(user.id, { role: "admin" })).toEqual({ role: "admin", banned: true, banReason: "spam", banExpires: until });
      expect(await admin().updateUserStanding(user.id, { banned: false, banReason: null, banExpires: null, role: null })).toEqual(none);
      expect(await admin().getUserStanding(user.id)).toEqual(none);
      expect(await admin().updateUserStanding(randomUUID(), { role: "admin" })).toBeNull();
    });

    test("listUsers pages through the users whose address or name contains the text, any case, and counts them all", async () => {
      const tag = randomUUID().slice(0, 8);
      const made: AdapterUser[] = [];
      for (const n of [3, 1, 2]) made.push(await signUp(options, { email: `${tag}-${n}@example.com`, name: `User ${n}` }));
      const named = await signUp(options, { name: `Named ${tag.toUpperCase()}` });
      await admin().updateUserStanding(made[0]!.id, { role: "admin" });
      const first = await admin().listUsers({ search: tag, offset: 0, limit: 2 });
      expect(first.total).toBe(4);
      expect(first.users).toHaveLength(2);
      const second = await admin().listUsers({ search: tag, offset: 2, limit: 2 });
      expect(second.total).toBe(4);
      const all = [...first.users, ...second.users];
      expect(all.map((entry) => entry.user.id).sort()).toEqual([...made, named].map((user) => user.id).sort());
      // Ordered by address: the three tagged addresses, in order, and the named user's address where it sorts.
      const tagged = all.filter((entry) => entry.user.email.startsWith(tag)).map((entry) => entry.user.email);
      expect(tagged).toEqual([1, 2, 3].map((n) => `${tag}-${n}@example.com`));
      expect(all.find((entry) => entry.user.id === made[0]!.id)?.standing).toEqual({ ...none, role: "admin" });
      expect(all.find((entry) => entry.user.id === made[1]!.id)?.user).toMatchObject({ email: `${tag}-1@example.com`, name: "User 1" });
      expect(await admin().listUsers({ search: `${tag}%`, offset: 0, limit: 10 })).toEqual({ users: [], total: 0 });
      expect((await admin().listUsers({ offset: 0, limit: 1 })).users).toHaveLength(1);
    });

    test("deleting a user takes its standing with it", async () => {
      const user = await signUp(options);
      await admin().updateUserStanding(user.id, { banned: true, banReason: "gone" });
      await need(options, "deleteUser").deleteUser(user.id);
      expect(await admin().getUserStanding(user.id)).toBeNull();
    });
  });
}
