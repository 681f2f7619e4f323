/**
 * Addresses in their stored spelling on the real Redis: users written by an older version (their
 * record and email index key in another spelling) are rewritten by normalizeStoredEmails, users
 * whose addresses collide are reported and left as they are, and the adapter then finds each user
 * by the address as a person types it.
 */
import { randomUUID } from "node:crypto";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";
import { decode, encode, type AdapterUser } from "../src/codec.js";
import { keysFor } from "../src/keys.js";
import { normalizeStoredEmails } from "../src/stored-emails.js";

const prefix = `latch-spelling-${randomUUID().slice(0, 8)}:`;
const keys = keysFor(prefix);

describe.runIf(await needService(services.redis))("stored spelling on Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  beforeAll(() => redis.connect());
  afterAll(async () => {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
    await redis.quit();
  });

  /** A user as an older version stored it: the record and the index key in the spelling it was given. */
  async function legacyUser(id: string, email: string): Promise<void> {
    await redis.set(keys.user(id), encode({ id, email, emailVerified: null }));
    await redis.set(keys.userByEmail(email), id);
  }

  test("older users are rewritten, colliding ones reported and kept, and the adapter finds them by any spelling", async () => {
    await legacyUser("mixed", "Grace@Example.COM");
    await legacyUser("wide", "ｋａｙ@example.com");
    await legacyUser("twin-a", "twin@example.com");
    await legacyUser("twin-b", "TWIN@example.com");
    const adapter = RedisAdapter(redis, { prefix });
    expect(await adapter.getUserByEmail!("grace@example.com")).toBeNull();

    const report = await normalizeStoredEmails(redis, { prefix });
    expect(report.rewritten).toBe(2);
    const twins = [{ email: "twin@example.com", users: [{ id: "twin-a", email: "twin@example.com" }, { id: "twin-b", email: "TWIN@example.com" }] }];
    expect(report.emailCollisions).toEqual(twins);

    expect((await adapter.getUserByEmail!("GRACE@example.com"))?.id).toBe("mixed");
    expect(decode<AdapterUser>(await redis.get(keys.user("mixed")))?.email).toBe("grace@example.com");
    expect(await redis.exists(keys.userByEmail("Grace@Example.COM"))).toBe(0);
    expect((await adapter.getUserByEmail!("kay@example.com"))?.id).toBe("wide");
    // Both twins keep their record and key.
    expect(decode<AdapterUser>(await redis.get(keys.user("twin-b")))?.email).toBe("TWIN@example.com");
    expect(await redis.get(keys.userByEmail("TWIN@example.com"))).toBe("twin-b");

    // Again: nothing more to rewrite, the collision still reported until resolved.
    expect(await normalizeStoredEmails(redis, { prefix })).toEqual({ rewritten: 0, emailCollisions: twins });
    await adapter.deleteUser!("twin-b");
    expect(await normalizeStoredEmails(redis, { prefix })).toEqual({ rewritten: 0, emailCollisions: [] });
  });

  test("an older user changed through the adapter moves to the stored spelling, its old index key removed", async () => {
    await legacyUser("old", "Old.Mixed@Example.com");
    const adapter = RedisAdapter(redis, { prefix });
    await adapter.updateUser!({ id: "old", name: "Renamed" });
    expect(await redis.get(keys.userByEmail("old.mixed@example.com"))).toBe("old");
    expect(await redis.exists(keys.userByEmail("Old.Mixed@Example.com"))).toBe(0);
  });
});
