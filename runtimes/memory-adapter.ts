// A stand-in, not a real database: the runtime checks run inside workerd, Bun and Deno, where no
// database server can be reached from a worker here, so database sessions are checked against this
// Map-backed adapter. Adapters on real engines are tested by @latch/adapter-test.
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "@latch/core/adapters";

/** The methods database sessions with the credentials provider use, kept in Maps. */
export function memoryAdapter(seed: AdapterUser[] = []): Adapter & { sessions: Map<string, AdapterSession> } {
  const users = new Map(seed.map((user) => [user.id, { ...user }]));
  const accounts = new Map<string, AdapterAccount>();
  const sessions = new Map<string, AdapterSession>();
  const accountKey = (provider: string, providerAccountId: string) => `${provider}\u0000${providerAccountId}`;
  return {
    sessions,
    async createUser(user) {
      users.set(user.id, { ...user });
      return { ...user };
    },
    async getUser(id) {
      const user = users.get(id);
      return user ? { ...user } : null;
    },
    async getUserByEmail(email) {
      const user = [...users.values()].find((u) => u.email === email);
      return user ? { ...user } : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(accountKey(provider, providerAccountId));
      return account ? { ...users.get(account.userId)! } : null;
    },
    async updateUser(user) {
      const updated = { ...users.get(user.id!)!, ...user } as AdapterUser;
      users.set(updated.id, updated);
      return { ...updated };
    },
    async linkAccount(account) {
      accounts.set(accountKey(account.provider, account.providerAccountId), { ...account });
      return account;
    },
    async createSession(session) {
      sessions.set(session.sessionToken, { ...session });
      return { ...session };
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = session && users.get(session.userId);
      return session && user ? { session: { ...session }, user: { ...user } } : null;
    },
    async updateSession(session) {
      const stored = sessions.get(session.sessionToken);
      if (!stored) return null;
      const updated = { ...stored, ...session };
      sessions.set(updated.sessionToken, updated);
      return { ...updated };
    },
    async deleteSession(sessionToken) {
      sessions.delete(sessionToken);
    },
  };
}
