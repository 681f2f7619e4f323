/**
 * `@auth/prisma-adapter` under Latch, on the Prisma client generated from @latch/prisma's schema
 * (Auth.js's Prisma models plus Latch's) with its committed migrations, on SQLite and the real
 * PostgreSQL: Latch's conformance suite where the Auth.js adapter has the methods, and the switch
 * both ways — users, accounts, sessions, tokens and passkeys written by one adapter are read,
 * changed and removed by the other, the rows counted; and sign-out through `Auth()` when the
 * Auth.js adapter throws for a session it does not know.
 */
import { Auth, type AuthConfig } from "@latch/core";
import { runAdapterTests } from "@latch/adapter-test";
import type { Adapter } from "@latch/core/adapters";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter as LatchPrismaAdapter } from "../../../packages/adapter-prisma/src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "../../../packages/adapter-prisma/test/clients.js";
import { authjsPrisma, notInstalled } from "./load.js";
import { missingMethods, readersThrough, sharedRows } from "./shared.js";

if (notInstalled && process.env.CI) throw new Error(notInstalled);
const reachable: Record<"sqlite" | "postgresql", boolean> = { sqlite: true, postgresql: await needService(services.postgres) };
const PrismaAdapterOfAuthjs = notInstalled ? () => ({}) : (await authjsPrisma()).PrismaAdapter;

/**
 * `@auth/prisma-adapter` as `sharedRows` compares it: its `createUser` returns the whole `User` row,
 * Prisma's `createdAt` and `updatedAt` of Auth.js's schema included, which are not part of a user.
 */
function asContract(authjs: Adapter): Adapter {
  return {
    ...authjs,
    async createUser(user) {
      const { id, name, email, emailVerified, image } = await authjs.createUser!(user);
      return { id, name, email, emailVerified, image };
    },
  };
}

