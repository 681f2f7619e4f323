/**
 * Through `Auth()`, with database sessions stored by @latch/prisma on each provider: a `Password()`
 * sign-in writes a session row with its details, the session reads back, a wrong password writes
 * nothing, sign-out deletes the row. And the adapter's own guard: a session token holding a control
 * character (which `Auth()` already answers as unknown) is unknown to the adapter too, without a
 * query, where PostgreSQL would refuse a NUL in text.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { handlerClient, needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "./clients.js";

const origin = "http://localhost:3000";
const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

/** A browser of one, signing in with `Password()` on `Auth()` and out. */
function browser(config: AuthConfig) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  return {
    signIn: (email: string, password: string) => client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password }),
    signOut: () => client.post("/auth/signout"),
    session: client.session,
  };
}

describe.each(["postgresql", "mysql", "sqlite"] as const)("@latch/prisma under Auth() on %s", (provider) => {
  const run = reachable[provider];
  let store: TestStore;
  const statements: string[] = [];
  beforeAll(async () => {
    if (!run) return;
    store = await openStore(provider, { onQuery: (sql) => statements.push(sql) });
    await deployMigrations(store.prisma, provider);
  });
  afterAll(async () => {
    await store?.drop();
  });

  test.runIf(run)("the right password signs in with a session row; the wrong one is refused; sign-out deletes the row", async () => {
    const adapter = PrismaAdapter(store.prisma);
    const config: AuthConfig = {
      secret: "prisma-sign-in-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      providers: [Password()],
      session: { strategy: "database" },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
    const user = await adapter.createUser!({ id: randomUUID(), email: `Prisma-${randomUUID()}@Example.com`, name: "Member", image: null, emailVerified: new Date() });
    await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
    const sessionRows = () => store.prisma.session.findMany({ where: { userId: user.id } });

    const refused = await browser(config).signIn(user.email, "copper lantern 78");
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
    expect(await sessionRows()).toHaveLength(0);

    const member = browser(config);
    // The address as typed differently: stored in its stored spelling, found by any.
    expect((await member.signIn(user.email.toUpperCase(), "copper lantern 77")).headers.get("location")).toBe(`${origin}/home`);
    expect(await member.session()).toMatchObject({ user: { email: user.email.toLowerCase(), name: "Member" } });
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.amr).toBe("pwd");
    expect(rows[0]!.auth_time).not.toBeNull();

    expect((await member.signOut()).status).toBe(302);
    expect(await sessionRows()).toHaveLength(0);
    expect(await member.session()).toBeNull();
  });

  test.runIf(run)("a session token with a control character is unknown, without a query", async () => {
    const adapter = PrismaAdapter(store.prisma);
    statements.length = 0;
    for (const token of ["\u0000", "abc\u0000def", "\u001f", "\u007f"]) {
      expect(await adapter.getSessionAndUser!(token)).toBeNull();
      expect(await adapter.updateSession!({ sessionToken: token, expires: new Date() })).toBeNull();
      expect(await adapter.deleteSession!(token)).toBeNull();
    }
    expect(statements).toEqual([]);
  });
});
