/**
 * `Password()` sign-in through `Auth()` with database sessions stored by @latch/kysely, on the real
 * PostgreSQL and MariaDB and on SQLite: the session row it writes, the session it reads back, a session cookie
 * holding a NUL (which no issued token holds) read as no session, another browser's session listed
 * and ended by its opaque id (a serial or a uuid, as the engine's table has it), and sign-out
 * deleting the row.
 */
import { randomUUID } from "node:crypto";
import { Auth, revokeSession, type AuthConfig } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { SessionControl } from "@latch/core/sessions";
import { handlerClient, needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { mariadbEngine, postgresEngine, sqliteEngine } from "./engines.js";

const origin = "http://localhost:3000";

/** A browser of one, signing in with `Password()` on `Auth()` and out. */
function browser(config: AuthConfig) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  return {
    signIn: (email: string, password: string) => client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password }),
    signOut: () => client.post("/auth/signout"),
    session: client.session,
    sessions: async () => ((await (await client.request("/auth/sessions")).json()) as { sessions: { id: string; current: boolean }[] }).sessions,
    revoke: async (id: string) =>
      client.request("/auth/sessions/revoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await client.csrf(), id }) }),
  };
}

const engines = [
  ["PostgreSQL", postgresEngine, await needService(services.postgres)],
  ["MariaDB", mariadbEngine, await needService(services.mariadb)],
  ["SQLite", sqliteEngine, true],
] as const;

for (const [name, makeEngine, up] of engines) {
  describe.runIf(up)(`sign-in through Auth() with @latch/kysely on ${name}`, () => {
    const engine = makeEngine();
    const adapter = KyselyAdapter(engine.db);
    const errors: unknown[] = [];
    const config: AuthConfig = {
      secret: "kysely-sign-in-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      providers: [Password()],
      session: { strategy: "database", control: SessionControl() },
      logger: { error: (...args: unknown[]) => void errors.push(args), warn: () => {}, debug: () => {} },
    };

    beforeAll(() => engine.setUp());
    afterAll(() => engine.tearDown());

    const sessionRows = (userId: string) => engine.db.selectFrom("sessions").select(["userAgent", "createdAt", "amr"]).where("userId", "=", userId).execute();

    test("the right password signs in with a session row; the wrong one is refused; sign-out deletes the row", async () => {
      const user = await adapter.createUser!({ id: randomUUID(), email: `kysely-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() });
      await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });

      const refused = await browser(config).signIn(user.email, "copper lantern 78");
      expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
      expect(await sessionRows(user.id)).toHaveLength(0);

      const member = browser(config);
      expect((await member.signIn(user.email, "copper lantern 77")).headers.get("location")).toBe(`${origin}/home`);
      expect(await member.session()).toMatchObject({ user: { email: user.email, name: "Member" } });
      const rows = await sessionRows(user.id);
      expect(rows).toHaveLength(1);
      // How the session was earned is stored: a password, in the dialect's own form of the list.
      expect(String(rows[0]!.amr)).toMatch(/pwd/);
      expect(rows[0]!.createdAt).not.toBeNull();

      expect((await member.signOut()).status).toBe(302);
      expect(await sessionRows(user.id)).toHaveLength(0);
      expect(await member.session()).toBeNull();
    });

    test("two browsers: the sessions list shows both; the other one is ended by its id, and not by another user", async () => {
      const member = await adapter.createUser!({ id: randomUUID(), email: `kysely-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() });
      const stranger = await adapter.createUser!({ id: randomUUID(), email: `kysely-${randomUUID()}@example.com`, name: "Stranger", image: null, emailVerified: new Date() });
      for (const user of [member, stranger]) await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
      const laptop = browser(config);
      const phone = browser(config);
      const intruder = browser(config);
      for (const [client, user] of [[laptop, member], [phone, member], [intruder, stranger]] as const) await client.signIn(user.email, "copper lantern 77");

      const listed = await laptop.sessions();
      expect(listed).toHaveLength(2);
      expect(listed.filter((session) => session.current)).toHaveLength(1);
      const phoneId = listed.find((session) => !session.current)!.id;

      // Another user's revoke, through the endpoint or the server API, ends nothing.
      expect((await intruder.revoke(phoneId)).status).toBe(403);
      expect(await revokeSession(config, stranger.id, phoneId)).toBe(false);
      expect(await phone.session()).toMatchObject({ user: { email: member.email } });

      const ended = await laptop.revoke(phoneId);
      expect(await ended.json()).toEqual({ revoked: 1 });
      expect(await phone.session()).toBeNull();
      expect(await laptop.session()).toMatchObject({ user: { email: member.email } });
      expect(await intruder.session()).toMatchObject({ user: { email: stranger.email } });
      expect(await sessionRows(member.id)).toHaveLength(1);
    });

    test("a session cookie holding a NUL reads as no session, without an error", async () => {
      errors.length = 0;
      const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: "authjs.session-token=abc%00def" } }), config);
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(errors).toEqual([]);
    });
  });
}
