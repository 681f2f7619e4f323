/**
 * The provider's storage on a TypeORM `DataSource` (PostgreSQL, MariaDB/MySQL, SQLite), in the
 * table of `@latch/typeorm`'s migration 18 (`oauth_provider_models`): run `migrate()` of
 * `@latch/typeorm` first. Token ids are stored as their SHA-256; the ids found by another key (a
 * session by its uid, a device code by its user code) are kept sealed, as `@latch/oidc-provider/pg`
 * keeps them.
 *
 * @example
 * ```ts
 * import { DataSource } from "typeorm"
 * import { defaultEntities, migrate } from "@latch/typeorm"
 * import { typeormStorage } from "@latch/oidc-provider/typeorm"
 *
 * const dataSource = new DataSource({ type: "better-sqlite3", database: "app.db", entities: Object.values(defaultEntities) })
 * await dataSource.initialize()
 * await migrate(dataSource)
 * const storage = typeormStorage(dataSource) // OAuthProvider({ …, storage })
 * ```
 * @module @latch/oidc-provider/typeorm
 */
import type { DataSource } from "typeorm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AdapterFactory, StorageFactory } from "./index.js";
import { digest, listedGrant, restoredPayload, sealingKey, storedPayload } from "./sealing.js";

type Dialect = "postgres" | "mariadb" | "sqlite";

interface Row {
  payload: AdapterPayload | string;
  consumedAt: Date | string | null;
}

const sqliteDrivers = new Set(["better-sqlite3", "sqlite", "sqljs", "capacitor", "cordova", "expo", "react-native", "nativescript"]);

function dialectOf(dataSource: DataSource): Dialect {
  const type = dataSource.options.type;
  if (type === "postgres") return "postgres";
  if (type === "mariadb" || type === "mysql") return "mariadb";
  if (sqliteDrivers.has(type)) return "sqlite";
  throw new Error(`typeormStorage: the TypeORM driver "${type}" has no oauth_provider_models table in @latch/typeorm's migrations (PostgreSQL, MariaDB/MySQL and SQLite have it).`);
}

/**
 * The provider's storage in `oauth_provider_models` through a TypeORM `DataSource` (initialized,
 * and migrated by `@latch/typeorm`'s `migrate`): pass it as `storage` of `OAuthProvider`.
 * Expired rows are never answered, and are deleted now and then as new ones are written.
 */
export function typeormStorage(dataSource: DataSource): StorageFactory {
  const dialect = dialectOf(dataSource);
  const q = (name: string) => (dialect === "mariadb" ? `\`${name}\`` : `"${name}"`);
  const schema = dialect === "postgres" ? (dataSource.options as { schema?: string }).schema : undefined;
  const table = schema ? `${q(schema)}.${q("oauth_provider_models")}` : q("oauth_provider_models");
  /** The n-th placeholder (from 1). */
  const p = (n: number) => (dialect === "postgres" ? `$${n}` : "?");
  /** A time as the engine's driver takes it: SQLite keeps ISO 8601 text, which compares as text. */
  const time = (date: Date): Date | string => (dialect === "sqlite" ? date.toISOString() : date);
  const seconds = (value: Date | string) => Math.floor(new Date(value).valueOf() / 1000);
  /** The `accountId` of a stored payload (jsonb on PostgreSQL, JSON text elsewhere). */
  const accountIdOf =
    dialect === "postgres" ? `${q("payload")}->>'accountId'` : dialect === "mariadb" ? `JSON_UNQUOTE(JSON_EXTRACT(${q("payload")}, '$.accountId'))` : `json_extract(${q("payload")}, '$.accountId')`;
  const upsertSql =
    dialect === "mariadb"
      ? `INSERT INTO ${table} (${["kind", "id", "payload", "grantId", "userCode", "uid", "expiresAt"].map(q).join(", ")}) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE ${["payload", "grantId", "userCode", "uid", "expiresAt"].map((c) => `${q(c)} = VALUES(${q(c)})`).join(", ")}`
      : `INSERT INTO ${table} (${["kind", "id", "payload", "grantId", "userCode", "uid", "expiresAt"].map(q).join(", ")}) VALUES (${[1, 2, 3, 4, 5, 6, 7].map(p).join(", ")})
         ON CONFLICT (${q("kind")}, ${q("id")}) DO UPDATE SET ${["payload", "grantId", "userCode", "uid", "expiresAt"].map((c) => `${q(c)} = excluded.${q(c)}`).join(", ")}`;

  return ({ secret }) => {
    const key = sealingKey(secret);
    let writes = 0;

    return class TypeORMModels implements Adapter {
      /** The live grants of `accountId` (sealed; a grant stored before it was sealed is not listed). */
      static async grantsOf(accountId: string): Promise<AdapterPayload[]> {
        const rows = (await dataSource.query(
          `SELECT ${q("payload")} FROM ${table} WHERE ${q("kind")} = 'Grant' AND ${accountIdOf} = ${p(1)} AND (${q("expiresAt")} IS NULL OR ${q("expiresAt")} > ${p(2)})`,
          [accountId, time(new Date())],
        )) as Pick<Row, "payload">[];
        return rows.flatMap(({ payload }) => {
          const listed = listedGrant(key, (typeof payload === "string" ? JSON.parse(payload) : payload) as AdapterPayload);
          return listed ? [listed] : [];
        });
      }

      constructor(readonly kind: string) {}

      async #first(column: string, value: string, id: string | undefined): Promise<AdapterPayload | undefined> {
        const rows = (await dataSource.query(
          `SELECT ${q("payload")}, ${q("consumedAt")} FROM ${table} WHERE ${q("kind")} = ${p(1)} AND ${q(column)} = ${p(2)} AND (${q("expiresAt")} IS NULL OR ${q("expiresAt")} > ${p(3)})`,
          [this.kind, value, time(new Date())],
        )) as Row[];
        const row = rows[0];
        if (!row) return undefined;
        const payload = (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
        return restoredPayload(key, payload, id, row.consumedAt ? seconds(row.consumedAt) : undefined);
      }

      async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        const expiresAt = expiresIn ? time(new Date(Date.now() + expiresIn * 1000)) : null;
        const stored = JSON.stringify(storedPayload(key, this.kind, payload));
        await dataSource.query(upsertSql, [this.kind, digest(id), stored, payload.grantId ?? null, payload.userCode ? digest(payload.userCode) : null, payload.uid ?? null, expiresAt]);
        if (++writes % 100 === 0) await dataSource.query(`DELETE FROM ${table} WHERE ${q("expiresAt")} < ${p(1)}`, [time(new Date())]);
      }

      find(id: string): Promise<AdapterPayload | undefined> {
        return this.#first("id", digest(id), id);
      }

      findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return this.#first("userCode", digest(userCode), undefined);
      }

      findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return this.#first("uid", uid, undefined);
      }

      async consume(id: string): Promise<void> {
        await dataSource.query(`UPDATE ${table} SET ${q("consumedAt")} = ${p(1)} WHERE ${q("kind")} = ${p(2)} AND ${q("id")} = ${p(3)} AND ${q("consumedAt")} IS NULL`, [time(new Date()), this.kind, digest(id)]);
      }

      async destroy(id: string): Promise<void> {
        await dataSource.query(`DELETE FROM ${table} WHERE ${q("kind")} = ${p(1)} AND ${q("id")} = ${p(2)}`, [this.kind, digest(id)]);
      }

      async revokeByGrantId(grantId: string): Promise<void> {
        await dataSource.query(`DELETE FROM ${table} WHERE ${q("grantId")} = ${p(1)}`, [grantId]);
      }
    } satisfies AdapterFactory;
  };
}