for (const provider of ["sqlite", "postgresql"] as const satisfies readonly Provider[]) {
  const ready = !notInstalled && reachable[provider];
  describe.skipIf(!ready)(`@auth/prisma-adapter under Latch on ${provider}${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, async () => {
    const suiteStore = ready ? await openStore(provider) : undefined;

    describe("Latch's conformance suite, following the ids Prisma chooses", () => {
      if (!suiteStore) return;
      const authjs: Adapter = PrismaAdapterOfAuthjs(suiteStore.prisma);
      const latch = LatchPrismaAdapter(suiteStore.prisma);
      runAdapterTests({
        adapter: authjs,
        missing: missingMethods(authjs),
        choosesUserIds: "@auth/prisma-adapter drops the id Latch passes and lets Prisma make one (User.id @default(cuid()))",
        departures: {
          noEmptyEmailLookup: 'the Auth.js adapter finds a user stored with the empty email; Latch never looks up ""',
          storedEmailSpelling: "the Auth.js adapter stores and looks up the address as given; Latch hands it the stored spelling (its adapter guard), so through Latch it holds only that spelling",
          manyWithoutEmail: "Auth.js's Prisma schema keeps a plain unique index on User.email, so one user at most is stored without an address",
          unknownSessionUpdate: "the Auth.js adapter's prisma.session.update throws for an unknown token (Prisma's P2025)",
          unknownSessionDelete: "the Auth.js adapter's prisma.session.delete throws for an unknown token (Prisma's P2025)",
        },
        noRefreshLease: "the Auth.js adapter has no leaseAccount/releaseAccount",
        noRefreshRefusal: "the Auth.js adapter has no releaseAccount",
        db: {
          connect: () => deployMigrations(suiteStore.prisma, provider),
          disconnect: () => suiteStore.drop(),
          ...readersThrough(latch, async ({ identifier, token }) => {
            const row = await suiteStore.prisma.verificationToken.findUnique({ where: { identifier_token: { identifier, token } } });
            return row && { identifier: row.identifier, token: row.token, expires: row.expires };
          }),
        },
      });
    });

    describe("switching", () => {
      let store: TestStore;
      beforeAll(async () => {
        if (!ready) return;
        store = await openStore(provider);
        await deployMigrations(store.prisma, provider);
      });
      afterAll(async () => {
        await store?.drop();
      });
      const counts = async () => ({
        users: await store.prisma.user.count(),
        accounts: await store.prisma.account.count(),
        sessions: await store.prisma.session.count(),
        tokens: await store.prisma.verificationToken.count(),
        authenticators: await store.prisma.authenticator.count(),
      });

      test("rows @auth/prisma-adapter writes, @latch/prisma reads, changes and removes; and back", async () => {
        const authjs = asContract(PrismaAdapterOfAuthjs(store.prisma));
        const latch = LatchPrismaAdapter(store.prisma);
        await sharedRows(authjs, latch);
        // Each run leaves its user and authenticator; its account, session and token are gone.
        expect(await counts()).toEqual({ users: 1, accounts: 0, sessions: 0, tokens: 0, authenticators: 1 });
        await sharedRows(latch, authjs);
        expect(await counts()).toEqual({ users: 2, accounts: 0, sessions: 0, tokens: 0, authenticators: 2 });
      });

      test("a session @auth/prisma-adapter started stays readable by @latch/prisma, which adds what it keeps", async () => {
        const authjs = PrismaAdapterOfAuthjs(store.prisma) as Required<Adapter>;
        const latch = LatchPrismaAdapter(store.prisma) as Required<Adapter>;
        const user = await authjs.createUser({ id: "ignored", email: "switch@example.com", emailVerified: null });
        await authjs.createSession({ sessionToken: "from-authjs", userId: user.id, expires: new Date(Date.UTC(2030, 0, 1)) });
        const read = await latch.getSessionAndUser("from-authjs");
        expect(read?.user).toMatchObject({ id: user.id, email: "switch@example.com" });
        expect(read?.session).toMatchObject({ sessionToken: "from-authjs", userId: user.id, auth_time: null, amr: null });
        // Auth.js's SQLite models give a session a row id (a cuid), which is its opaque id under Latch;
        // on PostgreSQL one started before the switch has none. Latch's own sessions get one.
        if (provider === "sqlite") expect(read?.session.id).toMatch(/^c[0-9a-z]{20,}$/);
        else expect(read?.session.id).toBeUndefined();
        const own = await latch.createSession({ sessionToken: "from-latch", userId: user.id, expires: new Date(Date.UTC(2030, 0, 1)), auth_time: 1_800_000_000, amr: ["otp", "mfa"] });
        expect(own.id).toMatch(/^[0-9a-f-]{36}$/);
        expect((await latch.listSessions(user.id)).map((s) => s.sessionToken).sort()).toEqual(["from-authjs", "from-latch"]);
        expect(await authjs.getSessionAndUser("from-latch")).toMatchObject({ user: { id: user.id }, session: { sessionToken: "from-latch" } });
        expect(await latch.deleteSessions(user.id)).toBe(2);
      });

      test("sign-out with a session cookie it does not know (its deleteSession throws P2025) still signs out", async () => {
        const errors: string[] = [];
        const config: AuthConfig = {
          secret: "prisma-compat-secret-0123456789abcdef",
          trustHost: true,
          adapter: PrismaAdapterOfAuthjs(store.prisma),
          session: { strategy: "database" },
          providers: [],
          logger: { error: (error) => errors.push(String(error)), warn: () => {}, debug: () => {} },
        };
        const origin = "http://localhost:3000";
        const csrf = await Auth(new Request(`${origin}/auth/csrf`), config);
        const { csrfToken } = (await csrf.json()) as { csrfToken: string };
        const cookie = `${csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")}; authjs.session-token=ended-elsewhere`;
        const response = await Auth(
          new Request(`${origin}/auth/signout`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", cookie },
            body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/home` }),
          }),
          config,
        );
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(`${origin}/home`);
        expect(response.headers.getSetCookie()).toContain("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
        expect(errors).toEqual(["SignOutError"]);
      });
    });
  });
}
