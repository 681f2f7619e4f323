// The users migration 9 leaves as they are: addresses that are spellings of one address.
import { canonicalEmail } from "@latch/core/adapters";
import type { DataSource } from "typeorm";

/** Users whose stored addresses are different spellings of one address, which no migration merges. */
export interface EmailCollision {
  /** The address in its stored spelling (NFKC, trimmed, lower case). */
  email: string;
  /** The users that share it, each with its address as stored. */
  users: { id: string; email: string }[];
}

/** What {@link migrate} found that it could not do by itself. */
export interface MigrationReport {
  /**
   * Users whose addresses are spellings of one address, left as they are for the operator to
   * resolve; looked for when migration 9 is applied (empty otherwise).
   */
  emailCollisions: EmailCollision[];
}

/**
 * The users whose addresses are spellings of one address (`Ada@example.com` and `ada@example.com`,
 * compared as Latch compares addresses, NFKC included): migration 9 leaves them as they are, and
 * `getUserByEmail` finds only the one already in the stored spelling, if any. Resolve each by hand
 * (merge the accounts into one user, or change one address), then run this again: an empty list
 * means every address has one user. Reads every user's id and address.
 *
 * @example
 * ```ts
 * import { emailCollisions } from "@latch/typeorm"
 * for (const { email, users } of await emailCollisions(dataSource)) console.warn(email, users)
 * ```
 */
export async function emailCollisions(dataSource: DataSource, usersTable = quotedUsers(dataSource)): Promise<EmailCollision[]> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const rows = (await dataSource.query(`SELECT id, email FROM ${usersTable}`)) as { id: string; email: string | null }[];
  const bySpelling = new Map<string, { id: string; email: string }[]>();
  for (const { id, email } of rows) {
    if (!email) continue;
    const spelling = canonicalEmail(email);
    if (!spelling) continue;
    bySpelling.set(spelling, [...(bySpelling.get(spelling) ?? []), { id: String(id), email }]);
  }
  return [...bySpelling]
    .filter(([, users]) => users.length > 1)
    .map(([email, users]) => ({ email, users: users.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) }))
    .sort((a, b) => (a.email < b.email ? -1 : 1));
}

/** The users table, quoted for the data source's dialect (schema-qualified on PostgreSQL). */
function quotedUsers(dataSource: DataSource): string {
  const { type } = dataSource.options;
  if (type === "mariadb" || type === "mysql") return "`users`";
  const schema = type === "postgres" ? (dataSource.options as { schema?: string }).schema : undefined;
  return schema ? `"${schema}"."users"` : `"users"`;
}
