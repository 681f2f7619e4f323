/**
 * `AccessTokens()` storing its signing keys through @latch/prisma, under `Auth()`, on each
 * provider: instances that ask together store one `SigningKey` row and all publish it, and a token
 * another instance issues carries its id. RS256, whose public and private keys are the longest
 * (longer than MySQL's VARCHAR(191)), so that the columns' types are tried too.
 */
import { Auth, type AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import Credentials from "@latch/core/providers/credentials";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "./clients.js";

const origin = "http://localhost:3000";
const user = { id: "user-1", email: "ada@example.com", name: "Ada" };
const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>;

describe.each(["postgresql", "mysql", "sqlite"] as const)("AccessTokens() with keys stored by @latch/prisma on %s", (provider) => {
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

  const config = (): AuthConfig => ({
    secret: "prisma-signing-keys-secret-0123456789abcdef",
    trustHost: true,
    adapter: PrismaAdapter(store.prisma),
    session: { strategy: "jwt" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: () => user })],
    accessTokens: AccessTokens({ algorithm: "RS256" }),
  });

  test.runIf(run)("instances asking together store one key, publish it, and sign with it", async () => {
    const instances = [config(), config(), config()];
    const answers = await Promise.all(instances.map(async (c) => (await (await Auth(new Request(`${origin}/auth/jwks`), c)).json()) as { keys: { kid: string; kty: string }[] }));
    const kids = new Set(answers.flatMap((a) => a.keys.map((k) => k.kid)));
    expect(kids.size).toBe(1);
    const rows = await store.prisma.signingKey.findMany();
    expect(rows.map((row) => [row.id, row.generation, row.algorithm])).toEqual([[[...kids][0], 1, "RS256"]]);
    expect(rows[0]!.privateKey.length).toBeGreaterThan(191);

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
    const [header, payload] = token.split(".").slice(0, 2).map(decode) as [Record<string, unknown>, Record<string, unknown>];
    expect(header).toMatchObject({ alg: "RS256", kid: [...kids][0] });
    expect(payload.sub).toBe(user.id);
    expect(await store.prisma.signingKey.count()).toBe(1);
  });
});
