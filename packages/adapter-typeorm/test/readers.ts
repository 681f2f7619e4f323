import type { TestDatabase } from "@latch/adapter-test";
import { postgresLogin } from "@latch/testing";
import type { DataSource } from "typeorm";
import { toAccount, toAuthenticator, toPassword, toSession, toUser, toVerificationToken } from "../src/convert.js";
import { defaultEntities } from "../src/data-source.js";
import { AccountEntity, AuthenticatorEntity, PasswordEntity, SessionEntity, UserEntity, VerificationTokenEntity } from "../src/entities.js";

/** Readers of the tables through the data source's entity manager, bypassing the adapter. */
export function tableReaders(dataSource: DataSource): Omit<TestDatabase, "connect" | "disconnect"> {
  const m = () => dataSource.manager;
  return {
    user: async (id) => {
      const row = await m().findOneBy(UserEntity, { id });
      return row && toUser(row);
    },
    account: async ({ provider, providerAccountId }) => {
      const row = await m().findOneBy(AccountEntity, { provider, providerAccountId });
      return row && toAccount(row);
    },
    session: async (sessionToken) => {
      const row = await m().findOneBy(SessionEntity, { sessionToken });
      return row && toSession(row);
    },
    verificationToken: async ({ identifier, token }) => {
      const row = await m().findOneBy(VerificationTokenEntity, { identifier, token });
      return row && toVerificationToken(row);
    },
    authenticator: async (credentialID) => {
      const row = await m().findOneBy(AuthenticatorEntity, { credentialID });
      return row && toAuthenticator(row);
    },
    password: async (userId) => {
      const row = await m().findOneBy(PasswordEntity, { userId });
      return row && toPassword(row);
    },
  };
}

/** The default entity classes, for a DataSource the test builds itself. */
export const entities = Object.values(defaultEntities);

/** Connection options of the test PostgreSQL (127.0.0.1:5432 unless PGHOST/PGPORT/PGUSER/PGDATABASE say otherwise). */
export const postgresOptions = {
  type: "postgres",
  host: postgresLogin.host,
  port: postgresLogin.port,
  username: postgresLogin.user,
  database: postgresLogin.database,
} as const;

/** A random name for a schema or database of one test run. */
export function randomName(): string {
  return `latch_test_${Math.random().toString(36).slice(2, 10)}`;
}
