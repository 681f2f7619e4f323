import { describe, expect, test } from "vitest";
import { need, settle, storesAuthenticators, signUp } from "./context.js";
import { newAccount, newAuthenticator, newUser, unique } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** Tests of the WebAuthn methods; skipped when the adapter stores no authenticators. */
export function authenticatorTests(options: AdapterTestOptions): void {
  const { db } = options;
  const stores = storesAuthenticators(options);
  if (!stores) {
    console.warn("skipped: authenticator tests (the adapter stores no WebAuthn authenticators, or the suite has no authenticator reader)");
  }

  async function userWithAuthenticator() {
    const adapter = need(options, "createUser", "linkAccount", "createAuthenticator");
    const user = await signUp(options);
    const account = newAccount(user.id, { type: "webauthn", provider: "webauthn" });
    await adapter.linkAccount(account);
    const authenticator = newAuthenticator(user.id, { providerAccountId: account.providerAccountId });
    const created = await adapter.createAuthenticator(authenticator);
    return { user, authenticator, created };
  }

  describe.runIf(stores)("authenticators", () => {
    test("createAuthenticator stores the authenticator and returns it", async () => {
      const { authenticator, created } = await userWithAuthenticator();
      expect(created).toMatchObject(authenticator);
      expect(await db.authenticator!(authenticator.credentialID)).toMatchObject(authenticator);
    });

    test("createAuthenticator throws for a credential id that exists", async () => {
      const adapter = need(options, "createUser", "createAuthenticator");
      const { authenticator } = await userWithAuthenticator();
      const other = await signUp(options);
      const duplicate = newAuthenticator(other.id, { credentialID: authenticator.credentialID });
      await expect(settle(() => adapter.createAuthenticator(duplicate))).rejects.toThrow();
      expect(await db.authenticator!(authenticator.credentialID)).toMatchObject(authenticator);
    });

    test("createAuthenticator throws for an unknown user", async () => {
      const adapter = need(options, "createAuthenticator");
      const authenticator = newAuthenticator(newUser().id);
      await expect(settle(() => adapter.createAuthenticator(authenticator))).rejects.toThrow();
      expect(await db.authenticator!(authenticator.credentialID)).toBeNull();
    });

    test("getAuthenticator returns the authenticator or null", async () => {
      const adapter = need(options, "getAuthenticator");
      const { authenticator } = await userWithAuthenticator();
      expect(await adapter.getAuthenticator(authenticator.credentialID)).toMatchObject(authenticator);
      expect(await adapter.getAuthenticator(`missing-${unique()}`)).toBeNull();
    });

    test("listAuthenticatorsByUserId lists the user's authenticators, [] for an unknown user", async () => {
      const adapter = need(options, "createAuthenticator", "listAuthenticatorsByUserId");
      const { user, authenticator } = await userWithAuthenticator();
      const second = newAuthenticator(user.id, { transports: null, credentialBackedUp: true, credentialDeviceType: "multiDevice" });
      await adapter.createAuthenticator(second);
      const list = await adapter.listAuthenticatorsByUserId(user.id);
      const byId = (id: string) => list.find((item) => item.credentialID === id);
      expect(list).toHaveLength(2);
      expect(byId(authenticator.credentialID)).toMatchObject(authenticator);
      expect(byId(second.credentialID)).toMatchObject(second);
      expect(await adapter.listAuthenticatorsByUserId(newUser().id)).toEqual([]);
    });

    test("updateAuthenticatorCounter stores and returns the new counter", async () => {
      const adapter = need(options, "updateAuthenticatorCounter", "getAuthenticator");
      const { authenticator } = await userWithAuthenticator();
      const updated = await adapter.updateAuthenticatorCounter(authenticator.credentialID, 42);
      expect(updated).toMatchObject({ ...authenticator, counter: 42 });
      expect((await db.authenticator!(authenticator.credentialID))?.counter).toBe(42);
      expect((await adapter.getAuthenticator(authenticator.credentialID))?.counter).toBe(42);
    });

    test("updateAuthenticatorCounter throws for an unknown credential", async () => {
      const adapter = need(options, "updateAuthenticatorCounter");
      const credentialID = `missing-${unique()}`;
      await expect(settle(() => adapter.updateAuthenticatorCounter(credentialID, 1))).rejects.toThrow();
      expect(await db.authenticator!(credentialID)).toBeNull();
    });

    test("deleteAuthenticator deletes the authenticator with its webauthn account, returns it, and leaves the rest", async () => {
      const adapter = need(options, "deleteAuthenticator", "createAuthenticator", "linkAccount", "listAuthenticatorsByUserId");
      const { user, authenticator } = await userWithAuthenticator();
      const webauthnAccount = { provider: "webauthn", providerAccountId: authenticator.providerAccountId };
      // A second passkey and an OAuth account of the same user, and another user's passkey: all stay.
      const kept = newAuthenticator(user.id, { providerAccountId: `kept-${unique()}` });
      await adapter.linkAccount(newAccount(user.id, { type: "webauthn", provider: "webauthn", providerAccountId: kept.providerAccountId }));
      await adapter.createAuthenticator(kept);
      const oauth = newAccount(user.id);
      await adapter.linkAccount(oauth);
      const other = await userWithAuthenticator();

      expect(await db.account(webauthnAccount)).not.toBeNull();
      const deleted = await adapter.deleteAuthenticator(authenticator.credentialID);
      expect(deleted).toMatchObject(authenticator);
      expect(await db.authenticator!(authenticator.credentialID)).toBeNull();
      expect(await db.account(webauthnAccount)).toBeNull();
      expect((await adapter.listAuthenticatorsByUserId(user.id)).map((a) => a.credentialID)).toEqual([kept.credentialID]);
      expect(await db.account({ provider: "webauthn", providerAccountId: kept.providerAccountId })).not.toBeNull();
      expect(await db.account(oauth)).not.toBeNull();
      expect(await db.authenticator!(other.authenticator.credentialID)).toMatchObject(other.authenticator);
      expect(await db.user(user.id)).toMatchObject({ id: user.id });
    });

    test("deleteAuthenticator of an unknown credential id gives null and deletes nothing", async () => {
      const adapter = need(options, "deleteAuthenticator");
      const { authenticator } = await userWithAuthenticator();
      expect(await adapter.deleteAuthenticator(`missing-${unique()}`)).toBeNull();
      expect(await db.authenticator!(authenticator.credentialID)).toMatchObject(authenticator);
      expect(await db.account({ provider: "webauthn", providerAccountId: authenticator.providerAccountId })).not.toBeNull();
    });
  });
}
