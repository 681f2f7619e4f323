import type { TestDatabase } from "@latch/adapter-test";
import { accountFromRow, authenticatorFromRow, passwordFromRow, sessionFromRow, userFromRow, verificationTokenFromRow, type StoredRow } from "@latch/core/adapters";
import type { GeneratedClient } from "./clients.js";

/** Readers of the stored rows for the conformance suite: the client's own finds, around the adapter. */
export function modelReaders(prisma: GeneratedClient): Omit<TestDatabase, "connect" | "disconnect"> {
  return {
    async user(id) {
      const row = await prisma.user.findUnique({ where: { id } });
      return row && userFromRow(row);
    },
    async account({ provider, providerAccountId }) {
      const row = await prisma.account.findUnique({ where: { provider_providerAccountId: { provider, providerAccountId } } });
      if (!row) return null;
      const { createdAt: _created, updatedAt: _updated, ...rest } = row;
      return accountFromRow(rest);
    },
    async session(sessionToken) {
      const row = await prisma.session.findUnique({ where: { sessionToken } });
      return row && sessionFromRow({ ...row, amr: row.amr === null ? null : row.amr.split(" ") } as StoredRow);
    },
    async verificationToken({ identifier, token }) {
      const row = await prisma.verificationToken.findUnique({ where: { identifier_token: { identifier, token } } });
      return row && verificationTokenFromRow(row);
    },
    async authenticator(credentialID) {
      const row = await prisma.authenticator.findUnique({ where: { credentialID } });
      return row && authenticatorFromRow(row);
    },
    async password(userId) {
      const row = await prisma.password.findUnique({ where: { userId } });
      return row && passwordFromRow(row);
    },
  };
}
