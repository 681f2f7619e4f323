import { randomBytes, randomUUID } from "node:crypto";
import type { AdapterApiKey, ApiKeyAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** A key row of `ownerId`, dates in whole seconds (as every engine stores them). */
function keyOf(ownerId: string, overrides: Partial<AdapterApiKey> = {}): AdapterApiKey {
  const second = Math.floor(Date.now() / 1000) * 1000;
  return {
    id: randomBytes(8).toString("hex"), ownerType: "user", ownerId, name: `key ${randomUUID().slice(0, 8)}`,
    scopes: ["orders:read", "api-keys"], hash: randomBytes(32).toString("hex"),
    createdAt: new Date(second), expires: new Date(second + 86_400_000), lastUsedAt: null,
    ...overrides,
  };
}

/**
 * Tests of the API-key methods `ApiKeys()` needs (`ApiKeyAdapter`). Skipped, saying so, when the
 * adapter has none of them.
 */
export function apiKeyTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<ApiKeyAdapter>;
  const present = typeof store.getApiKey === "function";
  if (!present) console.warn("skipped: API-key tests (the adapter has no createApiKey/getApiKey/listApiKeys/updateApiKey/deleteApiKey, so ApiKeys() refuses it)");
  const keys = () => store as Required<ApiKeyAdapter>;

  describe.skipIf(!present)("API keys", () => {
    test("createApiKey stores a key that getApiKey and listApiKeys give back as it was", async () => {
      const user = await signUp(options);
      const key = keyOf(user.id);
      expect(await keys().createApiKey(key)).toEqual(key);
      expect(await keys().getApiKey(key.id)).toEqual(key);
      expect(await keys().listApiKeys("user", user.id)).toEqual([key]);
      expect(await keys().getApiKey(keyOf(user.id).id)).toBeNull();
    });

    test("an organization's key (ownerType organization) is stored, listed under its organization only, and deleted", async () => {
      const user = await signUp(options);
      const organizationId = randomUUID();
      const key = keyOf(organizationId, { ownerType: "organization" });
      expect(await keys().createApiKey(key)).toEqual(key);
      expect(await keys().getApiKey(key.id)).toEqual(key);
      expect(await keys().listApiKeys("organization", organizationId)).toEqual([key]);
      expect(await keys().listApiKeys("user", organizationId)).toEqual([]);
      expect(await keys().listApiKeys("organization", user.id)).toEqual([]);
      expect(await keys().deleteApiKey(key.id)).toEqual(key);
      expect(await keys().getApiKey(key.id)).toBeNull();
    });

    test("a key without expiry or scopes keeps null and an empty list", async () => {
      const user = await signUp(options);
      const key = keyOf(user.id, { expires: null, scopes: [] });
      await keys().createApiKey(key);
      expect(await keys().getApiKey(key.id)).toEqual(key);
    });

    test("listApiKeys gives one owner's keys only", async () => {
      const [ada, bob] = [await signUp(options), await signUp(options)];
      const adas = [keyOf(ada.id), keyOf(ada.id)];
      for (const key of [...adas, keyOf(bob.id)]) await keys().createApiKey(key);
      const listed = await keys().listApiKeys("user", ada.id);
      expect(listed.map((k) => k.id).sort()).toEqual(adas.map((k) => k.id).sort());
    });

    test("updateApiKey changes only the given fields, and answers null for no such key", async () => {
      const user = await signUp(options);
      const key = keyOf(user.id);
      await keys().createApiKey(key);
      const used = new Date(key.createdAt.getTime() + 5000);
      expect(await keys().updateApiKey(key.id, { lastUsedAt: used })).toEqual({ ...key, lastUsedAt: used });
      expect(await keys().updateApiKey(key.id, { name: "renamed", scopes: ["a"], expires: null })).toEqual({ ...key, lastUsedAt: used, name: "renamed", scopes: ["a"], expires: null });
      expect(await keys().updateApiKey(keyOf(user.id).id, { name: "x" })).toBeNull();
    });

    test("deleteApiKey returns the key once: a second call, and getApiKey after it, find none", async () => {
      const user = await signUp(options);
      const key = keyOf(user.id);
      await keys().createApiKey(key);
      const answers = await Promise.all([keys().deleteApiKey(key.id), keys().deleteApiKey(key.id)]);
      expect(answers.filter((answer) => answer !== null)).toEqual([key]);
      expect(await keys().getApiKey(key.id)).toBeNull();
      expect(await keys().listApiKeys("user", user.id)).toEqual([]);
      expect(await keys().updateApiKey(key.id, { lastUsedAt: new Date() })).toBeNull();
      expect(await keys().getApiKey(key.id)).toBeNull();
    });

    test("deleting the user deletes the user's keys", async () => {
      const user = await signUp(options);
      const key = keyOf(user.id);
      await keys().createApiKey(key);
      await need(options, "deleteUser").deleteUser(user.id);
      expect(await keys().getApiKey(key.id)).toBeNull();
    });
  });
}
