/**
 * The audit trail's retention on the real Redis: events written by an adapter that keeps them for
 * good, then an adapter with `auditRetentionDays` appending on the same keys removes the older
 * ones from the hash and from every index (all, user, organization), and keeps the rest.
 */
import { randomUUID } from "node:crypto";
import type { AdapterAuditEvent, AuditAdapter } from "@latch/core/adapters";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const day = 24 * 60 * 60 * 1000;

function event(daysAgo: number, fields: Partial<AdapterAuditEvent> = {}): AdapterAuditEvent {
  return {
    id: randomUUID(),
    at: new Date(Date.now() - daysAgo * day),
    action: "signIn",
    outcome: "success",
    actorUserId: "user-ada",
    subjectUserId: "user-ada",
    organizationId: "org-acme",
    network: null,
    userAgent: null,
    details: null,
    ...fields,
  };
}

describe.runIf(await needService(services.redis))("the Redis audit trail's retention", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port });
  const forever = RedisAdapter(redis, { prefix }) as unknown as AuditAdapter;
  const kept30Days = RedisAdapter(redis, { prefix, auditRetentionDays: 30 }) as unknown as AuditAdapter;

  afterAll(async () => {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
    redis.disconnect();
  });

  const ids = async (query: { userId?: string; organizationId?: string } = {}) => (await forever.listAuditEvents({ ...query, limit: 100 })).map((e) => e.id);

  test("an append under a retention removes the older events from the hash and every index, and keeps the newer", async () => {
    const old = event(40, { subjectUserId: "user-bob" });
    const recent = event(10);
    await forever.appendAuditEvent(old);
    await forever.appendAuditEvent(recent);
    expect(await ids()).toEqual([recent.id, old.id]);

    const now = event(0);
    await kept30Days.appendAuditEvent(now);
    expect(await ids()).toEqual([now.id, recent.id]);
    expect(await ids({ userId: "user-ada" })).toEqual([now.id, recent.id]);
    expect(await ids({ userId: "user-bob" })).toEqual([]);
    expect(await ids({ organizationId: "org-acme" })).toEqual([now.id, recent.id]);
    expect(await redis.hexists(`${prefix}audit:events`, old.id)).toBe(0);
    expect(await redis.zscore(`${prefix}audit:user:user-bob`, old.id)).toBeNull();
    expect(await redis.zscore(`${prefix}audit:organization:org-acme`, old.id)).toBeNull();
  });

  test("without a retention, nothing is removed", async () => {
    const old = event(400);
    await forever.appendAuditEvent(old);
    await forever.appendAuditEvent(event(0));
    expect(await ids()).toContain(old.id);
  });

  test("a retention that is not a positive number of days is a configuration error", () => {
    expect(() => RedisAdapter(redis, { prefix, auditRetentionDays: 0 })).toThrow(/auditRetentionDays/);
    expect(() => RedisAdapter(redis, { prefix, auditRetentionDays: Number.NaN })).toThrow(/auditRetentionDays/);
  });
});
