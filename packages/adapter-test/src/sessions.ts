import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { contractTest, need, signUp } from "./context.js";
import { dateIn, newSession } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** Tests of createSession, getSessionAndUser, updateSession and deleteSession. */
export function sessionTests(options: AdapterTestOptions): void {
  const { db } = options;

  async function userWithSession() {
    const adapter = need(options, "createUser", "createSession");
    const user = await signUp(options);
    const session = newSession(user.id);
    const created = await adapter.createSession(session);
    return { user, session, created };
  }

  describe("sessions", () => {
    test("createSession stores the session and returns it with a Date expiry", async () => {
      const { session, created } = await userWithSession();
      expect(created).toMatchObject(session);
      expect(created.expires).toBeInstanceOf(Date);
      const stored = await db.session(session.sessionToken);
      expect(stored).toMatchObject(session);
      expect(stored?.expires).toBeInstanceOf(Date);
    });

    test("getSessionAndUser returns the session and its user in one call", async () => {
      const adapter = need(options, "getSessionAndUser");
      const { user, session } = await userWithSession();
      const found = await adapter.getSessionAndUser(session.sessionToken);
      expect(found?.session).toMatchObject(session);
      expect(found?.session.expires).toBeInstanceOf(Date);
      expect(found?.user).toMatchObject(user);
    });

    test("getSessionAndUser gives null for an unknown session token", async () => {
      const adapter = need(options, "getSessionAndUser");
      await userWithSession();
      expect(await adapter.getSessionAndUser(randomUUID())).toBeNull();
    });

    contractTest(options, "updateSessionReturnsSession", "updateSession moves expires and returns the session", async () => {
      const adapter = need(options, "updateSession", "getSessionAndUser");
      const { session } = await userWithSession();
      const expires = dateIn(30 * 86_400_000);
      const updated = await adapter.updateSession({ sessionToken: session.sessionToken, expires });
      expect(updated).toMatchObject({ ...session, expires });
      expect(updated?.expires).toBeInstanceOf(Date);
      expect((await db.session(session.sessionToken))?.expires.getTime()).toBe(expires.getTime());
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session.expires.getTime()).toBe(expires.getTime());
    });

    contractTest(options, "unknownSessionUpdate", "updateSession of an unknown token gives no session", async () => {
      const adapter = need(options, "updateSession");
      const sessionToken = randomUUID();
      expect(await adapter.updateSession({ sessionToken, expires: dateIn(1000) })).toBeFalsy();
      expect(await db.session(sessionToken)).toBeNull();
    });

    contractTest(options, "deleteSessionReturnsSession", "deleteSession removes the session and returns it", async () => {
      const adapter = need(options, "deleteSession", "getSessionAndUser");
      const { user, session } = await userWithSession();
      const deleted = await adapter.deleteSession(session.sessionToken);
      expect(deleted).toMatchObject(session);
      expect(await db.session(session.sessionToken)).toBeNull();
      expect(await adapter.getSessionAndUser(session.sessionToken)).toBeNull();
      expect(await db.user(user.id)).toMatchObject(user);
    });

    contractTest(options, "unknownSessionDelete", "deleteSession of an unknown token deletes nothing", async () => {
      const adapter = need(options, "deleteSession");
      const { session } = await userWithSession();
      expect(await adapter.deleteSession(randomUUID())).toBeFalsy();
      expect(await db.session(session.sessionToken)).toMatchObject(session);
    });

    test("deleteSessions deletes every session of the user, returns how many, and leaves other users' sessions", async () => {
      const adapter = need(options, "deleteSessions", "createSession");
      const { user, session } = await userWithSession();
      const second = newSession(user.id);
      await adapter.createSession(second);
      const other = await userWithSession();
      expect(await adapter.deleteSessions(user.id)).toBe(2);
      expect(await db.session(session.sessionToken)).toBeNull();
      expect(await db.session(second.sessionToken)).toBeNull();
      expect(await db.session(other.session.sessionToken)).toMatchObject(other.session);
      expect(await db.user(user.id)).toMatchObject(user);
      // Nothing left: a second call deletes nothing.
      expect(await adapter.deleteSessions(user.id)).toBe(0);
    });

    test("deleteSessions of a user without sessions gives 0", async () => {
      const adapter = need(options, "deleteSessions", "createUser");
      const user = await signUp(options);
      expect(await adapter.deleteSessions(user.id)).toBe(0);
      expect(await adapter.deleteSessions(randomUUID())).toBe(0);
    });
  });
}
