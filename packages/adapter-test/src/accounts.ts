import { randomUUID } from "node:crypto";
import type { AdapterAccount } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { contractTest, need, settle, signUp } from "./context.js";
import { newAccount, unique } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** The key Latch looks an account up by: exactly the provider and its account id, as the contract types it. */
const keyOf = ({ provider, providerAccountId }: Pick<AdapterAccount, "provider" | "providerAccountId">) => ({ provider, providerAccountId });

/** Tests of linkAccount, getUserByAccount, getAccount, listAccountsByUserId and unlinkAccount. */
export function accountTests(options: AdapterTestOptions): void {
  const { db } = options;

  async function userWithAccount() {
    const adapter = need(options, "createUser", "linkAccount");
    const user = await signUp(options);
    const account = newAccount(user.id);
    await adapter.linkAccount(account);
    return { user, account };
  }

  describe("accounts", () => {
    contractTest(options, "linkAccountKeepsArgument", "linkAccount stores the account with its token fields and leaves the argument alone", async () => {
      const adapter = need(options, "createUser", "linkAccount");
      const user = await signUp(options);
      const account = newAccount(user.id);
      const copy = structuredClone(account);
      await adapter.linkAccount(account);
      expect(account).toEqual(copy);
      const stored = await db.account(account);
      expect(stored).toMatchObject(account);
      expect(typeof stored?.expires_at).toBe("number");
    });

    contractTest(options, "uniqueAccount", "linkAccount throws for a provider account that is already linked", async () => {
      const adapter = need(options, "createUser", "linkAccount", "getUserByAccount");
      const { user, account } = await userWithAccount();
      const other = await signUp(options);
      await expect(settle(() => adapter.linkAccount({ ...account, userId: other.id }))).rejects.toThrow();
      expect((await adapter.getUserByAccount(keyOf(account)))?.id).toBe(user.id);
    });

    test("one user can link several accounts, also of one provider", async () => {
      const adapter = need(options, "linkAccount", "getUserByAccount");
      const { user, account } = await userWithAccount();
      const second = newAccount(user.id, { provider: account.provider });
      await adapter.linkAccount(second);
      expect((await adapter.getUserByAccount(keyOf(account)))?.id).toBe(user.id);
      expect((await adapter.getUserByAccount(keyOf(second)))?.id).toBe(user.id);
    });

    test("getUserByAccount finds the user and gives null for an unknown account", async () => {
      const adapter = need(options, "getUserByAccount");
      const { user, account } = await userWithAccount();
      expect(await adapter.getUserByAccount(keyOf(account))).toMatchObject(user);
      expect(await adapter.getUserByAccount({ provider: account.provider, providerAccountId: `missing-${unique()}` })).toBeNull();
      expect(await adapter.getUserByAccount({ provider: `missing-${unique()}`, providerAccountId: account.providerAccountId })).toBeNull();
    });

    test("getAccount(providerAccountId, provider) returns the account or null", async () => {
      const adapter = need(options, "getAccount");
      const { account } = await userWithAccount();
      const found = await adapter.getAccount(account.providerAccountId, account.provider);
      expect(found).toMatchObject(account);
      expect(await adapter.getAccount(account.providerAccountId, `missing-${unique()}`)).toBeNull();
      expect(await adapter.getAccount(`missing-${unique()}`, account.provider)).toBeNull();
    });

    test("listAccountsByUserId gives every account of the user, several at one provider too, and [] for an unknown user", async () => {
      const adapter = need(options, "listAccountsByUserId", "linkAccount", "unlinkAccount");
      const { user, account } = await userWithAccount();
      const sameProvider = newAccount(user.id, { provider: account.provider });
      const otherProvider = newAccount(user.id, { type: "oidc" });
      await adapter.linkAccount(sameProvider);
      await adapter.linkAccount(otherProvider);
      const stranger = await signUp(options);
      await adapter.linkAccount(newAccount(stranger.id, { provider: account.provider }));
      const nameOf = (a: AdapterAccount) => `${a.provider} ${a.providerAccountId}`;
      const listed = await adapter.listAccountsByUserId(user.id);
      expect(listed.map(nameOf).sort()).toEqual([account, sameProvider, otherProvider].map(nameOf).sort());
      expect(listed.find((a) => nameOf(a) === nameOf(otherProvider))).toMatchObject(otherProvider);
      await adapter.unlinkAccount(keyOf(sameProvider));
      expect((await adapter.listAccountsByUserId(user.id)).map(nameOf).sort()).toEqual([account, otherProvider].map(nameOf).sort());
      expect(await adapter.listAccountsByUserId(randomUUID())).toEqual([]);
    });

    test("unlinkAccount removes the account and keeps the user", async () => {
      const adapter = need(options, "unlinkAccount", "getUserByAccount", "getUser");
      const { user, account } = await userWithAccount();
      await adapter.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
      expect(await db.account(account)).toBeNull();
      expect(await adapter.getUserByAccount(keyOf(account))).toBeNull();
      expect(await adapter.getUser(user.id)).toMatchObject(user);
    });
  });
}
