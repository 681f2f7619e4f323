import { describe, expect, test } from "vitest";
import { need, settle, storesAuthenticators } from "./context.js";
import { dateIn, newAccount, newAuthenticator, newSession, newUser } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** Tests of createUser, getUser, getUserByEmail, updateUser and deleteUser. */
export function userTests(options: AdapterTestOptions): void {
  const { db } = options;

  describe("users", () => {
    test("createUser keeps the id the caller chose and stores every field", async () => {
      const adapter = need(options, "createUser");
      const user = newUser();
      const created = await adapter.createUser(user);
      expect(created).toMatchObject(user);
      expect(await db.user(user.id)).toMatchObject(user);
    });

    test("emailVerified is null until set", async () => {
      const adapter = need(options, "createUser", "getUser");
      const user = newUser();
      expect((await adapter.createUser(user)).emailVerified).toBeNull();
      expect((await adapter.getUser(user.id))?.emailVerified).toBeNull();
      expect((await db.user(user.id))?.emailVerified).toBeNull();
    });

    test("createUser with emailVerified returns and stores it as a Date", async () => {
      const adapter = need(options, "createUser", "getUser");
      const user = newUser({ emailVerified: dateIn(-60_000) });
      const created = await adapter.createUser(user);
      expect(created.emailVerified).toBeInstanceOf(Date);
      expect(created.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
      const read = await adapter.getUser(user.id);
      expect(read?.emailVerified).toBeInstanceOf(Date);
      expect(read?.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
      expect((await db.user(user.id))?.emailVerified?.getTime()).toBe(user.emailVerified?.getTime());
    });

    test("createUser throws for an email that is already taken", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const first = newUser();
      await adapter.createUser(first);
      const second = newUser({ email: first.email });
      await expect(settle(() => adapter.createUser(second))).rejects.toThrow();
      expect(await db.user(second.id)).toBeNull();
      expect((await adapter.getUserByEmail(first.email))?.id).toBe(first.id);
    });

    test("users without an email (stored as \"\") can sign up one after another", async () => {
      const adapter = need(options, "createUser", "getUser");
      const first = newUser({ email: "" });
      const second = newUser({ email: "" });
      await adapter.createUser(first);
      await adapter.createUser(second);
      expect(await db.user(first.id)).toMatchObject({ id: first.id, email: "" });
      expect(await db.user(second.id)).toMatchObject({ id: second.id, email: "" });
      expect(await adapter.getUser(second.id)).toMatchObject({ id: second.id, email: "" });
    });

    test("getUserByEmail(\"\") gives null although users without an email exist", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const user = newUser({ email: "" });
      await adapter.createUser(user);
      expect(await db.user(user.id)).toMatchObject({ email: "" });
      expect(await adapter.getUserByEmail("")).toBeNull();
    });

    test("getUser finds a user by id and gives null for an unknown id", async () => {
      const adapter = need(options, "createUser", "getUser");
      const user = newUser();
      await adapter.createUser(user);
      expect(await adapter.getUser(user.id)).toMatchObject(user);
      expect(await adapter.getUser(newUser().id)).toBeNull();
    });

    test("getUserByEmail finds a user by email and gives null for an unknown email", async () => {
      const adapter = need(options, "createUser", "getUserByEmail");
      const user = newUser();
      await adapter.createUser(user);
      expect(await adapter.getUserByEmail(user.email)).toMatchObject(user);
      expect(await adapter.getUserByEmail(newUser().email)).toBeNull();
    });

    test("updateUser changes the given fields, keeps the others and returns the whole user", async () => {
      const adapter = need(options, "createUser", "updateUser", "getUser");
      const user = newUser();
      await adapter.createUser(user);
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
      const user = newUser();
      await adapter.createUser(user);
      await adapter.deleteUser(user.id);
      expect(await db.user(user.id)).toBeNull();
      expect(await adapter.getUser(user.id)).toBeNull();
    });

    test("deleteUser removes the user's accounts, sessions and authenticators", async () => {
      const adapter = need(options, "createUser", "deleteUser", "linkAccount", "createSession");
      const user = newUser();
      const other = newUser();
      await adapter.createUser(user);
      await adapter.createUser(other);
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
