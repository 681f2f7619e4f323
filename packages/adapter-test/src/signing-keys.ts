import { randomInt, randomUUID } from "node:crypto";
import type { AdapterSigningKey } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { need } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

const methods = ["listSigningKeys", "createSigningKey"] as const;

/** A key of a generation no other test uses (the keys are shared by the whole store, owned by no user). */
function key(overrides: Partial<AdapterSigningKey> = {}): AdapterSigningKey {
  return {
    id: randomUUID(), generation: randomInt(1_000_000, 2_000_000_000), algorithm: "EdDSA",
    publicKey: JSON.stringify({ kty: "OKP", crv: "Ed25519", x: randomUUID() }), privateKey: `sealed.${randomUUID()}`,
    createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
    ...overrides,
  };
}

const ofIds = (keys: AdapterSigningKey[], ids: string[]) => keys.filter((k) => ids.includes(k.id));

/**
 * Tests of the signing-key methods `AccessTokens()` needs to store its keys. Skipped, saying so,
 * when the adapter has none of them.
 */
export function signingKeyTests(options: AdapterTestOptions): void {
  const { adapter } = options;
  const present = typeof adapter.listSigningKeys === "function";
  if (!present) console.warn('skipped: signing-key tests (the adapter has no listSigningKeys/createSigningKey, so AccessTokens() needs keys: "secret" with it)');

  describe.skipIf(!present)("signing keys", () => {
    test("createSigningKey stores a key that listSigningKeys gives back as it was", async () => {
      const a = need(options, ...methods);
      const stored = key();
      expect(await a.createSigningKey(stored)).toBe(true);
      expect(ofIds(await a.listSigningKeys(), [stored.id])).toEqual([stored]);
    });

    test("a second key of a stored generation, or with a stored id, is not stored: createSigningKey answers false", async () => {
      const a = need(options, ...methods);
      const first = key();
      const sameGeneration = key({ generation: first.generation });
      const sameId = key({ id: first.id });
      expect(await a.createSigningKey(first)).toBe(true);
      expect(await a.createSigningKey(sameGeneration)).toBe(false);
      expect(await a.createSigningKey(sameId)).toBe(false);
      expect(ofIds(await a.listSigningKeys(), [first.id, sameGeneration.id])).toEqual([first]);
    });

    test("of keys of one generation stored together, exactly one is stored", async () => {
      const a = need(options, ...methods);
      const generation = randomInt(1_000_000, 2_000_000_000);
      const racing = Array.from({ length: 6 }, () => key({ generation }));
      const answers = await Promise.all(racing.map((k) => a.createSigningKey(k)));
      expect(answers.filter(Boolean)).toHaveLength(1);
      const winner = racing[answers.indexOf(true)]!;
      expect(ofIds(await a.listSigningKeys(), racing.map((k) => k.id))).toEqual([winner]);
    });
  });
}
