import type { TestDatabase } from "@latch/adapter-test";
import { and, eq, getTableColumns } from "drizzle-orm";
import type { DrizzleDatabase } from "../src/adapter.js";
import { mysqlTables } from "../src/mysql-schema.js";
import { pgTables } from "../src/pg-schema.js";
import { accountFromRow, authenticatorFromRow, passwordFromRow, sessionFromRow, userFromRow, verificationTokenFromRow, type StoredRow } from "@latch/core/adapters";
import { sqliteTables } from "../src/sqlite-schema.js";

const tablesOf = { pg: pgTables, mysql: mysqlTables, sqlite: sqliteTables };

/** Readers of the tables for the conformance suite: plain selects, around the adapter. */
export function tableReaders(database: DrizzleDatabase, dialect: keyof typeof tablesOf): Omit<TestDatabase, "connect" | "disconnect"> {
  const db = database as any;
  const t = tablesOf[dialect] as any;
  const first = async (query: PromiseLike<StoredRow[]>) => (await query)[0] ?? null;
  return {
    async user(id) {
      // The columns the database generates (MariaDB's email_key) are not part of a user.
      const fields = Object.fromEntries(Object.entries(getTableColumns(t.users) as Record<string, any>).filter(([, column]) => !column.generated));
      const row = await first(db.select(fields).from(t.users).where(eq(t.users.id, id)));
      return row && userFromRow(row, { keepColumns: true });
    },
    async account({ provider, providerAccountId }) {
      const row = await first(db.select().from(t.accounts).where(and(eq(t.accounts.provider, provider), eq(t.accounts.providerAccountId, providerAccountId))));
      return row && accountFromRow(row);
    },
    async session(sessionToken) {
      const row = await first(db.select().from(t.sessions).where(eq(t.sessions.sessionToken, sessionToken)));
      return row && sessionFromRow(row);
    },
    async verificationToken({ identifier, token }) {
      const row = await first(
        db.select().from(t.verificationTokens).where(and(eq(t.verificationTokens.identifier, identifier), eq(t.verificationTokens.token, token))),
      );
      return row && verificationTokenFromRow(row);
    },
    async authenticator(credentialID) {
      const row = await first(db.select().from(t.authenticators).where(eq(t.authenticators.credentialID, credentialID)));
      return row && authenticatorFromRow(row);
    },
    async password(userId) {
      const row = await first(db.select().from(t.passwords).where(eq(t.passwords.userId, userId)));
      return row && passwordFromRow(row);
    },
  };
}

/** A random name for one run's schema or database. */
export function randomName(): string {
  return `latch_drizzle_${Math.random().toString(36).slice(2, 10)}`;
}
