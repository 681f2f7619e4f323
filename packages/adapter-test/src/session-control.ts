import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import { dateIn, newSession } from "./fixtures.js";
import type { AdapterSession } from "@latch/core/adapters";
import type { AdapterTestOptions } from "./types.js";

/** Tests of the session-control methods: listSessions, deleteSessionById, and the session details. */
export function sessionControlTests(options: AdapterTestOptions): void {
  const { db } = options;
  const digests = options.digestSessionTokens !== undefined;

  /** What a listed session is matched by: its token, or its id when the store keeps only a digest of the token. */
  const listedKey = (session: AdapterSession) => (digests ? session.id! : session.sessionToken);
  /** The same for a session created with this token. */
  async function keyOf(sessionToken: string): Promise<string> {
    if (!digests) return sessionToken;
    return (await need(options, "getSessionAndUser").getSessionAndUser(sessionToken))!.session.id!;
  }
  /** A store that keeps only digests gives back none of these tokens. */
  function noTokenIn(listed: AdapterSession[], sessions: { sessionToken: string }[]): void {
    if (!digests) return;
    for (const session of listed) expect(sessions.map((s) => s.sessionToken)).not.toContain(session.sessionToken);
  }

  async function userWithSessions(count: number) {
    const adapter = need(options, "createUser", "createSession");
    const user = await signUp(options);
    const sessions = [];
    for (let i = 0; i < count; i++) sessions.push(newSession(user.id));
    for (const session of sessions) await adapter.createSession(session);
    return { user, sessions };
  }

  describe("session control", () => {
    test("listSessions gives every session of the user, each with a distinct opaque id that is not its token", async () => {
      const adapter = need(options, "listSessions");
      const { user, sessions } = await userWithSessions(3);
      const other = await userWithSessions(1);
      const listed = await adapter.listSessions(user.id);
      expect(listed.map(listedKey).sort()).toEqual((await Promise.all(sessions.map((s) => keyOf(s.sessionToken)))).sort());
      noTokenIn(listed, sessions);
      const ids = listed.map((s) => s.id);
      for (const [index, id] of ids.entries()) {
        expect(typeof id).toBe("string");
        expect(id).not.toBe(listed[index]!.sessionToken);
        expect(sessions.map((s) => s.sessionToken)).not.toContain(id);
      }
      expect(new Set(ids).size).toBe(3);
      for (const session of listed) expect(session.expires).toBeInstanceOf(Date);
      expect((await adapter.listSessions(other.user.id)).map(listedKey)).toEqual([await keyOf(other.sessions[0]!.sessionToken)]);
      expect(await adapter.listSessions(randomUUID())).toEqual([]);
    });

    test("getSessionAndUser, createSession and updateSession give the same opaque id as listSessions", async () => {
      const adapter = need(options, "listSessions", "getSessionAndUser", "updateSession", "createUser", "createSession");
      const user = await signUp(options);
      const session = newSession(user.id);
      const created = await adapter.createSession(session);
      const [listed] = await adapter.listSessions(user.id);
      expect(listed?.id).toBeTruthy();
      expect(created.id).toBe(listed!.id);
      expect((await adapter.getSessionAndUser(session.sessionToken))?.session.id).toBe(listed!.id);
      expect((await adapter.updateSession({ sessionToken: session.sessionToken, expires: dateIn(5000) }))?.id).toBe(listed!.id);
    });

    test("deleteSessionById deletes the user's session with that id, and returns it", async () => {
      const adapter = need(options, "listSessions", "deleteSessionById");
      const { user, sessions } = await userWithSessions(2);
      const listed = await adapter.listSessions(user.id);
      const targetKey = await keyOf(sessions[0]!.sessionToken);
      const target = listed.find((s) => listedKey(s) === targetKey)!;
      const deleted = await adapter.deleteSessionById(user.id, target.id!);
      expect(deleted).toMatchObject({ ...(digests ? {} : { sessionToken: sessions[0]!.sessionToken }), userId: user.id, id: target.id });
      noTokenIn([deleted!], sessions);
      expect(await db.session(sessions[0]!.sessionToken)).toBeNull();
      expect(await db.session(sessions[1]!.sessionToken)).toMatchObject(sessions[1]!);
      // Already gone: nothing more to delete.
      expect(await adapter.deleteSessionById(user.id, target.id!)).toBeNull();
    });

    test("deleteSessionById with another user's session id deletes nothing", async () => {
      const adapter = need(options, "listSessions", "deleteSessionById");
      const victim = await userWithSessions(1);
      const attacker = await userWithSessions(1);
      const [victimSession] = await adapter.listSessions(victim.user.id);
      expect(await adapter.deleteSessionById(attacker.user.id, victimSession!.id!)).toBeNull();
      expect(await db.session(victim.sessions[0]!.sessionToken)).toMatchObject(victim.sessions[0]!);
      expect(await db.session(attacker.sessions[0]!.sessionToken)).toMatchObject(attacker.sessions[0]!);
    });

    test("deleteSessionById with an id no store issues (the token, junk, huge numbers) gives null", async () => {
      const adapter = need(options, "deleteSessionById");
      const { user, sessions } = await userWithSessions(1);
      for (const id of [sessions[0]!.sessionToken, "", "0", "-1", "1 OR 1=1", "99999999999999999999", "x".repeat(300), "\u0000"]) {
        expect(await adapter.deleteSessionById(user.id, id)).toBeNull();
      }
      expect(await db.session(sessions[0]!.sessionToken)).toMatchObject(sessions[0]!);
    });

    test.skipIf(!!options.noSessionDetails)(
      `createSession keeps createdAt, lastSeenAt, userAgent and ip; updateSession moves lastSeenAt${options.noSessionDetails ? ` (skipped: ${options.noSessionDetails})` : ""}`,
      async () => {
        const adapter = need(options, "createUser", "createSession", "listSessions", "updateSession", "getSessionAndUser");
        const user = await signUp(options);
        const createdAt = new Date(Date.now() - 60_000);
        const details = { createdAt, lastSeenAt: createdAt, userAgent: "Firefox 128 on Linux", ip: "203.0.113.7" };
        const session = newSession(user.id);
        const input = { ...session, ...details };
        const frozen = structuredClone(input);
        await adapter.createSession(input);
        expect(input).toEqual(frozen);
        const plain = newSession(user.id);
        await adapter.createSession(plain);
        const [sessionKey, plainKey] = [await keyOf(session.sessionToken), await keyOf(plain.sessionToken)];
        const listed = await adapter.listSessions(user.id);
        const withDetails = listed.find((s) => listedKey(s) === sessionKey)!;
        expect(withDetails).toMatchObject(details);
        expect(withDetails.createdAt).toBeInstanceOf(Date);
        const bare = listed.find((s) => listedKey(s) === plainKey)!;
        expect(bare.userAgent ?? null).toBeNull();
        expect(bare.ip ?? null).toBeNull();

        const seen = new Date();
        await adapter.updateSession({ sessionToken: session.sessionToken, expires: dateIn(10_000), lastSeenAt: seen });
        const [after] = (await adapter.listSessions(user.id)).filter((s) => listedKey(s) === sessionKey);
        expect(after?.lastSeenAt?.getTime()).toBe(seen.getTime());
        expect(after).toMatchObject({ createdAt, userAgent: details.userAgent, ip: details.ip });
        // An update without lastSeenAt leaves it.
        await adapter.updateSession({ sessionToken: session.sessionToken, expires: dateIn(20_000) });
        const [again] = (await adapter.listSessions(user.id)).filter((s) => listedKey(s) === sessionKey);
        expect(again?.lastSeenAt?.getTime()).toBe(seen.getTime());
      },
    );
  });
}
