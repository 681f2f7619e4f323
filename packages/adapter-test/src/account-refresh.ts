import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import { dateIn, newAccount, newSession } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/**
 * Tests of the methods `getAccessToken` needs: getAccountByUserId, leaseAccount, releaseAccount.
 * Those of the lease are skipped, saying why, when the adapter has no lease
 * (`options.noRefreshLease`, or no `leaseAccount` at all).
 */
export function accountRefreshTests(options: AdapterTestOptions): void {
  const { adapter, db } = options;
  const byUser = typeof adapter.getAccountByUserId === "function";
  const lease = typeof adapter.leaseAccount === "function";
  const noLease = options.noRefreshLease ?? (lease ? undefined : "the adapter has no leaseAccount/releaseAccount, so getAccessToken cannot refresh with it");
  if (!byUser && !lease) console.warn("skipped: account refresh tests (the adapter has no getAccountByUserId/leaseAccount/releaseAccount, so getAccessToken cannot use it)");
  const skipped = noLease ? ` (skipped: ${noLease})` : "";

  async function linked() {
    const a = need(options, "createUser", "linkAccount");
    const user = await signUp(options);
    const account = newAccount(user.id, { expires_at: Math.floor(Date.now() / 1000) - 10 });
    await a.linkAccount(account);
    return { user, account, key: { provider: account.provider, providerAccountId: account.providerAccountId } };
  }

  describe.skipIf(!byUser && !lease)("account refresh (getAccessToken)", () => {
    test.skipIf(!byUser)(`getAccountByUserId finds the user's account at a provider, null for another provider or user${byUser ? "" : " (skipped: the adapter has no getAccountByUserId)"}`, async () => {
      const a = need(options, "getAccountByUserId");
      const { user, account } = await linked();
      expect(await a.getAccountByUserId(user.id, account.provider)).toMatchObject(account);
      expect(await a.getAccountByUserId(user.id, "other-provider")).toBeNull();
      expect(await a.getAccountByUserId(randomUUID(), account.provider)).toBeNull();
    });

    test.skipIf(!!noLease)(`leaseAccount: exactly one of racing holders gets the lease; the holder may renew it${skipped}`, async () => {
      const a = need(options, "leaseAccount");
      const { key } = await linked();
      const holders = Array.from({ length: 8 }, () => randomUUID());
      const results = await Promise.all(holders.map((holder) => a.leaseAccount(key, holder, dateIn(10_000))));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = holders[results.indexOf(true)]!;
      expect(await a.leaseAccount(key, winner, dateIn(10_000))).toBe(true);
      expect(await a.leaseAccount(key, randomUUID(), dateIn(10_000))).toBe(false);
    });

    test.skipIf(!!noLease)(`an expired lease can be taken by another holder${skipped}`, async () => {
      const a = need(options, "leaseAccount");
      const { key } = await linked();
      expect(await a.leaseAccount(key, randomUUID(), dateIn(-1000))).toBe(true);
      expect(await a.leaseAccount(key, randomUUID(), dateIn(10_000))).toBe(true);
    });

    test.skipIf(!!noLease)(`releaseAccount writes the tokens and ends the lease only for its holder${skipped}`, async () => {
      const a = need(options, "leaseAccount", "releaseAccount");
      const { key, account } = await linked();
      const holder = randomUUID();
      expect(await a.leaseAccount(key, holder, dateIn(10_000))).toBe(true);
      const tokens = { access_token: "new-access", refresh_token: "new-refresh", expires_at: Math.floor(Date.now() / 1000) + 3600 };
      // Someone else cannot write or end it.
      expect(await a.releaseAccount(key, randomUUID(), tokens)).toBeNull();
      expect(await db.account(key)).toMatchObject({ access_token: account.access_token, refresh_token: account.refresh_token });
      const written = await a.releaseAccount(key, holder, tokens);
      expect(written).toMatchObject({ ...key, ...tokens, userId: account.userId });
      expect(await db.account(key)).toMatchObject(tokens);
      // The lease ended: anyone can take it now; the holder can no longer write.
      expect(await a.releaseAccount(key, holder, { access_token: "late" })).toBeNull();
      expect((await db.account(key))?.access_token).toBe("new-access");
      expect(await a.leaseAccount(key, randomUUID(), dateIn(10_000))).toBe(true);
    });

    test.skipIf(!!noLease)(`releaseAccount with null ends the lease and writes nothing${skipped}`, async () => {
      const a = need(options, "leaseAccount", "releaseAccount");
      const { key, account } = await linked();
      const holder = randomUUID();
      await a.leaseAccount(key, holder, dateIn(10_000));
      expect(await a.releaseAccount(key, holder, null)).toMatchObject({ access_token: account.access_token, refresh_token: account.refresh_token });
      expect(await db.account(key)).toMatchObject({ access_token: account.access_token, expires_at: account.expires_at });
      expect(await a.leaseAccount(key, randomUUID(), dateIn(10_000))).toBe(true);
    });

    test.skipIf(!!noLease || !!options.noRefreshRefusal)(
      `releaseAccount records a refusal: the account's refreshError, the user's sessions read with refreshError; new tokens clear both${skipped || (options.noRefreshRefusal ? ` (skipped: ${options.noRefreshRefusal})` : "")}`,
      async () => {
        const a = need(options, "leaseAccount", "releaseAccount", "createSession", "getSessionAndUser", "getAccount");
        const { user, key, account } = await linked();
        const session = newSession(user.id);
        await a.createSession(session);
        expect((await a.getSessionAndUser(session.sessionToken))?.session.refreshError).toBeFalsy();
        const holder = randomUUID();
        await a.leaseAccount(key, holder, dateIn(10_000));
        // Only the holder records it.
        expect(await a.releaseAccount(key, randomUUID(), null, "invalid_grant")).toBeNull();
        expect((await db.account(key))?.refreshError ?? null).toBeNull();
        expect(await a.releaseAccount(key, holder, null, "invalid_grant")).toMatchObject({ refreshError: "invalid_grant", refresh_token: account.refresh_token });
        expect(await a.getAccount(key.providerAccountId, key.provider)).toMatchObject({ refreshError: "invalid_grant", access_token: account.access_token });
        expect((await a.getSessionAndUser(session.sessionToken))?.session.refreshError).toBe(true);
        // Another user's sessions are not marked.
        const other = await signUp(options);
        const otherSession = newSession(other.id);
        await a.createSession(otherSession);
        expect((await a.getSessionAndUser(otherSession.sessionToken))?.session.refreshError).toBeFalsy();
        // New tokens end the refusal.
        const next = randomUUID();
        await a.leaseAccount(key, next, dateIn(10_000));
        const written = await a.releaseAccount(key, next, { access_token: "after-sign-in", refresh_token: "new-refresh" });
        expect(written?.refreshError ?? null).toBeNull();
        expect((await db.account(key))?.refreshError ?? null).toBeNull();
        expect((await a.getSessionAndUser(session.sessionToken))?.session.refreshError).toBeFalsy();
        // A write that leaves the refresh token out keeps the stored one.
        const third = randomUUID();
        await a.leaseAccount(key, third, dateIn(10_000));
        await a.releaseAccount(key, third, { access_token: "only-access" });
        expect(await db.account(key)).toMatchObject({ access_token: "only-access", refresh_token: "new-refresh" });
      },
    );
  });
}
