import { randomUUID } from "node:crypto";
import type { AdapterSecondFactor } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

const methods = ["listSecondFactors", "replaceSecondFactors", "confirmSecondFactor", "useTotpStep", "countSecondFactorAttempt", "deleteSecondFactor"] as const;

/** A row of `kind` for `userId`; the secret is opaque to the adapter. */
function row(userId: string, kind: string, overrides: Partial<AdapterSecondFactor> = {}): AdapterSecondFactor {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  return {
    id: randomUUID(), userId, kind, secret: `secret-${randomUUID()}`, lastUsedStep: null, attempts: 0,
    confirmedAt: kind === "totp" ? null : now, expires: kind.startsWith("email:") ? new Date(now.valueOf() + 600_000) : null, createdAt: now,
    ...overrides,
  };
}

/** Sorted by id, for comparing lists whose order the contract leaves open. */
const byId = (rows: AdapterSecondFactor[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/**
 * Tests of the second-factor methods `SecondFactors()` needs. Skipped, saying so, when the adapter
 * has none of them.
 */
export function secondFactorTests(options: AdapterTestOptions): void {
  const { adapter } = options;
  const present = typeof adapter.listSecondFactors === "function";
  if (!present) console.warn("skipped: second-factor tests (the adapter has no listSecondFactors/replaceSecondFactors/…, so SecondFactors() cannot use it)");

  const user = () => signUp(options);

  describe.skipIf(!present)("second factors", () => {
    test("replaceSecondFactors stores rows that listSecondFactors gives back as they were, [] for an unknown user", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const totp = row(owner.id, "totp", { lastUsedStep: 58_000_000 });
      const codes = [row(owner.id, "backup"), row(owner.id, "backup")];
      await a.replaceSecondFactors(owner.id, "totp", [totp]);
      await a.replaceSecondFactors(owner.id, "backup", codes);
      expect(byId(await a.listSecondFactors(owner.id))).toEqual(byId([totp, ...codes]));
      expect(await a.listSecondFactors(randomUUID())).toEqual([]);
    });

    test("replaceSecondFactors replaces only the rows of its kind and user", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const other = await user();
      const totp = row(owner.id, "totp");
      const othersCode = row(other.id, "backup");
      await a.replaceSecondFactors(owner.id, "totp", [totp]);
      await a.replaceSecondFactors(owner.id, "backup", [row(owner.id, "backup"), row(owner.id, "backup")]);
      await a.replaceSecondFactors(other.id, "backup", [othersCode]);
      const fresh = [row(owner.id, "backup")];
      await a.replaceSecondFactors(owner.id, "backup", fresh);
      expect(byId(await a.listSecondFactors(owner.id))).toEqual(byId([totp, ...fresh]));
      await a.replaceSecondFactors(owner.id, "backup", []);
      expect(await a.listSecondFactors(owner.id)).toEqual([totp]);
      expect(await a.listSecondFactors(other.id)).toEqual([othersCode]);
    });

    test("replaceSecondFactors refuses a user that does not exist and stores nothing", async () => {
      const a = need(options, ...methods);
      const ghost = randomUUID();
      await expect(Promise.resolve().then(() => a.replaceSecondFactors(ghost, "backup", [row(ghost, "backup")]))).rejects.toThrow();
      expect(await a.listSecondFactors(ghost)).toEqual([]);
    });

    test("confirmSecondFactor confirms an unconfirmed row once, recording its step", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const totp = row(owner.id, "totp");
      await a.replaceSecondFactors(owner.id, "totp", [totp]);
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      expect(await a.confirmSecondFactor(totp.id, 58_000_001, at)).toEqual({ ...totp, confirmedAt: at, lastUsedStep: 58_000_001 });
      expect(await a.confirmSecondFactor(totp.id, 58_000_002, new Date())).toBeNull();
      expect(await a.confirmSecondFactor(randomUUID(), 1, new Date())).toBeNull();
      expect((await a.listSecondFactors(owner.id))[0]).toMatchObject({ confirmedAt: at, lastUsedStep: 58_000_001 });
    });

    test("useTotpStep writes only a later step: the same step twice is refused (replay), an earlier one too", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const totp = row(owner.id, "totp", { confirmedAt: new Date() });
      await a.replaceSecondFactors(owner.id, "totp", [totp]);
      expect(await a.useTotpStep(totp.id, 100)).toBe(true);
      expect(await a.useTotpStep(totp.id, 100)).toBe(false);
      expect(await a.useTotpStep(totp.id, 99)).toBe(false);
      expect(await a.useTotpStep(totp.id, 101)).toBe(true);
      expect(await a.useTotpStep(randomUUID(), 5)).toBe(false);
      expect((await a.listSecondFactors(owner.id))[0]!.lastUsedStep).toBe(101);
    });

    test("useTotpStep: of concurrent uses of one step, exactly one succeeds", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const totp = row(owner.id, "totp", { confirmedAt: new Date(), lastUsedStep: 10 });
      await a.replaceSecondFactors(owner.id, "totp", [totp]);
      const results = await Promise.all(Array.from({ length: 5 }, () => a.useTotpStep(totp.id, 11)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    test("countSecondFactorAttempt counts each attempt, concurrent ones too; null once the row is gone", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const code = row(owner.id, "email:second-factor");
      await a.replaceSecondFactors(owner.id, code.kind, [code]);
      expect(await a.countSecondFactorAttempt(code.id)).toBe(1);
      const counts = await Promise.all(Array.from({ length: 4 }, () => a.countSecondFactorAttempt(code.id)));
      expect([...counts].sort()).toEqual([2, 3, 4, 5]);
      expect((await a.listSecondFactors(owner.id))[0]!.attempts).toBe(5);
      await a.deleteSecondFactor(code.id);
      expect(await a.countSecondFactorAttempt(code.id)).toBeNull();
    });

    test("deleteSecondFactor returns the row to one caller only (single use)", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const code = row(owner.id, "backup");
      const kept = row(owner.id, "backup");
      await a.replaceSecondFactors(owner.id, "backup", [code, kept]);
      const results = await Promise.all(Array.from({ length: 4 }, () => a.deleteSecondFactor(code.id)));
      expect(results.filter((result) => result !== null)).toEqual([code]);
      expect(await a.deleteSecondFactor(code.id)).toBeNull();
      expect(await a.listSecondFactors(owner.id)).toEqual([kept]);
    });

    test("deleteUser deletes the user's second factors", async () => {
      const a = need(options, "deleteUser", ...methods);
      const owner = await user();
      await a.replaceSecondFactors(owner.id, "totp", [row(owner.id, "totp")]);
      await a.replaceSecondFactors(owner.id, "backup", [row(owner.id, "backup")]);
      await a.deleteUser(owner.id);
      expect(await a.listSecondFactors(owner.id)).toEqual([]);
    });

    test("the methods do not modify their arguments", async () => {
      const a = need(options, ...methods);
      const owner = await user();
      const frozen = Object.freeze(row(owner.id, "backup"));
      const list = Object.freeze([frozen]) as unknown as AdapterSecondFactor[];
      await a.replaceSecondFactors(owner.id, "backup", list);
      expect(await a.listSecondFactors(owner.id)).toEqual([frozen]);
    });
  });
}
