import { describe, expect, test } from "vitest";
import { contractTest, need, settle, signUp, storesAuthenticators } from "./context.js";
import { dateIn, newAccount, newAuthenticator, newSession, newUser, unique } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** Tests of createUser, getUser, getUserByEmail, updateUser and deleteUser. */
export function userTests(options: AdapterTestOptions): void {
  const { db, choosesUserIds } = options;

  describe("users", () => {
    test(
      choosesUserIds
        ? `createUser returns the user with the id the store chose and stores every field (the passed id is not kept: ${choosesUserIds})`
        : "createUser keeps the id the caller chose and stores every field",
      async () => {
        const adapter = need(options, "createUser");
        const user = newUser();
        const created = await adapter.createUser(user);
        if (choosesUserIds) {
          expect(created.id ?? "").not.toBe("");
          expect(created).toMatchObject({ ...user, id: created.id });
        } else {
          expect(created).toMatchObject(user);
        }
        expect(await db.user(created.id)).toMatchObject({ ...user, id: created.id });
      },
    );

    test("emailVerified is null until set", async () => {
      const adapter = need(options, "createUser", "getUser");
      const created = await adapter.createUser(newUser());
      expect(created.emailVerified).toBeNull();
      expect((await adapter.getUser(created.id))?.emailVerified).toBeNull();
      expect((await db.user(created.id))?.emailVerified).toBeNull();
    });

    test("createUser with emailVerified returns and stores it as a Date", async () => {
      const adapter = need(options, "createUser", "getUser");
      const user = newUser({ emailVerified: dateIn(-60_000) });
      const created = await adapter.createUser(user);
      expect(created.emailVerified).toBeInstanceOf(Date);
      expect(created.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
      const read = await adapter.getUser(created.id);
      expect(read?.emailVerified).toBeInstanceOf(Date);
      expect(read?.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
      expect((await db.user(created.id))?.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
    });

    contractTest(options, "uniqueEmail", "createUser throws for an email that is already taken", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const first = await signUp(options);
      const second = newUser({ email: first.email });
      await expect(settle(() => adapter.createUser(second))).rejects.toThrow();
      expect(await db.user(second.id)).toBeNull();
      expect((await adapter.getUserByEmail(first.email))?.id).toBe(first.id);
    });

    contractTest(options, "storedEmailSpelling", "createUser and updateUser store the address in its stored spelling; getUserByEmail finds it by any spelling", async () => {
      const adapter = need(options, "createUser", "getUserByEmail", "updateUser");
      const local = `Mixed.${unique()}`;
      const stored = `${local.toLowerCase()}@example.com`;
      const created = await adapter.createUser(newUser({ email: `  ${local}@Example.COM ` }));
      expect(created.email).toBe(stored);
      expect((await db.user(created.id))?.email).toBe(stored);
      for (const spelling of [stored, `${local.toUpperCase()}@EXAMPLE.COM`, ` ${local}@ｅxample.com`]) {
        expect((await adapter.getUserByEmail(spelling))?.id).toBe(created.id);
      }
      const changed = `Changed.${unique()}@Example.com`;
      await adapter.updateUser({ id: created.id, email: changed });
      expect((await db.user(created.id))?.email).toBe(changed.toLowerCase());
      expect((await adapter.getUserByEmail(changed.toUpperCase()))?.id).toBe(created.id);
    });

    contractTest(options, "manyWithoutEmail", "users without an email (stored as \"\") can sign up one after another", async () => {
      const adapter = need(options, "createUser", "getUser");
      const first = await signUp(options, { email: "" });
      const second = await signUp(options, { email: "" });
      expect(second.id).not.toBe(first.id);
      expect(await db.user(first.id)).toMatchObject({ id: first.id, email: "" });
      expect(await db.user(second.id)).toMatchObject({ id: second.id, email: "" });
      expect(await adapter.getUser(second.id)).toMatchObject({ id: second.id, email: "" });
    });

    contractTest(options, "noEmptyEmailLookup", "getUserByEmail(\"\") gives null although users without an email exist", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const user = await signUp(options, { email: "" });
      expect(await db.user(user.id)).toMatchObject({ email: "" });
      expect(await adapter.getUserByEmail("")).toBeNull();
    });

    test("getUser finds a user by id and gives null for an unknown id", async () => {
      const adapter = need(options, "createUser", "getUser");
      const user = await signUp(options);
      expect(await adapter.getUser(user.id)).toMatchObject(user);
      expect(await adapter.getUser(newUser().id)).toBeNull();
    });

    test("getUserByEmail finds a user by email and gives null for an unknown email", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const user = await signUp(options);
      expect(await adapter.getUserByEmail(user.email)).toMatchObject(user);
      expect(await adapter.getUserByEmail(newUser().email)).toBeNull();
    });

    contractTest(options, "updateUserReturnsUser", "updateUser changes the given fields, keeps the others and returns the whole user", async () => {
      const adapter = need(options, "createUser", "updateUser", "getUser");
      const user = await signUp(options);
      const emailVerified = dateIn(-1000);
      const updated = await adapter.updateUser({ id: user.id, name: "Renamed", emailVerified });
      const expected = { ...user, name: "Renamed", emailVerified };
      expect(updated).toMatchObject(expected);
      expect(updated.emailVerified).toBeInstanceOf(Date);
      expect(await adapter.getUser(user.id)).toMatchObject(expected);
      expect(await db.user(user.id)).toMatchObject(expected);
    });

    test("deleteUser removes the user", async () => {
      const adapter = need(options, "createUser", "deleteUser", "getUser");
      const user = await signUp(options);
      await adapter.deleteUser(user.id);
      expect(await db.user(user.id)).toBeNull();
      expect(await adapter.getUser(user.id)).toBeNull();
    });

    test("deleteUser removes the user's accounts, sessions and authenticators", async () => {
      const adapter = need(options, "createUser", "deleteUser", "linkAccount", "createSession");
      const user = await signUp(options);
      const other = await signUp(options);
      const account = newAccount(user.id);
      const session = newSession(user.id);
      const otherSession = newSession(other.id);
      await adapter.linkAccount(account);
      await adapter.createSession(session);
      await adapter.createSession(otherSession);
      const authenticator = newAuthenticator(user.id, { providerAccountId: account.providerAccountId });
      const stores = storesAuthenticators(options);
      if (stores) await need(options, "createAuthenticator").createAuthenticator(authenticator);

      await adapter.deleteUser(user.id);

      expect(await db.user(user.id)).toBeNull();
      expect(await db.account(account)).toBeNull();
      expect(await db.session(session.sessionToken)).toBeNull();
      if (stores) expect(await db.authenticator!(authenticator.credentialID)).toBeNull();
      // The other user's data is untouched.
      expect(await db.user(other.id)).toMatchObject(other);
      expect(await db.session(otherSession.sessionToken)).toMatchObject(otherSession);
    });
  });
}
