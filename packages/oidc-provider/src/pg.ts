/**
 * The provider's storage on PostgreSQL or PGlite, in the table of `@latch/pg`'s migration 19
 * (`oauth_provider_models`): run `migrate()` of `@latch/pg` first. Token ids are stored as their
 * SHA-256; the ids that are found by something else (a session by its uid, a device code by its
 * user code) are kept sealed (AES-256-GCM under a key derived from the Latch secret).
 *
 * @example
 * ```ts
 * import pg from "pg"
 * import { migrate } from "@latch/pg"
 * import { pgStorage } from "@latch/oidc-provider/pg"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool)
 * const storage = pgStorage(pool) // OAuthProvider({ …, storage })
 * ```
 * @module @latch/oidc-provider/pg
 */
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AdapterFactory, StorageFactory } from "./index.js";
import { digest, listedGrant, restoredPayload, sealingKey, storedPayload } from "./sealing.js";

/** The one method the storage needs of a database client: a `pg` `Pool` or `Client`, or a PGlite instance. */
export interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface Row {
  payload: AdapterPayload;
  consumedAt: Date | string | null;
}

const seconds = (value: Date | string) => Math.floor(new Date(value).valueOf() / 1000);

/**
 * The provider's storage in `oauth_provider_models`: pass it as `storage` of `OAuthProvider`.
 * Expired rows are never answered, and are deleted now and then as new ones are written.
 */
export function pgStorage(db: PgQueryable): StorageFactory {
  return ({ secret }) => {
    const key = sealingKey(secret);
    let writes = 0;

    return class PgModels implements Adapter {
      /** The live grants of `accountId` whose id can be read back (sealed; a grant stored before it was sealed is not listed). */
      static async grantsOf(accountId: string): Promise<AdapterPayload[]> {
        const { rows } = await db.query(`SELECT payload FROM oauth_provider_models WHERE kind = 'Grant' AND payload->>'accountId' = $1 AND ("expiresAt" IS NULL OR "expiresAt" > now())`, [accountId]);
        return (rows as { payload: AdapterPayload | string }[]).flatMap(({ payload }) => {
          const listed = listedGrant(key, typeof payload === "string" ? (JSON.parse(payload) as AdapterPayload) : payload);
          return listed ? [listed] : [];
        });
      }

      constructor(readonly kind: string) {}

      #restore(row: Row | undefined, id: string | undefined): AdapterPayload | undefined {
        return row ? restoredPayload(key, row.payload, id, row.consumedAt ? seconds(row.consumedAt) : undefined) : undefined;
      }

      async #first(where: string, params: unknown[]): Promise<Row | undefined> {
        const { rows } = await db.query(`SELECT payload, "consumedAt" FROM oauth_provider_models WHERE kind = $1 AND ${where} AND ("expiresAt" IS NULL OR "expiresAt" > now())`, [this.kind, ...params]);
        return rows[0] as Row | undefined;
      }

      async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        const stored = storedPayload(key, this.kind, payload);
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await db.query(
          `INSERT INTO oauth_provider_models (kind, id, payload, "grantId", "userCode", uid, "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, "grantId" = EXCLUDED."grantId", "userCode" = EXCLUDED."userCode", uid = EXCLUDED.uid, "expiresAt" = EXCLUDED."expiresAt"`,
          [this.kind, digest(id), JSON.stringify(stored), payload.grantId ?? null, payload.userCode ? digest(payload.userCode) : null, payload.uid ?? null, expiresAt],
        );
        if (++writes % 100 === 0) await db.query(`DELETE FROM oauth_provider_models WHERE "expiresAt" < now()`);
      }

      async find(id: string): Promise<AdapterPayload | undefined> {
        return this.#restore(await this.#first("id = $2", [digest(id)]), id);
      }

      async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return this.#restore(await this.#first(`"userCode" = $2`, [digest(userCode)]), undefined);
      }

      async findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return this.#restore(await this.#first("uid = $2", [uid]), undefined);
      }

      async consume(id: string): Promise<void> {
        await db.query(`UPDATE oauth_provider_models SET "consumedAt" = now() WHERE kind = $1 AND id = $2`, [this.kind, digest(id)]);
      }

      async destroy(id: string): Promise<void> {
        await db.query(`DELETE FROM oauth_provider_models WHERE kind = $1 AND id = $2`, [this.kind, digest(id)]);
      }

      async revokeByGrantId(grantId: string): Promise<void> {
        await db.query(`DELETE FROM oauth_provider_models WHERE "grantId" = $1`, [grantId]);
      }
    } satisfies AdapterFactory;
  };
}
