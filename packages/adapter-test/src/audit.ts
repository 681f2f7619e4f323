import { randomUUID } from "node:crypto";
import type { AdapterAuditEvent, AuditAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** An event at `at` (whole milliseconds), with every field set unless overridden. */
function event(at: number, fields: Partial<AdapterAuditEvent> = {}): AdapterAuditEvent {
  return {
    id: randomUUID(),
    at: new Date(at),
    action: "signIn",
    outcome: "success",
    actorUserId: null,
    subjectUserId: null,
    organizationId: null,
    network: null,
    userAgent: null,
    details: null,
    ...fields,
  };
}

/**
 * Tests of the audit trail's methods `AuditTrail()` needs (`AuditAdapter`): append, then list
 * newest first with filters and a cursor; nothing to change or delete an event. Skipped, saying
 * so, when the adapter has neither method.
 */
export function auditTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<AuditAdapter>;
  const present = typeof store.appendAuditEvent === "function";
  if (!present) console.warn("skipped: audit-trail tests (the adapter has no appendAuditEvent/listAuditEvents, so AuditTrail() refuses it unless store: false)");
  const audit = () => store as typeof store & AuditAdapter;

  describe.skipIf(!present)("audit trail", () => {
    test("an appended event is read back whole, newest first; a field not given reads as null", async () => {
      const user = randomUUID();
      const base = Date.now() - 60_000;
      const full = event(base, { action: "admin.ban", outcome: "failure", actorUserId: randomUUID(), subjectUserId: user, organizationId: randomUUID(), network: "0123456789abcdef0123456789abcdef", userAgent: "Mozilla/5.0 (X11)", details: { provider: "credentials", count: 2, newUser: true, none: null } });
      const bare = { id: randomUUID(), at: new Date(base + 1000), action: "signOut", outcome: "success" as const, subjectUserId: user };
      await audit().appendAuditEvent(full);
      await audit().appendAuditEvent(bare);
      const found = await audit().listAuditEvents({ userId: user, limit: 10 });
      expect(found).toEqual([{ ...event(base + 1000, { id: bare.id, action: "signOut", subjectUserId: user }) }, full]);
    });

    test("the filters: a user's events (as actor or subject), an organization's, both; and every event without one", async () => {
      const [alice, bob, organization] = [randomUUID(), randomUUID(), randomUUID()];
      const base = Date.now() - 50_000;
      const made = [
        event(base, { actorUserId: alice, subjectUserId: alice }),
        event(base + 1, { actorUserId: bob, subjectUserId: alice, organizationId: organization }),
        event(base + 2, { actorUserId: alice, subjectUserId: bob, organizationId: organization }),
        event(base + 3, { actorUserId: bob, subjectUserId: bob }),
      ];
      for (const one of made) await audit().appendAuditEvent(one);
      const ids = (events: AdapterAuditEvent[]) => events.map((one) => one.id);
      expect(ids(await audit().listAuditEvents({ userId: alice, limit: 10 }))).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
      expect(ids(await audit().listAuditEvents({ organizationId: organization, limit: 10 }))).toEqual([made[2]!.id, made[1]!.id]);
      expect(ids(await audit().listAuditEvents({ organizationId: organization, userId: bob, limit: 10 }))).toEqual([made[2]!.id, made[1]!.id]);
      expect(ids(await audit().listAuditEvents({ userId: randomUUID(), limit: 10 }))).toEqual([]);
      const all = ids(await audit().listAuditEvents({ limit: 1000 }));
      expect(all).toEqual(expect.arrayContaining(ids(made)));
    });

    test("paging: `before` an event gives the older ones, ties of one instant ordered by id, with no event twice or left out", async () => {
      const user = randomUUID();
      const base = Date.now() - 40_000;
      const made = [0, 0, 0, 1, 1, 2, 3].map((offset) => event(base + offset, { subjectUserId: user }));
      for (const one of made) await audit().appendAuditEvent(one);
      const expected = [...made].sort((a, b) => b.at.valueOf() - a.at.valueOf() || (a.id < b.id ? 1 : -1)).map((one) => one.id);
      const seen: string[] = [];
      let before: { at: Date; id: string } | undefined;
      for (;;) {
        const page = await audit().listAuditEvents({ userId: user, limit: 3, ...(before ? { before } : {}) });
        seen.push(...page.map((one) => one.id));
        if (page.length < 3) break;
        const last = page[page.length - 1]!;
        before = { at: last.at, id: last.id };
      }
      expect(seen).toEqual(expected);
    });

    test("an event stays when its user is removed (ids only), and the adapter offers no way to change or delete one", async () => {
      const user = await signUp(options);
      const kept = event(Date.now() - 30_000, { subjectUserId: user.id, actorUserId: user.id });
      await audit().appendAuditEvent(kept);
      if (typeof options.adapter.deleteUser === "function") await options.adapter.deleteUser(user.id);
      expect(await audit().listAuditEvents({ userId: user.id, limit: 5 })).toEqual([kept]);
      const methods = Object.keys(options.adapter).filter((name) => /audit/i.test(name)).sort();
      expect(methods).toEqual(["appendAuditEvent", "listAuditEvents"]);
    });
  });
}
