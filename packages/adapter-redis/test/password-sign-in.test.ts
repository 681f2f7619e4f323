/**
 * `Password()` sign-in through `Auth()` on the real Redis: JWT and database sessions, the
 * same refusal for a wrong password and an unknown address, and the hash upgraded in its key.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword, verifyPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { handlerClient, needService, services, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { RedisAdapter } from "../src/adapter.js";
import { keysFor } from "../src/keys.js";

const origin = "http://localhost:3000";
const prefix = `latch-password-${randomUUID().slice(0, 8)}:`;
const keys = keysFor(prefix);

/** A browser of one, signing in with `Password()` on `Auth()`. */
function browser(config: AuthConfig) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  return {
    signIn: (email: string, password: string) => client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password }),
    session: client.session,
  };
}

describe.runIf(await needService(services.redis))("Password() on Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const adapter = RedisAdapter(redis, { prefix });
  const base = { secret: "password-sign-in-secret-0123456789abcdef", trustHost: true, adapter, providers: [Password()], logger: { error: () => {}, warn: () => {}, debug: () => {} } };

  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    const found = await redisKeysUnder(redis, prefix);
    if (found.length) await redis.del(...found);
    await redis.quit();
  });

  async function member(hash?: string) {
    const user = { id: randomUUID(), email: `redis-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() };
    await adapter.createUser!(user);
    await adapter.setPassword!({ userId: user.id, hash: hash ?? (await hashPassword("violet staircase 42")), updatedAt: new Date() });
    return user;
  }

  test.each(["jwt", "database"] as const)("%s sessions: the right password signs in, a wrong one is refused like an unknown address", async (strategy) => {
    const user = await member();
    const config = { ...base, session: { strategy } };
    const ok = browser(config);
    expect((await ok.signIn(user.email, "violet staircase 42")).headers.get("location")).toBe(`${origin}/home`);
    expect(await ok.session()).toMatchObject({ user: { email: user.email } });
    expect(await redis.scard(keys.userSessions(user.id))).toBe(strategy === "database" ? 1 : 0);

    const wrong = await browser(config).signIn(user.email, "violet staircase 43");
    const unknown = await browser(config).signIn(`nobody-${randomUUID()}@example.com`, "violet staircase 43");
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.headers.get("location")).toBe(wrong.headers.get("location"));
  });

  test("a hash with old parameters is replaced in its key at the next sign-in", async () => {
    const old = await hashPassword("violet staircase 42", { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    const user = await member(old);
    const b = browser({ ...base, session: { strategy: "database" } });
    await b.signIn(user.email, "violet staircase 42");
    expect(await b.session()).toMatchObject({ user: { email: user.email } });
    const stored = JSON.parse((await redis.get(keys.userPassword(user.id)))!) as { hash: string };
    expect(stored.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword("violet staircase 42", stored.hash)).resolves.toBe(true);
  });
});
