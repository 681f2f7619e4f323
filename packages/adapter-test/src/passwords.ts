import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { need, settle, signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** A PHC-shaped hash; the adapter stores the string as it is and never reads into it. */
function fakeHash(): string {
  return `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID().replace(/-/g, "")}$${randomUUID().replace(/-/g, "")}${randomUUID().replace(/-/g, "")}`;
}

/**
 * Tests of the password methods the `Password()` provider needs: getPassword, setPassword,
 * replacePasswordHash and deletePassword. Skipped, saying so, when the adapter has none of them.
 */
export function passwordTests(options: AdapterTestOptions): void {
  const { adapter, db } = options;
  const present = typeof adapter.getPassword === "function" || typeof adapter.setPassword === "function";
  if (!present) console.warn("skipped: password tests (the adapter has no getPassword/setPassword/replacePasswordHash/deletePassword, so Password() cannot use it)");

  async function userWithPassword() {
    const a = need(options, "createUser", "setPassword");
    const user = await signUp(options);
    const password = { userId: user.id, hash: fakeHash(), updatedAt: new Date(Date.now() - 60_000) };
    await a.setPassword(password);
    return { user, password };
  }

  describe.skipIf(!present)("passwords", () => {
    test("setPassword stores the hash and its date; getPassword and the store give them back", async () => {
      const a = need(options, "getPassword");
      const { user, password } = await userWithPassword();
      const read = await a.getPassword(user.id);
      expect(read).toEqual(password);
      expect(read?.updatedAt).toBeInstanceOf(Date);
      if (db.password) expect(await db.password(user.id)).toEqual(password);
    });

    test("setPassword returns what it stored and does not modify its argument", async () => {
      const a = need(options, "createUser", "setPassword");
      const user = await signUp(options);
      const password = Object.freeze({ userId: user.id, hash: fakeHash(), updatedAt: new Date() });
      expect(await a.setPassword(password)).toEqual(password);
    });

    test("getPassword is null for a user without a password and for an unknown user", async () => {
      const a = need(options, "createUser", "getPassword");
      const user = await signUp(options);
      expect(await a.getPassword(user.id)).toBeNull();
      expect(await a.getPassword(randomUUID())).toBeNull();
    });

    test("setPassword replaces the user's password: one per user", async () => {
      const a = need(options, "setPassword", "getPassword");
      const { user } = await userWithPassword();
      const next = { userId: user.id, hash: fakeHash(), updatedAt: new Date() };
      await a.setPassword(next);
      expect(await a.getPassword(user.id)).toEqual(next);
      if (db.password) expect(await db.password(user.id)).toEqual(next);
    });

    test("setPassword throws for an unknown user", async () => {
      const a = need(options, "setPassword");
      const userId = randomUUID();
      await expect(settle(() => a.setPassword({ userId, hash: fakeHash(), updatedAt: new Date() }))).rejects.toThrow();
      if (db.password) expect(await db.password(userId)).toBeNull();
    });

    test("replacePasswordHash writes only while the stored hash is the expected one, keeping updatedAt", async () => {
      const a = need(options, "replacePasswordHash", "getPassword", "setPassword");
      const { user, password } = await userWithPassword();
      const upgraded = fakeHash();
      expect(await a.replacePasswordHash(user.id, password.hash, upgraded)).toBe(true);
      expect(await a.getPassword(user.id)).toEqual({ ...password, hash: upgraded });
      // A reset happened meanwhile: the stale upgrade of the old password must not land.
      const reset = { userId: user.id, hash: fakeHash(), updatedAt: new Date() };
      await a.setPassword(reset);
      expect(await a.replacePasswordHash(user.id, upgraded, fakeHash())).toBe(false);
      expect(await a.getPassword(user.id)).toEqual(reset);
      expect(await a.replacePasswordHash(randomUUID(), reset.hash, fakeHash())).toBe(false);
    });

    test("replacePasswordHash: of racing upgrades from the same hash, exactly one writes", async () => {
      const a = need(options, "replacePasswordHash", "getPassword");
      const { user, password } = await userWithPassword();
      const candidates = Array.from({ length: 6 }, fakeHash);
      const results = await Promise.all(candidates.map((next) => a.replacePasswordHash(user.id, password.hash, next)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await a.getPassword(user.id))?.hash).toBe(candidates[results.indexOf(true)]);
    });

    test("deletePassword removes and returns the password, null when there is none", async () => {
      const a = need(options, "deletePassword", "getPassword");
      const { user, password } = await userWithPassword();
      expect(await a.deletePassword(user.id)).toEqual(password);
      expect(await a.getPassword(user.id)).toBeNull();
      if (db.password) expect(await db.password(user.id)).toBeNull();
      expect(await a.deletePassword(user.id)).toBeNull();
      expect(await a.deletePassword(randomUUID())).toBeNull();
      // The user stays.
      expect(await db.user(user.id)).toMatchObject({ id: user.id });
    });

    test("deleteUser deletes the user's password", async () => {
      const a = need(options, "deleteUser", "getPassword");
      const { user } = await userWithPassword();
      await a.deleteUser(user.id);
      expect(await a.getPassword(user.id)).toBeNull();
      if (db.password) expect(await db.password(user.id)).toBeNull();
    });

    test("one user's password is not another's", async () => {
      const a = need(options, "getPassword", "deletePassword");
      const first = await userWithPassword();
      const second = await userWithPassword();
      await a.deletePassword(first.user.id);
      expect(await a.getPassword(second.user.id)).toEqual(second.password);
    });
  });
}
