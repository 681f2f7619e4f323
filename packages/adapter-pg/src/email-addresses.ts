// Stored addresses in the stored spelling (PROTOCOL §6 "Email identifier"): the migration that
// brings existing rows to it, and the report of rows it had to leave as they were.
import type { Queryable } from "./client.js";

/**
 * SQL for the stored spelling of `column`: NFKC, trimmed, lower-cased, as `canonicalEmail` does.
 * `lower()` follows the database's collation: under the C locale (PGlite's) it lower-cases ASCII
 * letters only, so a stored address with upper-case letters outside ASCII keeps them.
 */
const stored = (column: string) => `lower(regexp_replace(normalize(${column}, NFKC), '^[[:space:]]+|[[:space:]]+$', '', 'g'))`;

/**
 * Migration 9: every address that is not in its stored spelling is rewritten to it, unless
 * another user's address has the same stored spelling. Those rows stay as they are, both of
 * them: which one is the person's account is for the operator to decide; {@link emailCollisions}
 * names them.
 */
export const storedEmailStatements: readonly string[] = [
  `UPDATE users AS u SET email = ${stored("u.email")}
    WHERE u.email IS NOT NULL AND u.email <> ${stored("u.email")}
      AND (${stored("u.email")} = '' OR NOT EXISTS (
        SELECT 1 FROM users AS o WHERE o.id <> u.id AND o.email IS NOT NULL AND ${stored("o.email")} = ${stored("u.email")}))`,
];

/** Users whose stored addresses are different spellings of one address, which no migration merges. */
export interface EmailCollision {
  /** The address in its stored spelling. */
  email: string;
  /** The users that share it, each with its address as stored. */
  users: { id: string; email: string }[];
}

/**
 * The users whose addresses are spellings of one address (`Ada@example.com` and `ada@example.com`):
 * migration 9 leaves them as they are, and `getUserByEmail` finds only the one already in the
 * stored spelling, if any. Resolve each by hand (merge the accounts into one user, or change one
 * address), then run this again: an empty list means every address has one user.
 *
 * @example
 * ```ts
 * import { emailCollisions } from "@latch/pg"
 * for (const { email, users } of await emailCollisions(pool)) console.warn(email, users)
 * ```
 */
export async function emailCollisions(client: Queryable): Promise<EmailCollision[]> {
  const { rows } = await client.query(
    `SELECT spelling AS email, json_agg(json_build_object('id', id, 'email', email) ORDER BY id) AS users
       FROM (SELECT id, email, ${stored("email")} AS spelling FROM users WHERE email IS NOT NULL) AS addresses
      WHERE spelling <> ''
      GROUP BY spelling HAVING count(*) > 1
      ORDER BY spelling`,
  );
  return (rows as { email: string; users: EmailCollision["users"] | string }[]).map((row) => ({
    email: row.email,
    users: typeof row.users === "string" ? JSON.parse(row.users) : row.users,
  }));
}
