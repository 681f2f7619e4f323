/**
 * The provider's storage through a Drizzle ORM database, on PostgreSQL (node-postgres, PGlite),
 * MariaDB/MySQL (mysql2) or SQLite (better-sqlite3), in `oauth_provider_models`: the table of
 * `@latch/pg`'s migration 19 on PostgreSQL and of `@latch/typeorm`'s migration 18 on the others
 * (run that `migrate()` first, or create the table with drizzle-kit from the tables exported here).
 * Token ids are stored as their SHA-256; the ids found by another key (a session by its uid, a
 * device code by its user code) and the grants listed for an account are kept sealed, as
 * `@latch/oidc-provider/pg` keeps them.
 *
 * @example
 * ```ts
 * import pg from "pg"
 * import { drizzle } from "drizzle-orm/node-postgres"
 * import { migrate } from "@latch/pg"
 * import { drizzleStorage } from "@latch/oidc-provider/drizzle"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool)
 * const storage = drizzleStorage(drizzle({ client: pool })) // OAuthProvider({ …, storage })
 * ```
 * @module @latch/oidc-provider/drizzle
 */
import { and, eq, gt, is, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { MySqlDatabase } from "drizzle-orm/mysql-core";
import { PgDatabase } from "drizzle-orm/pg-core";
import { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { mysqlOAuthProviderModels, pgOAuthProviderModels, sqliteOAuthProviderModels } from "./drizzle-tables.js";
import type { AdapterFactory, StorageFactory } from "./index.js";
import { digest, listedGrant, restoredPayload, sealingKey, storedPayload } from "./sealing.js";

export { mysqlOAuthProviderModels, pgOAuthProviderModels, sqliteOAuthProviderModels } from "./drizzle-tables.js";

/** A Drizzle database on one of the three dialects `oauth_provider_models` is made for. */
export type DrizzleStorageDatabase = PgDatabase<any, any, any> | MySqlDatabase<any, any, any, any> | BaseSQLiteDatabase<"sync" | "async", any, any, any>;

type Dialect = "pg" | "mysql" | "sqlite";

/*
 * The three dialects' query builders take the same calls but have unrelated static types, so the
 * database and table are handled untyped inside this module; the public signature is exact.
 */
type Loose = any;

function dialectOf(db: DrizzleStorageDatabase): Dialect {
  if (is(db, PgDatabase)) return "pg";
  if (is(db, MySqlDatabase)) return "mysql";
  if (is(db, BaseSQLiteDatabase)) return "sqlite";
  throw new TypeError("drizzleStorage: the database is not a Drizzle PostgreSQL, MySQL/MariaDB or SQLite database.");
}

const tables = { pg: pgOAuthProviderModels, mysql: mysqlOAuthProviderModels, sqlite: sqliteOAuthProviderModels } as const;

interface Row {
  payload: AdapterPayload;
  consumedAt: Date | null;
}

/**
 * The provider's storage in `oauth_provider_models` through a Drizzle database: pass it as
 * `storage` of `OAuthProvider`. Expired rows are never answered, and are deleted now and then as
 * new ones are written. Consuming a code is one `UPDATE`, so a code is taken once across instances.
 */
export function drizzleStorage(database: DrizzleStorageDatabase): StorageFactory {
  const dialect = dialectOf(database);
  const db = database as Loose;
  const t = tables[dialect] as Loose;
  const live = (): SQL => or(isNull(t.expiresAt), gt(t.expiresAt, new Date()))!;
  /** The `accountId` of a stored payload (jsonb on PostgreSQL, JSON text elsewhere). */
  const accountId: SQL =
    dialect === "pg" ? sql`${t.payload}->>'accountId'` : dialect === "mysql" ? sql`JSON_UNQUOTE(JSON_EXTRACT(${t.payload}, '$.accountId'))` : sql`json_extract(${t.payload}, '$.accountId')`;
  const seconds = (date: Date) => Math.floor(date.valueOf() / 1000);

  return ({ secret }) => {
    const key = sealingKey(secret);
    let writes = 0;

    return class DrizzleModels implements Adapter {
      /** The live grants of `account` (sealed; a grant stored before it was sealed is not listed). */
      static async grantsOf(account: string): Promise<AdapterPayload[]> {
        const rows = (await db.select({ payload: t.payload }).from(t).where(and(eq(t.kind, "Grant"), eq(accountId, account), live()))) as Pick<Row, "payload">[];
        return rows.flatMap(({ payload }) => {
          const listed = listedGrant(key, payload);
          return listed ? [listed] : [];
        });
      }

      constructor(readonly kind: string) {}

      async #first(where: SQL, id: string | undefined): Promise<AdapterPayload | undefined> {
        const rows = (await db.select({ payload: t.payload, consumedAt: t.consumedAt }).from(t).where(and(eq(t.kind, this.kind), where, live())).limit(1)) as Row[];
        const row = rows[0];
        return row ? restoredPayload(key, row.payload, id, row.consumedAt ? seconds(row.consumedAt) : undefined) : undefined;
      }

      async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        const changed = {
          payload: storedPayload(key, this.kind, payload),
          grantId: typeof payload.grantId === "string" ? payload.grantId : null,
          userCode: typeof payload.userCode === "string" ? digest(payload.userCode) : null,
          uid: typeof payload.uid === "string" ? payload.uid : null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        // `consumedAt` is left as it is: a model consumed stays consumed when saved again.
        const insert = db.insert(t).values({ kind: this.kind, id: digest(id), ...changed });
        await (dialect === "mysql" ? insert.onDuplicateKeyUpdate({ set: changed }) : insert.onConflictDoUpdate({ target: [t.kind, t.id], set: changed }));
        if (++writes % 100 === 0) await db.delete(t).where(lt(t.expiresAt, new Date()));
      }

      find(id: string): Promise<AdapterPayload | undefined> {
        return this.#first(eq(t.id, digest(id)), id);
      }

      findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return this.#first(eq(t.userCode, digest(userCode)), undefined);
      }

      findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return this.#first(eq(t.uid, uid), undefined);
      }

      async consume(id: string): Promise<void> {
        await db
          .update(t)
          .set({ consumedAt: new Date() })
          .where(and(eq(t.kind, this.kind), eq(t.id, digest(id)), isNull(t.consumedAt)));
      }

      async destroy(id: string): Promise<void> {
        await db.delete(t).where(and(eq(t.kind, this.kind), eq(t.id, digest(id))));
      }

      async revokeByGrantId(grantId: string): Promise<void> {
        await db.delete(t).where(eq(t.grantId, grantId));
      }
    } satisfies AdapterFactory;
  };
}
