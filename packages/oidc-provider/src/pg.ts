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
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AdapterFactory, StorageFactory } from "./index.js";

/** The one method the storage needs of a database client: a `pg` `Pool` or `Client`, or a PGlite instance. */
export interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface Row {
  payload: AdapterPayload;
  consumedAt: Date | string | null;
}

/** Models whose id is found by another key, or listed (an account's grants), and so must be read back: kept sealed rather than only hashed. */
const sealedKinds = new Set(["Session", "DeviceCode", "BackchannelAuthenticationRequest", "Grant"]);
/** The stored `jti` when it is the row's own id (given again to find it). */
const sameAsId = "=";

const digest = (value: string) => createHash("sha256").update(value).digest("base64url");

function seal(key: Buffer, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `s.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

function open(key: Buffer, sealed: string): string | undefined {
  if (!sealed.startsWith("s.")) return undefined;
  try {
    const raw = Buffer.from(sealed.slice(2), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

const seconds = (value: Date | string) => Math.floor(new Date(value).valueOf() / 1000);

/**
 * The provider's storage in `oauth_provider_models`: pass it as `storage` of `OAuthProvider`.
 * Expired rows are never answered, and are deleted now and then as new ones are written.
 */
export function pgStorage(db: PgQueryable): StorageFactory {
  return ({ secret }) => {
    const key = Buffer.from(hkdfSync("sha256", secret, "latch.oauth2", "provider storage", 32));
    let writes = 0;

    return class PgModels implements Adapter {
      /** The live grants of `accountId` whose id can be read back (sealed; a grant stored before it was sealed is not listed). */
      static async grantsOf(accountId: string): Promise<AdapterPayload[]> {
        const { rows } = await db.query(`SELECT payload FROM oauth_provider_models WHERE kind = 'Grant' AND payload->>'accountId' = $1 AND ("expiresAt" IS NULL OR "expiresAt" > now())`, [accountId]);
        return (rows as { payload: AdapterPayload | string }[]).flatMap(({ payload }) => {
          const grant = typeof payload === "string" ? (JSON.parse(payload) as AdapterPayload) : payload;
          const jti = typeof grant.jti === "string" ? open(key, grant.jti) : undefined;
          return jti ? [{ ...grant, jti }] : [];
        });
      }

      constructor(readonly kind: string) {}

      #restore(row: Row | undefined, id: string | undefined): AdapterPayload | undefined {
        if (!row) return undefined;
        const payload = { ...row.payload };
        if (payload.jti === sameAsId) payload.jti = id;
        else if (typeof payload.jti === "string") {
          const opened = open(key, payload.jti);
          if (opened === undefined || (id !== undefined && opened !== id)) return undefined;
          payload.jti = opened;
        }
        if (row.consumedAt) payload.consumed = seconds(row.consumedAt);
        return payload;
      }

      async #first(where: string, params: unknown[]): Promise<Row | undefined> {
        const { rows } = await db.query(`SELECT payload, "consumedAt" FROM oauth_provider_models WHERE kind = $1 AND ${where} AND ("expiresAt" IS NULL OR "expiresAt" > now())`, [this.kind, ...params]);
        return rows[0] as Row | undefined;
      }

      async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        const { jti, consumed: _consumed, ...rest } = payload;
        const stored = jti === undefined ? rest : { ...rest, jti: sealedKinds.has(this.kind) ? seal(key, String(jti)) : sameAsId };
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
