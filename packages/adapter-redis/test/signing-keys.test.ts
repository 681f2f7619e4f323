/**
 * `AccessTokens()` storing its signing keys in Redis, through `Auth()`: instances that ask
 * together store one key and all publish it, and another instance signs with it (the signature
 * itself is verified by core's access-token suites).
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import Credentials from "@latch/core/providers/credentials";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const origin = "http://localhost:3000";
const user = { id: "user-1", email: "ada@example.com", name: "Ada" };

describe.runIf(await needService(services.redis))("signing keys stored in Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  beforeAll(() => redis.connect());
  afterAll(async () => {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
    await redis.quit();
  });

  const config = (): AuthConfig => ({
    secret: "redis-signing-keys-secret-0123456789abcdef",
    trustHost: true,
    adapter: RedisAdapter(redis, { prefix }),
    session: { strategy: "jwt" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: () => user })],
    accessTokens: AccessTokens(),
  });

  test("instances asking together store one key; its tokens verify against the JWKS", async () => {
    const instances = [config(), config(), config()];
    const answers = await Promise.all(instances.map(async (c) => (await (await Auth(new Request(`${origin}/auth/jwks`), c)).json()) as { keys: { kid: string }[] }));
    const kids = new Set(answers.flatMap((a) => a.keys.map((k) => k.kid)));
    expect(kids.size).toBe(1);
    expect(Object.keys(await redis.hgetall(`${prefix}signing-keys`))).toHaveLength(2);

    const first = instances[0]!;
    const csrf = await Auth(new Request(`${origin}/auth/csrf`), first);
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await Auth(
      new Request(`${origin}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie }, body: new URLSearchParams({ csrfToken }) }),
      first,
    );
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!.split(";")[0]!;
    const { token } = (await (await Auth(new Request(`${origin}/auth/token`, { headers: { cookie: session } }), instances[2]!)).json()) as { token: string };
    const [header, payload] = token.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>) as [Record<string, unknown>, Record<string, unknown>];
    expect(header.kid).toBe([...kids][0]);
    expect(payload.sub).toBe(user.id);
  });
});
