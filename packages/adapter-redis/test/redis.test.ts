import { randomUUID } from "node:crypto";
import { runAdapterTests, newUser, newSession } from "@latch/adapter-test";
import type { AdapterAccount, AdapterAuthenticator, AdapterPassword, AdapterSession, AdapterUser, OrganizationAdapter, TeamAdapter, VerificationToken } from "@latch/core/adapters";
import { needService, services, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";
import { decode } from "../src/codec.js";
import { keysFor } from "../src/keys.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const keys = keysFor(prefix);

describe.runIf(await needService(services.redis))("RedisAdapter on Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const adapter = RedisAdapter(redis, { prefix });

  /** Every key of this run. */
  const runKeys = () => redisKeysUnder(redis, prefix);

  runAdapterTests({
    adapter,
    digestSessionTokens: "session keys hold the SHA-256 of the token, and no record holds the token",
    db: {
      connect: () => redis.connect(),
      async disconnect() {
        const found = await runKeys();
        if (found.length > 0) await redis.del(...found);
        expect(await runKeys()).toEqual([]);
        await redis.quit();
      },
      user: async (id) => decode<AdapterUser>(await redis.get(keys.user(id))),
      account: async ({ provider, providerAccountId }) =>
        decode<AdapterAccount>(await redis.get(keys.account(provider, providerAccountId))),
      // The key holds the token's digest and the record no token: the token is the one asked for.
      session: async (sessionToken) => {
        const stored = decode<AdapterSession>(await redis.get(keys.session(sessionToken)));
        return stored && { ...stored, sessionToken };
      },
      verificationToken: async ({ identifier, token }) =>
        decode<VerificationToken>(await redis.get(keys.verificationToken(identifier, token))),
      authenticator: async (credentialID) => decode<AdapterAuthenticator>(await redis.get(keys.authenticator(credentialID))),
      password: async (userId) => decode<AdapterPassword>(await redis.get(keys.userPassword(userId))),
    },
  });

  describe("expiry", () => {
    test("a session key expires at the session's expires", async () => {
      const user = newUser();
      await adapter.createUser!(user);
      const session = newSession(user.id);
      await adapter.createSession!(session);
      const expireAt = await redis.pexpiretime(keys.session(session.sessionToken));
      expect(expireAt).toBe(session.expires.getTime());
    });

    test("a verification token key expires at the token's expires", async () => {
      const token = { identifier: `a-${randomUUID()}@example.com`, token: randomUUID(), expires: new Date(Date.now() + 60_000) };
      await adapter.createVerificationToken!(token);
      expect(await redis.pexpiretime(keys.verificationToken(token.identifier, token.token))).toBe(token.expires.getTime());
    });

    test("updateSession moves the key's expiry", async () => {
      const user = newUser();
      await adapter.createUser!(user);
      const session = newSession(user.id);
      await adapter.createSession!(session);
      const expires = new Date(Date.now() + 7 * 86_400_000);
      await adapter.updateSession!({ sessionToken: session.sessionToken, expires });
      expect(await redis.pexpiretime(keys.session(session.sessionToken))).toBe(expires.getTime());
    });

    test("an expired session is gone", async () => {
      const user = newUser();
      await adapter.createUser!(user);
      const session: AdapterSession = { ...newSession(user.id), expires: new Date(Date.now() + 50) };
      await adapter.createSession!(session);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await adapter.getSessionAndUser!(session.sessionToken)).toBeNull();
    });

    test("getSessionAndUser finds the user of an id with characters the keys encode", async () => {
      const user = newUser({ id: `user:é ü/%+${randomUUID()}` });
      await adapter.createUser!(user);
      const session = newSession(user.id);
      await adapter.createSession!(session);
      expect(await adapter.getSessionAndUser!(session.sessionToken)).toMatchObject({ session, user });
    });

    test("getSessionAndUser and updateSession are one round trip each", async () => {
      const user = newUser();
      await adapter.createUser!(user);
      const session = newSession(user.id);
      await adapter.createSession!(session);
      const commands: string[] = [];
      // The same client, with every command it sends recorded.
      const recording = new Proxy(redis, {
        get(target, property, receiver) {
          if (property !== "sendCommand") return Reflect.get(target, property, receiver);
          return (command: { name: string }, ...rest: unknown[]) => {
            commands.push(command.name);
            return (target.sendCommand as (...args: unknown[]) => unknown)(command, ...rest);
          };
        },
      });
      const recorded = RedisAdapter(recording, { prefix });
      expect(await recorded.getSessionAndUser!(session.sessionToken)).toMatchObject({ session, user });
      const expires = new Date(Date.now() + 86_400_000);
      expect(await recorded.updateSession!({ sessionToken: session.sessionToken, expires })).toMatchObject({ ...session, expires });
      expect(commands).toEqual(["eval", "eval"]);
    });

    test("updateUser moves the email index to the new address", async () => {
      const user = newUser();
      await adapter.createUser!(user);
      const email = `moved-${randomUUID()}@example.com`;
      await adapter.updateUser!({ id: user.id, email });
      expect((await adapter.getUserByEmail!(email))?.id).toBe(user.id);
      expect(await adapter.getUserByEmail!(user.email)).toBeNull();
    });

    test("no index key is written for a user without an email, nor kept when the email goes", async () => {
      const user = newUser({ email: "" });
      await adapter.createUser!(user);
      expect(await redis.exists(keys.userByEmail(""))).toBe(0);
      const email = `later-${randomUUID()}@example.com`;
      await adapter.updateUser!({ id: user.id, email });
      expect(await redis.get(keys.userByEmail(email))).toBe(user.id);
      await adapter.updateUser!({ id: user.id, email: "" });
      expect(await redis.exists(keys.userByEmail(email))).toBe(0);
      expect(await redis.exists(keys.userByEmail(""))).toBe(0);
      // The address is free again.
      const next = newUser({ email });
      await adapter.createUser!(next);
      expect((await adapter.getUserByEmail!(email))?.id).toBe(next.id);
    });
  });
  describe("teams", () => {
    test("deleting a user ends the user's team memberships in the same transaction", async () => {
      const store = adapter as Required<OrganizationAdapter & TeamAdapter>;
      const user = newUser();
      await adapter.createUser!(user);
      const organizationId = randomUUID();
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      await store.createOrganization({ id: organizationId, name: "Org", slug: `redis-${organizationId.slice(0, 8)}`, metadata: null, createdAt: now }, { organizationId, userId: user.id, role: "owner", createdAt: now });
      const teamId = randomUUID();
      await store.createTeam({ id: teamId, organizationId, name: "Ops", createdAt: now });
      expect(await store.addTeamMember({ teamId, userId: user.id, createdAt: now })).not.toBeNull();
      await adapter.deleteUser!(user.id);
      expect(await store.listTeamMembers(teamId)).toEqual([]);
      expect(await redis.exists(`${prefix}team-member:${teamId}:${user.id}`, `${prefix}user-teams:${user.id}`)).toBe(0);
      await store.deleteOrganization(organizationId);
    });
  });
});
