import { accountColumns, accountFromRow, activeOrganizationFromRow, apiKeyFromRow, invitationFromRow, memberFromRow, organizationFromRow, organizationRoleFromRow, standingFromRow, teamFromRow, teamMemberFromRow, auditEventFromRow, wordsText, scopesText, authenticatorColumns, authenticatorFromRow, sessionIdOf, userColumns, passwordFromRow, releasedAccountColumns, secondFactorFromRow, sessionFromRow, signingKeyFromRow, userFromRow, verificationTokenFromRow, canonicalEmail, sqlDateText, type Adapter, type AdapterAccount, type AdapterApiKey, type ApiKeyAdapter, type AdapterAuthenticator, type AdapterUserStanding, type AdminAdapter, type OrganizationAdapter, type TeamAdapter, type AuditAdapter, type StoredRow } from "@latch/core/adapters";
import { and, asc, desc, eq, getTableColumns, inArray, is, isNotNull, isNull, lt, not, or, sql, Table, type SQL } from "drizzle-orm";
import { MySqlDatabase } from "drizzle-orm/mysql-core";
import { PgDatabase } from "drizzle-orm/pg-core";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { mysqlTables, type MysqlLatchTables } from "./mysql-schema.js";
import { pgTables, type PgLatchTables } from "./pg-schema.js";
import { sqliteTables, type SqliteLatchTables } from "./sqlite-schema.js";

/** Users keep the columns of an extended `users` table. */
const keepColumns = { keepColumns: true };

/** A Drizzle database of one of the three dialects Latch has tables for. */
export type DrizzleDatabase = PgDatabase<any, any, any> | MySqlDatabase<any, any, any, any> | BaseSQLiteDatabase<"sync" | "async", any, any, any>;

/** The tables `DrizzleAdapter` uses for the database's dialect: Latch's by default, or yours. */
export type DrizzleTables<D extends DrizzleDatabase> =
  D extends PgDatabase<any, any, any> ? PgLatchTables : D extends MySqlDatabase<any, any, any, any> ? MysqlLatchTables : SqliteLatchTables;

type Dialect = "pg" | "mysql" | "sqlite";

/*
 * One implementation serves the three dialects: their query builders take the same calls
 * (select/insert/update/delete with the same operators) but have unrelated static types, so the
 * database and tables are handled untyped inside this module; the public signature is exact.
 */
type Loose = any;

function dialectOf(db: DrizzleDatabase): Dialect {
  if (is(db, PgDatabase)) return "pg";
  if (is(db, MySqlDatabase)) return "mysql";
  if (is(db, BaseSQLiteDatabase)) return "sqlite";
  throw new TypeError("DrizzleAdapter: the database is not a Drizzle PostgreSQL, MySQL/MariaDB or SQLite database.");
}

const defaultTables: Record<Dialect, Record<string, unknown>> = { pg: pgTables, mysql: mysqlTables, sqlite: sqliteTables };

/** How many rows a write touched, whatever the driver's result shape. */
function affected(result: unknown): number {
  const value = (Array.isArray(result) ? result[0] : result) as { rowCount?: number | null; affectedRows?: number; changes?: number } | undefined;
  return Number(value?.rowCount ?? value?.affectedRows ?? value?.changes ?? 0);
}

/** The columns of how a session was earned: optional in a table given to `DrizzleAdapter`. */
const earnedColumns = ["auth_time", "mfa_time", "amr"] as const;

/** The properties each table given to `DrizzleAdapter` must have (extra ones are allowed). */
const requiredColumns: Record<string, readonly string[]> = {
  users: ["id", "name", "email", "emailVerified", "image"],
  accounts: ["id", ...accountColumns, "refreshLeaseHolder", "refreshLeaseUntil", "refreshError"],
  sessions: ["id", "sessionToken", "userId", "expires", "createdAt", "lastSeenAt", "userAgent", "ip"],
  verificationTokens: ["identifier", "token", "expires"],
  authenticators: authenticatorColumns,
  passwords: ["userId", "hash", "updatedAt"],
  secondFactors: ["id", "userId", "kind", "secret", "lastUsedStep", "attempts", "confirmedAt", "expires", "createdAt"],
  signingKeys: ["id", "generation", "algorithm", "publicKey", "privateKey", "createdAt"],
  apiKeys: ["id", "ownerType", "ownerId", "userId", "name", "scopes", "hash", "createdAt", "expires", "lastUsedAt"],
  organizations: ["id", "name", "slug", "metadata", "createdAt"],
  members: ["organizationId", "userId", "role", "createdAt"],
  invitations: ["id", "organizationId", "email", "role", "inviterId", "hash", "status", "expires", "createdAt"],
  organizationRoles: ["organizationId", "name", "permissions", "createdAt"],
  userStandings: ["userId", "siteRole", "banned", "banReason", "banExpires"],
  teams: ["id", "organizationId", "name", "createdAt"],
  teamMembers: ["teamId", "organizationId", "userId", "createdAt"],
  auditEvents: ["id", "at", "action", "outcome", "actorUserId", "subjectUserId", "organizationId", "network", "userAgent", "details"],
};

/** One step of a transaction run by `transact`: a write (answered with the count of rows it touched) or a select (answered with its rows). */
type Step = { write: unknown } | { rows: unknown };

/** Whether `error` (or its cause, as Drizzle wraps the driver's) is a unique constraint's refusal, on PostgreSQL, MySQL/MariaDB or SQLite. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | null | undefined, depth = 0; current && depth < 3; current = current.cause as typeof current, depth++) {
    if (current.code === "23505" || current.code === "ER_DUP_ENTRY" || current.code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  }
  return false;
}

/** The fields of an API key `updateApiKey` may change. */
const apiKeyUpdates = ["name", "scopes", "expires", "lastUsedAt"] as const;

