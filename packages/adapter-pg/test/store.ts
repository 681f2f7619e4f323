import type { TestDatabase } from "@latch/adapter-test";
import { firstRow, type Queryable } from "../src/client.js";
import { accountFromRow, authenticatorFromRow, passwordFromRow, sessionFromRow, userFromRow, verificationTokenFromRow, type StoredRow } from "@latch/core/adapters";

/** Readers of the tables, for the conformance suite, on a client already set to the test schema. */
export function tableReaders(client: Queryable): Omit<TestDatabase, "connect" | "disconnect"> {
  return {
    async user(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM users WHERE id = $1`, [id]);
      return row && userFromRow(row);
    },
    async account({ provider, providerAccountId }) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2`, [
        provider,
        providerAccountId,
      ]);
      return row && accountFromRow(row);
    },
    async session(sessionToken) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM sessions WHERE "sessionToken" = $1`, [sessionToken]);
      return row && sessionFromRow(row);
    },
    async verificationToken({ identifier, token }) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM verification_token WHERE identifier = $1 AND token = $2`, [
        identifier,
        token,
      ]);
      return row && verificationTokenFromRow(row);
    },
    async authenticator(credentialID) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM authenticators WHERE "credentialID" = $1`, [credentialID]);
      return row && authenticatorFromRow(row);
    },
    async password(userId) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM passwords WHERE "userId" = $1`, [userId]);
      return row && passwordFromRow(row);
    },
  };
}
