import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import { dateIn, newSession } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

const knownFields = ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"];

/**
 * Tests of what a session earned (`auth_time`, `mfa_time`, `amr`), for an adapter that declares
 * them in `sessionFields`: stored by `createSession`, returned by every session method, kept by
 * `updateSession`. An adapter that declares none gets only Auth.js's session shape from Latch.
 */
export function sessionAuthenticationTests(options: AdapterTestOptions): void {
  const declared: readonly string[] = Array.isArray(options.adapter.sessionFields) ? options.adapter.sessionFields : [];
  const stores = ["auth_time", "mfa_time", "amr"].every((field) => declared.includes(field));

  describe("how a session was earned", () => {
    test("sessionFields names only fields Latch knows", () => {
      for (const field of declared) expect(knownFields).toContain(field);
    });

    test.skipIf(!stores)("createSession stores auth_time, mfa_time and amr; getSessionAndUser and updateSession return them", async () => {
      const adapter = need(options, "createUser", "createSession", "getSessionAndUser", "updateSession");
      const user = await signUp(options);
      const session = { ...newSession(user.id), auth_time: 1_760_000_000, mfa_time: 1_760_000_030, amr: ["pwd" as const, "otp" as const, "mfa" as const] };
      const earned = { auth_time: session.auth_time, mfa_time: session.mfa_time, amr: session.amr };
      expect(await adapter.createSession(session)).toMatchObject(earned);
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session).toMatchObject(earned);
      expect(await adapter.updateSession({ sessionToken: session.sessionToken, expires: dateIn(60_000) })).toMatchObject(earned);
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session).toMatchObject(earned);
    });

    test.skipIf(!stores)("a session without a second factor keeps no mfa_time; an empty amr stays an empty list", async () => {
      const adapter = need(options, "createUser", "createSession", "getSessionAndUser", "updateSession");
      const user = await signUp(options);
      const session = { ...newSession(user.id), auth_time: 1_760_000_000, amr: [] };
      await adapter.createSession(session);
      await adapter.updateSession({ sessionToken: session.sessionToken, expires: dateIn(60_000), lastSeenAt: new Date() });
      const found = (await adapter.getSessionAndUser(session.sessionToken))?.session;
      expect(found?.auth_time).toBe(1_760_000_000);
      expect(found?.mfa_time ?? null).toBeNull();
      expect(found?.amr).toEqual([]);
    });

    test.skipIf(!stores || !options.adapter.listSessions)("listSessions gives each session's auth_time, mfa_time and amr", async () => {
      const adapter = need(options, "createUser", "createSession", "listSessions");
      const user = await signUp(options);
      await adapter.createSession({ ...newSession(user.id), auth_time: 1_760_000_100, amr: ["hwk", "user"] });
      const [listed] = await adapter.listSessions(user.id);
      expect(listed).toMatchObject({ auth_time: 1_760_000_100, amr: ["hwk", "user"] });
    });
  });

  const marks = declared.includes("impersonatedBy");
  describe("a session a site administrator started as the user (impersonatedBy)", () => {
    test.skipIf(!marks)("createSession stores impersonatedBy; getSessionAndUser, updateSession and deleteSession return it", async () => {
      const adapter = need(options, "createUser", "createSession", "getSessionAndUser", "updateSession", "deleteSession");
      const user = await signUp(options);
      const administrator = await signUp(options);
      const session = { ...newSession(user.id), impersonatedBy: administrator.id };
      expect(await adapter.createSession(session)).toMatchObject({ impersonatedBy: administrator.id });
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session).toMatchObject({ userId: user.id, impersonatedBy: administrator.id });
      // Extending the session (which Latch never does for this one) keeps the mark.
      expect(await adapter.updateSession({ sessionToken: session.sessionToken, lastSeenAt: new Date() })).toMatchObject({ impersonatedBy: administrator.id });
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session.impersonatedBy).toBe(administrator.id);
      expect(await adapter.deleteSession(session.sessionToken)).toMatchObject({ impersonatedBy: administrator.id });
    });

    test.skipIf(!marks)("a session the user started reads with no impersonatedBy", async () => {
      const adapter = need(options, "createUser", "createSession", "getSessionAndUser");
      const user = await signUp(options);
      const session = newSession(user.id);
      await adapter.createSession(session);
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session.impersonatedBy ?? null).toBeNull();
    });

    test.skipIf(!marks || !options.adapter.listSessions)("listSessions says which sessions an administrator started", async () => {
      const adapter = need(options, "createUser", "createSession", "listSessions");
      const user = await signUp(options);
      const administrator = await signUp(options);
      const own = newSession(user.id);
      const acted = { ...newSession(user.id), impersonatedBy: administrator.id };
      await adapter.createSession(own);
      await adapter.createSession(acted);
      const listed = await adapter.listSessions(user.id);
      expect(listed.map((s) => s.impersonatedBy ?? null).sort()).toEqual([administrator.id, null].sort());
    });
  });
}