/** Throws, naming the table and what it lacks, when a table given to `DrizzleAdapter` cannot serve. */
function checkTables(tables: Record<string, unknown>): void {
  for (const [key, table] of Object.entries(tables)) {
    const required = requiredColumns[key];
    if (!required) throw new TypeError(`DrizzleAdapter: unknown table key "${key}" (expected one of ${Object.keys(requiredColumns).join(", ")}).`);
    if (!is(table, Table)) throw new TypeError(`DrizzleAdapter: tables.${key} is not a Drizzle table.`);
    const columns = getTableColumns(table);
    const missing = required.filter((name) => !(name in columns));
    if (missing.length > 0) throw new TypeError(`DrizzleAdapter: tables.${key} lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`);
  }
}

/**
 * The Latch adapter for Drizzle ORM. Works with a Drizzle database on PostgreSQL (node-postgres,
 * PGlite and the other pg-core drivers), MySQL/MariaDB (mysql2) and SQLite (better-sqlite3). By
 * default it uses Latch's tables for the dialect ({@link pgTables}, {@link mysqlTables},
 * {@link sqliteTables}): the tables of @latch/pg on PostgreSQL and of @latch/typeorm on MariaDB
 * and SQLite, so one database works with either adapter. Pass `tables` to use extended tables
 * (same names and columns, more columns allowed; a table that lacks one throws at once, naming
 * it). The tables are not created here: create them
 * with @latch/pg's `migrate`, @latch/typeorm's `migrate` or drizzle-kit from these schemas.
 *
 * @example
 * ```ts
 * import { drizzle } from "drizzle-orm/node-postgres"
 * import { DrizzleAdapter } from "@latch/drizzle"
 *
 * const db = drizzle(process.env.DATABASE_URL!)
 * const config = { adapter: DrizzleAdapter(db), providers: [...] }
 * ```
 */
