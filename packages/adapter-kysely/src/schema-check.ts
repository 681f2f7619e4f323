import { accountColumns, authenticatorColumns } from "@latch/core/adapters";
import { sql, type Kysely } from "kysely";
import type { TableDialect } from "./dialect.js";

/**
 * The database lacks a table or column the adapter reads or writes (`type` is
 * `"KyselySchemaMismatch"`). Thrown in place of the driver's error by the call that met the gap;
 * the message names the table or column and the command that creates it.
 */
export class KyselySchemaMismatch extends Error {
  /** Stable identifier of this error. */
  static readonly type = "KyselySchemaMismatch";
  /** Stable identifier of this error. */
  readonly type = "KyselySchemaMismatch";

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "KyselySchemaMismatch";
  }
}

/** The columns of each table the adapter uses (more are allowed). */
function requiredTables(dialect: TableDialect): Record<string, readonly string[]> {
  return {
    users: ["id", "name", "email", "emailVerified", "image"],
    accounts: ["id", ...accountColumns, "refreshLeaseHolder", "refreshLeaseUntil", "refreshError"],
    sessions: ["id", "sessionToken", "userId", "expires", "createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "activeOrganizationId", "impersonatedBy"],
    [dialect.verificationTokens]: ["identifier", "token", "expires"],
    authenticators: authenticatorColumns,
    passwords: ["userId", "hash", "updatedAt"],
    second_factors: ["id", "userId", "kind", "secret", "lastUsedStep", "attempts", "confirmedAt", "expires", "createdAt"],
    signing_keys: ["id", "generation", "algorithm", "publicKey", "privateKey", "createdAt"],
    api_keys: ["id", "ownerType", "ownerId", "userId", "name", "scopes", "hash", "createdAt", "expires", "lastUsedAt"],
    organizations: ["id", "name", "slug", "metadata", "createdAt"],
    members: ["organizationId", "userId", "role", "createdAt"],
    invitations: ["id", "organizationId", "email", "role", "inviterId", "hash", "status", "expires", "createdAt"],
    organization_roles: ["organizationId", "name", "permissions", "createdAt"],
    user_standings: ["userId", "siteRole", "banned", "banReason", "banExpires"],
  };
}

/** The command that brings the dialect's tables up to date. */
function fix(dialect: TableDialect): string {
  const where = dialect.name === "sqlite" ? "--url <database file>" : "--url <url>";
  return `run \`npx latch migrate apply --kysely ${dialect.name} ${where}\` on this database`;
}

/** Whether the driver's error says a table or column does not exist (PostgreSQL, MySQL/MariaDB, SQLite). */
function isMissingRelation(error: unknown): boolean {
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  if (code === "42P01" || code === "42703") return true;
  if (errno === 1146 || errno === 1054) return true;
  return typeof message === "string" && /no such table|no such column|has no column named/.test(message);
}

/** The tables of the database's current schema (PostgreSQL's `search_path`, MySQL's database, SQLite's main), by name. */
async function storedTables(db: Kysely<any>, dialect: TableDialect): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables();
  const schema = dialect.name === "postgres" ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  return new Map(tables.filter((table) => schema === undefined || table.schema === schema).map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
}

/**
 * What the database lacks that the adapter needs, as a {@link KyselySchemaMismatch}; `null` when
 * nothing is missing. Reads the catalogue only when the driver's error is one of a missing table
 * or column, so other errors (a taken email) cost nothing more.
 */
export async function schemaMismatch(db: Kysely<any>, dialect: TableDialect, error: unknown): Promise<KyselySchemaMismatch | null> {
  if (!isMissingRelation(error)) return null;
  let stored: Map<string, Set<string>>;
  try {
    stored = await storedTables(db, dialect);
  } catch {
    return null; // the driver's own error says more than a failed look at the catalogue
  }
  const gaps: string[] = [];
  for (const [table, columns] of Object.entries(requiredTables(dialect))) {
    const found = stored.get(table);
    if (!found) {
      gaps.push(`the table "${table}"`);
      continue;
    }
    const missing = columns.filter((column) => !found.has(column));
    if (missing.length > 0) gaps.push(`the column${missing.length > 1 ? "s" : ""} ${missing.map((column) => `"${table}"."${column}"`).join(", ")}`);
  }
  if (gaps.length === 0) return null;
  const lacks = gaps.length === 1 ? gaps[0] : `${gaps.slice(0, -1).join(", ")} and ${gaps.at(-1)}`;
  return new KyselySchemaMismatch(`KyselyAdapter: the database lacks ${lacks}: ${fix(dialect)}.`, { cause: error });
}
