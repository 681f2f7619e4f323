/**
 * `ApiKeys()` storing its keys through @latch/prisma, under `Auth()`, on each provider: a key made
 * with the server API reads its owner's session from a request that carries only the key, on this
 * instance and on another one (which reads the row); the most scopes a key may have fit the
 * column (JSON text on MySQL and SQLite, longer than MySQL's VARCHAR(191)); a change of scopes
 * reaches a fresh instance; a revoked key and the key of a deleted user are refused.
 */
import { Auth, type AuthConfig } from "@latch/core";
import { ApiKeys, createApiKey, revokeApiKey, updateApiKey } from "@latch/core/api-keys";
import Credentials from "@latch/core/providers/credentials";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "./clients.js";

const origin = "http://localhost:3000";
const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

/** 50 scopes of 100 characters: the most `ApiKeys()` lets a key have. */
const mostScopes = Array.from({ length: 50 }, (_, index) => `${String(index).padStart(2, "0")}:${"s".repeat(97)}`);

describe.each(["postgresql", "mysql", "sqlite"] as const)("ApiKeys() with keys stored by @latch/prisma on %s", (provider) => {
  const run = reachable[provider];
  let store: TestStore;
  beforeAll(async () => {
    if (!run) return;
    store = await openStore(provider);
    await deployMigrations(store.prisma, provider);
  });
  afterAll(async () => {
    await store?.drop();
  });

  /** One instance of the app: its own cache of keys. */
  const instance = (): AuthConfig => ({
    secret: "prisma-api-keys-secret-0123456789abcdef",
    trustHost: true,
    adapter: PrismaAdapter(store.prisma),
    session: { strategy: "jwt" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: () => null })],
    apiKeys: ApiKeys(),
  });

  async function sessionWith(config: AuthConfig, key: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
    const response = await Auth(new Request(`${origin}/auth/session`, { headers: { "x-api-key": key } }), config);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> | null };
  }

  async function newUser(id: string) {
    await PrismaAdapter(store.prisma).createUser!({ id, email: `${id}@example.com`, name: id, emailVerified: null });
    return { type: "user", id } as const;
  }

  test.runIf(run)("a key reads its owner's session on every instance, its scopes whole; a change reaches a fresh instance; revoked, it is refused", async () => {
    const owner = await newUser(`ada-${provider}`);
    const first = instance();
    const { key, apiKey } = await createApiKey(first, owner, { name: "CI", scopes: mostScopes });

    for (const config of [first, instance()]) {
      const { status, body } = await sessionWith(config, key);
      expect(status).toBe(200);
      expect(body).toMatchObject({ user: { id: owner.id }, apiKey: { id: apiKey.id, name: "CI", owner, scopes: mostScopes } });
    }

    await updateApiKey(first, owner, apiKey.id, { scopes: ["deploy"] });
    expect((await sessionWith(instance(), key)).body).toMatchObject({ apiKey: { scopes: ["deploy"] } });

    expect(await revokeApiKey(first, owner, apiKey.id)).toBe(true);
    const refused = await sessionWith(first, key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: "InvalidApiKey" });
  });

  test.runIf(run)("the key of a deleted user is refused: the row went with the user", async () => {
    const owner = await newUser(`bob-${provider}`);
    const { key } = await createApiKey(instance(), owner, { name: "deploy" });
    expect((await sessionWith(instance(), key)).status).toBe(200);
    await PrismaAdapter(store.prisma).deleteUser!(owner.id);
    const refused = await sessionWith(instance(), key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: "InvalidApiKey" });
  });
});