export function DrizzleAdapter<D extends DrizzleDatabase>(database: D, tables?: Partial<DrizzleTables<D>>): Adapter & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter {
  const dialect = dialectOf(database);
  if (tables) checkTables(tables);
  const db = database as Loose;
  const t = { ...defaultTables[dialect], ...tables } as Loose;
  const { users, accounts, sessions, verificationTokens, authenticators, passwords, secondFactors, signingKeys, apiKeys } = t;
  const { organizations, members, invitations, organizationRoles, userStandings, teams, teamMembers, auditEvents } = t;

  /** The first row of a select, or `null`. */
  async function first(query: PromiseLike<StoredRow[]>): Promise<StoredRow | null> {
    return (await query)[0] ?? null;
  }

  /** Runs the writes in one transaction: all of them or none (synchronously on better-sqlite3). */
  async function atomic(writes: (tx: Loose) => Loose[]): Promise<void> {
    if (dialect === "sqlite" && db.resultKind !== "async") {
      db.transaction((tx: Loose) => {
        for (const write of writes(tx)) write.run();
      });
      return;
    }
    await db.transaction(async (tx: Loose) => {
      for (const write of writes(tx)) await write;
    });
  }

  /**
   * Runs `body` in one transaction: each step it yields is run and answered (a write with the
   * count of rows it touched, a select with its rows), so one body serves the asynchronous drivers
   * and better-sqlite3, whose transactions are synchronous.
   */
  async function transact<T>(body: (tx: Loose) => Generator<Step, T, Loose>): Promise<T> {
    if (dialect === "sqlite" && db.resultKind !== "async") {
      return db.transaction((tx: Loose) => {
        const steps = body(tx);
        let next = steps.next();
        while (!next.done) next = steps.next("write" in next.value ? affected((next.value.write as Loose).run()) : (next.value.rows as Loose).all());
        return next.value;
      });
    }
    return await db.transaction(async (tx: Loose) => {
      const steps = body(tx);
      let next = steps.next();
      while (!next.done) next = steps.next("write" in next.value ? affected(await next.value.write) : await next.value.rows);
      return next.value;
    });
  }

  /** An insert that does nothing when a unique key is taken (ON CONFLICT DO NOTHING; INSERT IGNORE on MySQL). */
  const insertIgnoring = (on: Loose, table: Loose, values: Record<string, unknown>) => (dialect === "mysql" ? on.insert(table).ignore().values(values) : on.insert(table).values(values).onConflictDoNothing());

  /** The rows of a raw PostgreSQL statement, whatever the driver's result shape (node-postgres, PGlite, postgres.js). */
  async function pgRows(statement: SQL): Promise<StoredRow[]> {
    const result = await db.execute(statement);
    return (Array.isArray(result) ? result : (result?.rows ?? [])) as StoredRow[];
  }

  /** Whether the session read joins the active organization: the sessions table has its column (the default tables do). */
  const organizes = "activeOrganizationId" in getTableColumns(sessions);
  const organizationById = (id: string) => first(db.select().from(organizations).where(eq(organizations.id, id)));
  const memberById = (organizationId: string, userId: string) => first(db.select().from(members).where(and(eq(members.organizationId, organizationId), eq(members.userId, userId))));
  const invitationById = (id: string) => first(db.select().from(invitations).where(eq(invitations.id, id)));
  const teamById = async (id: string) => {
    const row = await first(db.select().from(teams).where(eq(teams.id, id)));
    return row ? teamFromRow(row) : null;
  };

  /**
   * Runs `change` on member `userId` (its row, or `null` when there is none) unless it takes the
   * role from the organization's only owner (`takesOwner`). One transaction whose first read locks
   * the owners' rows in one order (on SQLite the transaction's own lock): of two owners leaving
   * or demoting each other at once, the second waits and then counts one owner.
   */
  function keepingAnOwner(organizationId: string, userId: string, takesOwner: boolean, change: (tx: Loose, target: SQL) => Loose): Promise<StoredRow | null> {
    const target = and(eq(members.organizationId, organizationId), eq(members.userId, userId))!;
    const locked = (query: Loose) => (dialect === "sqlite" ? query : query.for("update"));
    return transact(function* (tx) {
      const owners = (yield { rows: locked(tx.select({ userId: members.userId }).from(members).where(and(eq(members.organizationId, organizationId), eq(members.role, "owner"))).orderBy(asc(members.userId))) }) as StoredRow[];
      const [row] = (yield { rows: locked(tx.select().from(members).where(target)) }) as StoredRow[];
      if (!row || (takesOwner && row.role === "owner" && !owners.some((owner) => owner.userId !== userId))) return null;
      // Of two concurrent calls on one member, only the one whose write touched the row gets it.
      return ((yield { write: change(tx, target) }) as number) > 0 ? row : null;
    });
  }
  // The key first: Drizzle reads a left-joined object as absent when its first column is NULL.
  const standingColumns = { userId: userStandings.userId, siteRole: userStandings.siteRole, banned: userStandings.banned, banReason: userStandings.banReason, banExpires: userStandings.banExpires };

  // A user as read: every column but those the database generates (MariaDB's `email_key`).
  const userFields = Object.fromEntries(Object.entries(getTableColumns(users) as Record<string, Loose>).filter(([, column]) => !column.generated));
  const userById = (id: string) => first(db.select(userFields).from(users).where(eq(users.id, id)));
  const accountByKey = (provider: string, providerAccountId: string) =>
    first(db.select().from(accounts).where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId))));
  /** Whether the sessions table stores how a session was earned (the default tables do). */
  const earns = earnedColumns.every((name) => name in getTableColumns(sessions));
  // The mark of a session an administrator started as its user, declared only when the table has its column.
  const marks = "impersonatedBy" in getTableColumns(sessions);
  const sessionByToken = (sessionToken: string) => first(db.select().from(sessions).where(eq(sessions.sessionToken, sessionToken)));
  const authenticatorById = (credentialID: string) => first(db.select().from(authenticators).where(eq(authenticators.credentialID, credentialID)));
  const apiKeyById = (id: string) => first(db.select().from(apiKeys).where(eq(apiKeys.id, id)));
  const secondFactorById = (id: string) => first(db.select().from(secondFactors).where(eq(secondFactors.id, id)));

  const refreshErrorOfUser: SQL<boolean> = sql`exists (select 1 from ${accounts} where ${accounts.userId} = ${sessions.userId} and ${isNotNull(accounts.refreshError)})`.mapWith(
    (value: unknown) => value === true || Number(value) === 1,
  );

  return {
    async createUser(user) {
      await db.insert(users).values({ id: user.id, name: user.name ?? null, email: user.email ? canonicalEmail(user.email) : user.email, emailVerified: user.emailVerified ?? null, image: user.image ?? null });
      return userFromRow((await userById(user.id))!, keepColumns);
    },

    async getUser(id) {
      const row = await userById(id);
      return row && userFromRow(row, keepColumns);
    },

    async getUserByEmail(email) {
      // "" is how a user without an email is stored: it names nobody.
      if (!email) return null;
      // Addresses are stored in the stored spelling (PROTOCOL §6, migration 9), so is the one looked up.
      const row = await first(db.select(userFields).from(users).where(eq(users.email, canonicalEmail(email))));
      return row && userFromRow(row, keepColumns);
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = await first(
        db
          .select({ user: userFields })
          .from(accounts)
          .innerJoin(users, eq(users.id, accounts.userId))
          .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId))),
      );
      return row && userFromRow(row.user as StoredRow, keepColumns);
    },

    async updateUser(user) {
      const changes = Object.fromEntries(
        userColumns.filter((column) => user[column] !== undefined).map((column) => [column, column === "email" && user.email ? canonicalEmail(user.email) : user[column]]),
      );
      if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, user.id));
      const row = await userById(user.id);
      if (!row) throw new Error("updateUser: no user with this id");
      return userFromRow(row, keepColumns);
    },

    async deleteUser(userId) {
      const row = await userById(userId);
      if (!row) return null;
      // Explicit deletes, so that tables without ON DELETE CASCADE (an Auth.js install's) lose the rows too.
      await atomic((tx) => [
        tx.delete(accounts).where(eq(accounts.userId, userId)),
        tx.delete(sessions).where(eq(sessions.userId, userId)),
        tx.delete(authenticators).where(eq(authenticators.userId, userId)),
        tx.delete(userStandings).where(eq(userStandings.userId, userId)),
        tx.delete(members).where(eq(members.userId, userId)),
        tx.delete(users).where(eq(users.id, userId)),
      ]);
      return userFromRow(row, keepColumns);
    },

    async linkAccount(account) {
      const values = Object.fromEntries(accountColumns.map((column) => [column, (account as AdapterAccount)[column] ?? null]));
      await db.insert(accounts).values(values);
      return accountFromRow((await accountByKey(account.provider, account.providerAccountId))!);
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await accountByKey(provider, providerAccountId);
      if (!row) return undefined;
      const result = await db.delete(accounts).where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)));
      return affected(result) > 0 ? accountFromRow(row) : undefined;
    },

    async getAccount(providerAccountId, provider) {
      const row = await accountByKey(provider, providerAccountId);
      return row && accountFromRow(row);
    },

    // How the session was earned is declared only when the sessions table has its columns (an
    // application's own table may not): without them sessions earn nothing.
    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", ...(earns ? earnedColumns : []), ...(marks ? ["impersonatedBy" as const] : [])],

    async createSession({ sessionToken, userId, expires, createdAt, lastSeenAt, userAgent, ip, auth_time, mfa_time, amr, impersonatedBy }) {
      const earned = earns ? { auth_time: auth_time ?? null, mfa_time: mfa_time ?? null, amr: amr ?? null } : {};
      const marked = marks ? { impersonatedBy: impersonatedBy ?? null } : {};
      await db.insert(sessions).values({ sessionToken, userId, expires, createdAt: createdAt ?? new Date(), lastSeenAt: lastSeenAt ?? null, userAgent: userAgent ?? null, ip: ip ?? null, ...earned, ...marked });
      return sessionFromRow((await sessionByToken(sessionToken))!);
    },

    async getSessionAndUser(sessionToken) {
      // One query: the session, its user and whether a refresh of one of the user's accounts was refused.
      if (!organizes) {
        const row = await first(
          db
            .select({ session: sessions, user: userFields, refreshError: refreshErrorOfUser })
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .where(eq(sessions.sessionToken, sessionToken)),
        );
        return row && { session: sessionFromRow({ ...(row.session as StoredRow), refreshError: row.refreshError === true }), user: userFromRow(row.user as StoredRow, keepColumns) };
      }
      // Still one query: the active organization through the membership as it is now (a removed
      // member, or one whose role changed, reads so at the next request), and a made role's permissions.
      const row = await first(
        db
          .select({
            session: sessions,
            user: userFields,
            refreshError: refreshErrorOfUser,
            organization: { organizationId: organizations.id, organizationSlug: organizations.slug, organizationRole: members.role, organizationPermissions: organizationRoles.permissions },
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .leftJoin(members, and(eq(members.organizationId, sessions.activeOrganizationId), eq(members.userId, sessions.userId)))
          .leftJoin(organizations, eq(organizations.id, members.organizationId))
          .leftJoin(organizationRoles, and(eq(organizationRoles.organizationId, members.organizationId), eq(organizationRoles.name, members.role)))
          .where(eq(sessions.sessionToken, sessionToken)),
      );
      if (!row) return null;
      const activeOrganization = row.organization ? activeOrganizationFromRow(row.organization as StoredRow) : null;
      const session = sessionFromRow({ ...(row.session as StoredRow), refreshError: row.refreshError === true });
      return { session: { ...session, ...(activeOrganization && { activeOrganization }) }, user: userFromRow(row.user as StoredRow, keepColumns) };
    },

    async updateSession({ sessionToken, userId, expires, lastSeenAt }) {
      const changes = Object.fromEntries(
        Object.entries({ userId, expires, lastSeenAt }).filter(([, value]) => value !== undefined && value !== null),
      );
      if (Object.keys(changes).length > 0) await db.update(sessions).set(changes).where(eq(sessions.sessionToken, sessionToken));
      const row = await sessionByToken(sessionToken);
      return row && sessionFromRow(row);
    },

    async deleteSession(sessionToken) {
      const row = await sessionByToken(sessionToken);
      if (!row) return null;
      const result = await db.delete(sessions).where(eq(sessions.sessionToken, sessionToken));
      return affected(result) > 0 ? sessionFromRow(row) : null;
    },

    async createVerificationToken({ identifier, token, expires }) {
      await db.insert(verificationTokens).values({ identifier, token, expires });
      return { identifier, token, expires };
    },

    async useVerificationToken({ identifier, token }) {
      const where = and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token));
      const row = await first(db.select().from(verificationTokens).where(where));
      if (!row) return null;
      // Of two concurrent uses, only the one whose delete removed the row gets the token.
      return affected(await db.delete(verificationTokens).where(where)) > 0 ? verificationTokenFromRow(row) : null;
    },

    async createAuthenticator(authenticator) {
      await db.insert(authenticators).values(Object.fromEntries(authenticatorColumns.map((column) => [column, (authenticator as AdapterAuthenticator)[column] ?? null])));
      return authenticatorFromRow((await authenticatorById(authenticator.credentialID))!);
    },

    async getAuthenticator(credentialID) {
      const row = await authenticatorById(credentialID);
      return row && authenticatorFromRow(row);
    },

    async listAuthenticatorsByUserId(userId) {
      const found = (await db.select().from(authenticators).where(eq(authenticators.userId, userId)).orderBy(asc(authenticators.credentialID))) as StoredRow[];
      return found.map(authenticatorFromRow);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      await db.update(authenticators).set({ counter: newCounter }).where(eq(authenticators.credentialID, credentialID));
      const row = await authenticatorById(credentialID);
      if (!row) throw new Error("updateAuthenticatorCounter: no authenticator with this credential id");
      return authenticatorFromRow(row);
    },

    async deleteAuthenticator(credentialID) {
      const row = await authenticatorById(credentialID);
      if (!row) return null;
      // One transaction: the authenticator and its webauthn account go together or not at all.
      await atomic((tx) => [
        tx.delete(authenticators).where(eq(authenticators.credentialID, credentialID)),
        tx
          .delete(accounts)
          .where(and(eq(accounts.type, "webauthn"), eq(accounts.providerAccountId, row.providerAccountId), eq(accounts.userId, row.userId))),
      ]);
      return authenticatorFromRow(row);
    },

    async deleteSessions(userId) {
      return affected(await db.delete(sessions).where(eq(sessions.userId, userId)));
    },

    async listSessions(userId) {
      const order = dialect === "pg" ? [asc(sessions.id)] : [asc(sessions.createdAt), asc(sessions.id)];
      const found = (await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(...order)) as StoredRow[];
      return found.map((row) => sessionFromRow(row));
    },

    async deleteSessionById(userId, sessionId) {
      // Anything that cannot be an id of this table names no session (and must not reach the database).
      const id = sessionIdOf(sessionId, dialect === "pg" ? "serial" : "uuid");
      if (id === null) return null;
      const where = and(eq(sessions.id, id), eq(sessions.userId, userId));
      const row = await first(db.select().from(sessions).where(where));
      if (!row) return null;
      return affected(await db.delete(sessions).where(where)) > 0 ? sessionFromRow(row) : null;
    },

    async getAccountByUserId(userId, provider) {
      const row = await first(db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.provider, provider))).orderBy(asc(accounts.id)).limit(1));
      return row && accountFromRow(row);
    },

    async listAccountsByUserId(userId) {
      const found = (await db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.id))) as StoredRow[];
      return found.map(accountFromRow);
    },

    async leaseAccount({ provider, providerAccountId }, holder, until) {
      // One conditional UPDATE: of instances racing for the lease, exactly one row update succeeds.
      const result = await db
        .update(accounts)
        .set({ refreshLeaseHolder: holder, refreshLeaseUntil: until })
        .where(
          and(
            eq(accounts.provider, provider),
            eq(accounts.providerAccountId, providerAccountId),
            or(isNull(accounts.refreshLeaseUntil), lt(accounts.refreshLeaseUntil, new Date()), eq(accounts.refreshLeaseHolder, holder)),
          ),
        );
      return affected(result) > 0;
    },

    async releaseAccount({ provider, providerAccountId }, holder, tokens, refused) {
      const changes = releasedAccountColumns(tokens, refused);
      const result = await db
        .update(accounts)
        .set(changes)
        .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId), eq(accounts.refreshLeaseHolder, holder)));
      if (affected(result) === 0) return null;
      const row = await accountByKey(provider, providerAccountId);
      return row && accountFromRow(row);
    },

    async getPassword(userId) {
      const row = await first(db.select().from(passwords).where(eq(passwords.userId, userId)));
      return row ? passwordFromRow(row) : null;
    },

    async setPassword({ userId, hash, updatedAt }) {
      // One statement: a concurrent sign-up, reset or change leaves one row, the last one written.
      // An unknown user fails the foreign key.
      const insert = db.insert(passwords).values({ userId, hash, updatedAt });
      await (dialect === "mysql"
        ? insert.onDuplicateKeyUpdate({ set: { hash, updatedAt } })
        : insert.onConflictDoUpdate({ target: passwords.userId, set: { hash, updatedAt } }));
      return passwordFromRow({ userId, hash, updatedAt });
    },

    async replacePasswordHash(userId, currentHash, nextHash) {
      const result = await db.update(passwords).set({ hash: nextHash }).where(and(eq(passwords.userId, userId), eq(passwords.hash, currentHash)));
      return affected(result) > 0;
    },

    async deletePassword(userId) {
      const row = await first(db.select().from(passwords).where(eq(passwords.userId, userId)));
      if (!row) return null;
      return affected(await db.delete(passwords).where(eq(passwords.userId, userId))) > 0 ? passwordFromRow(row) : null;
    },

    async listSecondFactors(userId) {
      const found = (await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).orderBy(asc(secondFactors.createdAt), asc(secondFactors.id))) as StoredRow[];
      return found.map(secondFactorFromRow);
    },

    async replaceSecondFactors(userId, kind, list) {
      // One transaction: the delete and the insert commit together or not at all.
      const values = list.map((row) => ({ ...row, userId, kind }));
      await atomic((tx) => [
        tx.delete(secondFactors).where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, kind))),
        ...(values.length > 0 ? [tx.insert(secondFactors).values(values)] : []),
      ]);
    },

    async confirmSecondFactor(id, step, at) {
      const result = await db.update(secondFactors).set({ confirmedAt: at, lastUsedStep: step }).where(and(eq(secondFactors.id, id), isNull(secondFactors.confirmedAt)));
      if (affected(result) === 0) return null;
      const row = await secondFactorById(id);
      return row ? secondFactorFromRow(row) : null;
    },

    async useTotpStep(id, step) {
      const result = await db
        .update(secondFactors)
        .set({ lastUsedStep: step })
        .where(and(eq(secondFactors.id, id), or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step))));
      return affected(result) > 0;
    },

    async countSecondFactorAttempt(id) {
      const increment = (on: Loose) =>
        on
          .update(secondFactors)
          .set({ attempts: sql`${secondFactors.attempts} + 1` })
          .where(eq(secondFactors.id, id));
      if (dialect !== "mysql") {
        const [row] = (await increment(db).returning({ attempts: secondFactors.attempts })) as StoredRow[];
        return row ? Number(row.attempts) : null;
      }
      // MySQL has no RETURNING: the count is read in the transaction that incremented it, while
      // the update's row lock keeps other increments out.
      return await db.transaction(async (tx: Loose) => {
        if (affected(await increment(tx)) === 0) return null;
        const row = await first(tx.select({ attempts: secondFactors.attempts }).from(secondFactors).where(eq(secondFactors.id, id)));
        return row ? Number(row.attempts) : null;
      });
    },

    async deleteSecondFactor(id) {
      const row = await secondFactorById(id);
      if (!row) return null;
      // Of two concurrent calls, only the one whose delete removed the row gets it.
      return affected(await db.delete(secondFactors).where(eq(secondFactors.id, id))) > 0 ? secondFactorFromRow(row) : null;
    },

    async listSigningKeys() {
      return ((await db.select().from(signingKeys).orderBy(asc(signingKeys.generation))) as StoredRow[]).map(signingKeyFromRow);
    },

    async createSigningKey(key) {
      // First writer wins: the id and the generation are unique, and the insert does nothing when
      // either is taken (ON CONFLICT DO NOTHING; INSERT IGNORE on MySQL), so it wrote a row or none.
      const insert = db.insert(signingKeys);
      const result = dialect === "mysql" ? await insert.ignore().values(key) : await insert.values(key).onConflictDoNothing();
      return affected(result) === 1;
    },

    async createApiKey(key) {
      const { id, ownerType, ownerId, name, scopes, hash, createdAt, expires, lastUsedAt }: AdapterApiKey = key;
      // Checked before the insert on every dialect (PostgreSQL stores an array and would take any scope).
      scopesText(scopes);
      await db.insert(apiKeys).values({ id, ownerType, ownerId, userId: ownerType === "user" ? ownerId : null, name, scopes, hash, createdAt, expires, lastUsedAt });
      return apiKeyFromRow((await apiKeyById(id))!);
    },

    async getApiKey(id) {
      const row = await apiKeyById(id);
      return row && apiKeyFromRow(row);
    },

    async listApiKeys(ownerType, ownerId) {
      return ((await db.select().from(apiKeys).where(and(eq(apiKeys.ownerType, ownerType), eq(apiKeys.ownerId, ownerId)))) as StoredRow[]).map(apiKeyFromRow);
    },

    async updateApiKey(id, update) {
      if (update.scopes) scopesText(update.scopes);
      const changes = Object.fromEntries(apiKeyUpdates.filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (Object.keys(changes).length > 0) await db.update(apiKeys).set(changes).where(eq(apiKeys.id, id));
      const row = await apiKeyById(id);
      return row && apiKeyFromRow(row);
    },

    async deleteApiKey(id) {
      const row = await apiKeyById(id);
      if (!row) return null;
      // Of two concurrent calls, only the one whose delete removed the row gets it.
      return affected(await db.delete(apiKeys).where(eq(apiKeys.id, id))) > 0 ? apiKeyFromRow(row) : null;
    },

    async listUsers({ search, offset, limit }) {
      // The address and the name contain the text, as typed and in any case: LIKE's own characters are escaped.
      const pattern = search ? `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%` : null;
      const where = pattern === null ? undefined : sql`(lower(${users.email}) like ${pattern} escape '!' or lower(${users.name}) like ${pattern} escape '!')`;
      const found = (await db
        .select({ user: userFields, standing: standingColumns })
        .from(users)
        .leftJoin(userStandings, eq(userStandings.userId, users.id))
        .where(where)
        .orderBy(asc(users.email), asc(users.id))
        .limit(Number(limit))
        .offset(Number(offset))) as { user: StoredRow; standing: StoredRow | null }[];
      const [counted] = (await db.select({ n: sql<number>`count(*)` }).from(users).where(where)) as { n: unknown }[];
      return { users: found.map((row) => ({ user: userFromRow(row.user, keepColumns), standing: standingFromRow(row.standing ?? {}) })), total: Number(counted?.n ?? 0) };
    },

    async getUserStanding(userId) {
      const row = await first(db.select({ id: users.id, standing: standingColumns }).from(users).leftJoin(userStandings, eq(userStandings.userId, users.id)).where(eq(users.id, userId)));
      return row ? standingFromRow((row.standing as StoredRow | null) ?? {}) : null;
    },

    async updateUserStanding(userId, update) {
      // One transaction: a user without a standing row gets one (the fields not given at their
      // defaults), a user with one has the given fields changed, and no user gets nothing.
      return await transact(function* (tx) {
        const [row] = (yield { rows: tx.select({ id: users.id, standing: standingColumns }).from(users).leftJoin(userStandings, eq(userStandings.userId, users.id)).where(eq(users.id, userId)) }) as { standing: StoredRow | null }[];
        if (!row) return null;
        const now = standingFromRow(row.standing ?? {});
        const given = Object.fromEntries(Object.entries(update).filter(([field, value]) => value !== undefined && field in now)) as Partial<AdapterUserStanding>;
        const next = { ...now, ...given };
        const change = { siteRole: next.role, banned: next.banned, banReason: next.banReason, banExpires: next.banExpires };
        const insert = tx.insert(userStandings).values({ userId, ...change });
        yield { write: dialect === "mysql" ? insert.onDuplicateKeyUpdate({ set: change }) : insert.onConflictDoUpdate({ target: userStandings.userId, set: change }) };
        return next;
      });
    },

    async createOrganization(organization, owner) {
      const { id, name, slug, metadata, createdAt } = organization;
      if (dialect === "pg") {
        // One statement: the organization and its owner, or neither (a taken slug writes nothing).
        const [row] = await pgRows(sql`
          WITH made AS (
            INSERT INTO ${organizations} (id, name, slug, metadata, "createdAt") VALUES (${id}, ${name}, ${slug}, ${metadata === null ? null : JSON.stringify(metadata)}, ${createdAt.toISOString()})
            ON CONFLICT (slug) DO NOTHING RETURNING *
          ), owner AS (
            INSERT INTO ${members} ("organizationId", "userId", role, "createdAt") SELECT id, ${owner.userId}, ${owner.role}, ${owner.createdAt.toISOString()} FROM made RETURNING 1
          )
          SELECT made.* FROM made, owner`);
        return row ? organizationFromRow(row) : null;
      }
      // MySQL and SQLite cannot write two tables in one statement: one transaction, in which a
      // taken slug (or id) makes the insert do nothing, and nothing is written.
      const made = await transact(function* (tx) {
        if ((yield { write: insertIgnoring(tx, organizations, { id, name, slug, metadata, createdAt }) }) !== 1) return false;
        yield { write: tx.insert(members).values({ organizationId: id, userId: owner.userId, role: owner.role, createdAt: owner.createdAt }) };
        return true;
      });
      if (!made) return null;
      const row = await organizationById(id);
      return row ? organizationFromRow(row) : null;
    },

    async getOrganization(id) {
      const row = await organizationById(id);
      return row ? organizationFromRow(row) : null;
    },

    async getOrganizationBySlug(slug) {
      const row = await first(db.select().from(organizations).where(eq(organizations.slug, slug)));
      return row ? organizationFromRow(row) : null;
    },

    async updateOrganization(id, update) {
      const changes = Object.fromEntries((["name", "slug", "metadata"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (Object.keys(changes).length > 0) await db.update(organizations).set(changes).where(eq(organizations.id, id));
      const row = await organizationById(id);
      return row ? organizationFromRow(row) : null;
    },

    async deleteOrganization(id) {
      const row = await organizationById(id);
      if (!row) return null;
      // One transaction, its rows explicitly, so that they go where foreign keys do not cascade.
      const removed = await transact(function* (tx) {
        yield { write: tx.delete(members).where(eq(members.organizationId, id)) };
        yield { write: tx.delete(invitations).where(eq(invitations.organizationId, id)) };
        yield { write: tx.delete(organizationRoles).where(eq(organizationRoles.organizationId, id)) };
        return (yield { write: tx.delete(organizations).where(eq(organizations.id, id)) }) as number;
      });
      return removed > 0 ? organizationFromRow(row) : null;
    },

    async listOrganizations(userId) {
      const found = (await db.select({ organization: organizations, role: members.role }).from(members).innerJoin(organizations, eq(organizations.id, members.organizationId)).where(eq(members.userId, userId))) as { organization: StoredRow; role: string }[];
      return found.map((row) => ({ ...organizationFromRow(row.organization), role: String(row.role) }));
    },

    async getMember(organizationId, userId) {
      const row = await memberById(organizationId, userId);
      return row ? memberFromRow(row) : null;
    },

    async listMembers(organizationId) {
      const found = (await db.select({ member: members, email: users.email, name: users.name }).from(members).innerJoin(users, eq(users.id, members.userId)).where(eq(members.organizationId, organizationId))) as { member: StoredRow; email: string | null; name: string | null }[];
      return found.map((row) => ({ ...memberFromRow(row.member), email: row.email ?? null, name: row.name ?? null }));
    },

    async updateMemberRole(organizationId, userId, role) {
      const row = await keepingAnOwner(organizationId, userId, role !== "owner", (tx, target) => tx.update(members).set({ role }).where(target));
      return row ? memberFromRow({ ...row, role }) : null;
    },

    async deleteMember(organizationId, userId) {
      // The team memberships go with it in the same statement: their foreign key to the membership cascades.
      const row = await keepingAnOwner(organizationId, userId, true, (tx, target) => tx.delete(members).where(target));
      return row ? memberFromRow(row) : null;
    },

    async transferOwnership(organizationId, from, to, formerRole) {
      const both = and(eq(members.organizationId, organizationId), inArray(members.userId, [from, to]));
      const roles = { role: sql`CASE WHEN ${members.userId} = ${to} THEN 'owner' ELSE ${formerRole} END` };
      if (dialect !== "mysql") {
        // One statement: both rows change, or (when either is not a member) neither.
        const count = sql`(SELECT count(*) FROM ${members} AS "both" WHERE "both"."organizationId" = ${organizationId} AND "both"."userId" IN (${from}, ${to}))`;
        return affected(await db.update(members).set(roles).where(and(both, sql`${count} = 2`))) === 2;
      }
      // MySQL refuses a subquery of the table an UPDATE changes: one transaction, whose locking
      // read holds both rows until the update.
      return await transact(function* (tx) {
        const found = (yield { rows: tx.select({ userId: members.userId }).from(members).where(both).for("update") }) as StoredRow[];
        if (found.length !== 2) return false;
        yield { write: tx.update(members).set(roles).where(both) };
        return true;
      });
    },

    async createInvitation(invitation) {
      const { id, organizationId, email, role, inviterId, hash, status, expires, createdAt } = invitation;
      await db.insert(invitations).values({ id, organizationId, email: canonicalEmail(email), role, inviterId, hash, status, expires, createdAt });
      return invitationFromRow((await invitationById(id))!);
    },

    async getInvitation(id) {
      const row = await invitationById(id);
      return row ? invitationFromRow(row) : null;
    },

    async listInvitations(organizationId) {
      return ((await db.select().from(invitations).where(eq(invitations.organizationId, organizationId))) as StoredRow[]).map(invitationFromRow);
    },

    async updateInvitation(id, update) {
      const changes = Object.fromEntries((["hash", "status", "expires"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (Object.keys(changes).length > 0) {
        // Only a pending invitation changes.
        if (affected(await db.update(invitations).set(changes).where(and(eq(invitations.id, id), eq(invitations.status, "pending")))) === 0) return null;
      }
      const row = await invitationById(id);
      return row ? invitationFromRow(row) : null;
    },

    async acceptInvitation(id, member) {
      if (dialect === "pg") {
        // One statement: the invitation is spent only while pending, and the member stored with it.
        const [row] = await pgRows(sql`
          WITH spent AS (
            UPDATE ${invitations} SET status = 'accepted' WHERE id = ${id} AND status = 'pending' RETURNING "organizationId"
          ), joined AS (
            INSERT INTO ${members} ("organizationId", "userId", role, "createdAt") SELECT "organizationId", ${member.userId}, ${member.role}, ${member.createdAt.toISOString()} FROM spent
            ON CONFLICT ("organizationId", "userId") DO NOTHING RETURNING *
          )
          SELECT COALESCE(j."organizationId", m."organizationId") AS "organizationId", COALESCE(j."userId", m."userId") AS "userId",
                 COALESCE(j.role, m.role) AS role, COALESCE(j."createdAt", m."createdAt") AS "createdAt"
          FROM spent s LEFT JOIN joined j ON true LEFT JOIN ${members} m ON m."organizationId" = s."organizationId" AND m."userId" = ${member.userId}`);
        return row ? memberFromRow(row) : null;
      }
      // MySQL and SQLite: one transaction. The invitation is spent only while pending, and the
      // member stored with it (a user who is already a member keeps their membership).
      const organizationId = await transact(function* (tx) {
        if ((yield { write: tx.update(invitations).set({ status: "accepted" }).where(and(eq(invitations.id, id), eq(invitations.status, "pending"))) }) === 0) return null;
        const [spent] = (yield { rows: tx.select({ organizationId: invitations.organizationId }).from(invitations).where(eq(invitations.id, id)) }) as { organizationId: string }[];
        yield { write: insertIgnoring(tx, members, { organizationId: spent!.organizationId, userId: member.userId, role: member.role, createdAt: member.createdAt }) };
        return spent!.organizationId;
      });
      if (organizationId === null) return null;
      const row = await memberById(organizationId, member.userId);
      return row ? memberFromRow(row) : null;
    },

    async createOrganizationRole(role) {
      const { organizationId, name, permissions, createdAt } = role;
      // Checked before the insert on every dialect (PostgreSQL stores an array and would take any permission).
      wordsText(permissions);
      // A name taken in the organization makes the insert do nothing.
      if (affected(await insertIgnoring(db, organizationRoles, { organizationId, name, permissions, createdAt })) !== 1) return null;
      return organizationRoleFromRow({ organizationId, name, permissions: [...permissions], createdAt });
    },

    async listOrganizationRoles(organizationId) {
      return ((await db.select().from(organizationRoles).where(eq(organizationRoles.organizationId, organizationId))) as StoredRow[]).map(organizationRoleFromRow);
    },

    async deleteOrganizationRole(organizationId, name) {
      const row = await first(db.select().from(organizationRoles).where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.name, name))));
      if (!row) return null;
      // One statement: a role a member holds stays.
      const held = sql`exists (select 1 from ${members} where ${members.organizationId} = ${organizationId} and ${members.role} = ${name})`;
      const result = await db.delete(organizationRoles).where(and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.name, name), not(held)));
      return affected(result) > 0 ? organizationRoleFromRow(row) : null;
    },

    async setActiveOrganization(sessionToken, organizationId) {
      await db.update(sessions).set({ activeOrganizationId: organizationId }).where(eq(sessions.sessionToken, sessionToken));
    },

    async createTeam(team) {
      // A name the organization has already (or an organization that is gone) writes nothing.
      const written = affected(await insertIgnoring(db, teams, { id: team.id, organizationId: team.organizationId, name: team.name, createdAt: team.createdAt }));
      return written === 1 ? teamById(team.id) : null;
    },

    async getTeam(id) {
      return teamById(id);
    },

    async updateTeam(id, update) {
      // The unique (organization, name) refuses a name another team of the organization has.
      try {
        await db.update(teams).set({ name: update.name }).where(eq(teams.id, id));
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      return teamById(id);
    },

    async deleteTeam(id) {
      const row = await teamById(id);
      if (!row) return null;
      // One transaction, the memberships explicitly, so that they go where foreign keys do not cascade.
      const removed = await transact(function* (tx) {
        yield { write: tx.delete(teamMembers).where(eq(teamMembers.teamId, id)) };
        return (yield { write: tx.delete(teams).where(eq(teams.id, id)) }) as number;
      });
      return removed > 0 ? row : null;
    },

    async listTeams(organizationId) {
      return ((await db.select().from(teams).where(eq(teams.organizationId, organizationId))) as StoredRow[]).map(teamFromRow);
    },

    async addTeamMember(member) {
      // One statement: only a member of the team's organization joins (the row is read from the
      // membership), and a second join writes nothing.
      const createdAt = dialect === "sqlite" ? sqlDateText(member.createdAt) : dialect === "pg" ? member.createdAt.toISOString() : member.createdAt;
      const source = db
        .select({ teamId: teams.id, organizationId: teams.organizationId, userId: members.userId, createdAt: sql`${createdAt}`.as("createdAt") })
        .from(teams)
        .innerJoin(members, and(eq(members.organizationId, teams.organizationId), eq(members.userId, member.userId)))
        .where(eq(teams.id, member.teamId));
      const insert = db.insert(teamMembers);
      const written = affected(await (dialect === "mysql" ? insert.ignore().select(source) : insert.select(source).onConflictDoNothing()));
      return written === 1 ? { teamId: member.teamId, userId: member.userId, createdAt: member.createdAt } : null;
    },

    async removeTeamMember(teamId, userId) {
      const target = and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
      const row = await first(db.select().from(teamMembers).where(target));
      if (!row) return null;
      // Of two concurrent calls, only the one whose delete removed the row gets it.
      return affected(await db.delete(teamMembers).where(target)) > 0 ? teamMemberFromRow(row) : null;
    },

    async listTeamMembers(teamId) {
      const found = (await db.select({ member: teamMembers, email: users.email, name: users.name }).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(eq(teamMembers.teamId, teamId))) as { member: StoredRow; email: string | null; name: string | null }[];
      return found.map((row) => ({ ...teamMemberFromRow(row.member), email: row.email ?? null, name: row.name ?? null }));
    },

    async listUserTeams(userId) {
      const found = (await db.select({ team: teams }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId)).where(eq(teamMembers.userId, userId))) as { team: StoredRow }[];
      return found.map((row) => teamFromRow(row.team));
    },

    async appendAuditEvent(event) {
      await db.insert(auditEvents).values({
        id: event.id,
        at: event.at,
        action: event.action,
        outcome: event.outcome,
        actorUserId: event.actorUserId ?? null,
        subjectUserId: event.subjectUserId ?? null,
        organizationId: event.organizationId ?? null,
        network: event.network ?? null,
        userAgent: event.userAgent ?? null,
        details: event.details ?? null,
      });
    },

    async listAuditEvents({ userId, organizationId, before, limit }) {
      const where: SQL[] = [];
      if (userId !== undefined) where.push(or(eq(auditEvents.actorUserId, userId), eq(auditEvents.subjectUserId, userId))!);
      if (organizationId !== undefined) where.push(eq(auditEvents.organizationId, organizationId));
      // Older in the order (at, id): written as OR so that every dialect reads it with its index.
      if (before) where.push(or(lt(auditEvents.at, before.at), and(eq(auditEvents.at, before.at), lt(auditEvents.id, before.id)))!);
      const found = (await db.select().from(auditEvents).where(and(...where)).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(Number(limit))) as StoredRow[];
      return found.map(auditEventFromRow);
    },
  } satisfies Required<Adapter> & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter;
}
