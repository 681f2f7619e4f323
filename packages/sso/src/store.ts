/**
 * Where `@latch/sso` keeps its rows: the tables of `@latch/pg`'s migration 17 (`sso_connections`,
 * `sso_domains`, `sso_used_assertions`, `sso_requests`) and 20 (single logout's `sso_sessions`,
 * `sso_logout_requests`), on PostgreSQL or PGlite.
 */
import type { AnySsoConnection, SsoDomain, SsoRequest } from "./types.js";
import { postgresLogoutStore, type SsoLogoutStore } from "./logout-store.js";
import type { Queryable } from "./queryable.js";

export type { Queryable } from "./queryable.js";

/** What `@latch/sso` stores and reads (single logout's records: {@link SsoLogoutStore}). */
export interface SsoStore extends SsoLogoutStore {
  createConnection<C extends AnySsoConnection>(connection: C): Promise<C>;
  getConnection(id: string): Promise<AnySsoConnection | null>;
  listConnections(organizationId: string): Promise<AnySsoConnection[]>;
  /** Replaces the connection's settings (its kind stays). */
  updateConnectionSettings(id: string, settings: AnySsoConnection["settings"]): Promise<void>;
  deleteConnection(id: string): Promise<void>;
  /** Adds or renews a claim; the claim of another organization is not touched. */
  claimDomain(domain: SsoDomain): Promise<SsoDomain>;
  getDomain(organizationId: string, domain: string): Promise<SsoDomain | null>;
  listDomains(organizationId: string): Promise<SsoDomain[]>;
  /** The organization that verified `domain`, if one did. */
  verifiedDomain(domain: string): Promise<SsoDomain | null>;
  /** Marks the claim verified; `false` when another organization verified the domain first. */
  markVerified(organizationId: string, domain: string, at: Date): Promise<boolean>;
  deleteDomain(organizationId: string, domain: string): Promise<void>;
  /** Records the assertion's id until `expires`; `false` when it was recorded already (a replay). */
  useAssertion(id: string, expires: Date): Promise<boolean>;
  saveRequest(request: SsoRequest): Promise<void>;
  /** Reads and deletes the request in one step, so it answers one response only. */
  takeRequest(id: string): Promise<SsoRequest | null>;
}

interface ConnectionRow { id: string; organizationId: string; kind: AnySsoConnection["kind"]; settings: AnySsoConnection["settings"] | string; createdBy: string; createdAt: Date | string }
interface DomainRow { domain: string; organizationId: string; token: string; verifiedAt: Date | string | null; createdAt: Date | string }
interface RequestRow { id: string; requestId: string; connectionId: string; callbackUrl: string; expires: Date | string }

const connectionOf = (row: ConnectionRow): AnySsoConnection =>
  ({
    ...row,
    settings: typeof row.settings === "string" ? JSON.parse(row.settings) : row.settings,
    createdAt: new Date(row.createdAt),
  }) as AnySsoConnection;
const domainOf = (row: DomainRow): SsoDomain => ({ ...row, verifiedAt: row.verifiedAt ? new Date(row.verifiedAt) : null, createdAt: new Date(row.createdAt) });

/**
 * The store on the tables of `@latch/pg`'s migration 17 (run `migrate` of `@latch/pg` first).
 *
 * @example
 * ```ts
 * import { PGlite } from "@electric-sql/pglite"
 * import { migrate } from "@latch/pg"
 * import { postgresSsoStore } from "@latch/sso"
 * const db = new PGlite()
 * await migrate(db)
 * const store = postgresSsoStore(db)
 * ```
 */
export function postgresSsoStore(db: Queryable): SsoStore {
  const rows = async <T>(sql: string, params: unknown[]) => (await db.query(sql, params)).rows as T[];
  return {
    ...postgresLogoutStore(db),
    async createConnection(connection) {
      await db.query(`INSERT INTO sso_connections (id, "organizationId", kind, settings, "createdBy", "createdAt") VALUES ($1, $2, $3, $4, $5, $6)`, [
        connection.id, connection.organizationId, connection.kind, JSON.stringify(connection.settings), connection.createdBy, connection.createdAt,
      ]);
      return connection;
    },
    async getConnection(id) {
      const [row] = await rows<ConnectionRow>(`SELECT * FROM sso_connections WHERE id = $1`, [id]);
      return row ? connectionOf(row) : null;
    },
    async listConnections(organizationId) {
      return (await rows<ConnectionRow>(`SELECT * FROM sso_connections WHERE "organizationId" = $1 ORDER BY "createdAt", id`, [organizationId])).map(connectionOf);
    },
    async updateConnectionSettings(id, settings) {
      await db.query(`UPDATE sso_connections SET settings = $2 WHERE id = $1`, [id, JSON.stringify(settings)]);
    },
    async deleteConnection(id) {
      await db.query(`DELETE FROM sso_connections WHERE id = $1`, [id]);
    },
    async claimDomain(domain) {
      const [row] = await rows<DomainRow>(
        `INSERT INTO sso_domains (domain, "organizationId", token, "verifiedAt", "createdAt") VALUES ($1, $2, $3, NULL, $4)
         ON CONFLICT ("organizationId", domain) DO UPDATE SET token = CASE WHEN sso_domains."verifiedAt" IS NULL THEN EXCLUDED.token ELSE sso_domains.token END
         RETURNING *`,
        [domain.domain, domain.organizationId, domain.token, domain.createdAt],
      );
      return domainOf(row!);
    },
    async getDomain(organizationId, domain) {
      const [row] = await rows<DomainRow>(`SELECT * FROM sso_domains WHERE "organizationId" = $1 AND domain = $2`, [organizationId, domain]);
      return row ? domainOf(row) : null;
    },
    async listDomains(organizationId) {
      return (await rows<DomainRow>(`SELECT * FROM sso_domains WHERE "organizationId" = $1 ORDER BY domain`, [organizationId])).map(domainOf);
    },
    async verifiedDomain(domain) {
      const [row] = await rows<DomainRow>(`SELECT * FROM sso_domains WHERE domain = $1 AND "verifiedAt" IS NOT NULL`, [domain]);
      return row ? domainOf(row) : null;
    },
    async markVerified(organizationId, domain, at) {
      try {
        const updated = await rows<DomainRow>(`UPDATE sso_domains SET "verifiedAt" = $3 WHERE "organizationId" = $1 AND domain = $2 RETURNING *`, [organizationId, domain, at]);
        return updated.length === 1;
      } catch (error) {
        // The partial unique index: another organization verified this domain first.
        if ((error as { code?: string }).code === "23505") return false;
        throw error;
      }
    },
    async deleteDomain(organizationId, domain) {
      await db.query(`DELETE FROM sso_domains WHERE "organizationId" = $1 AND domain = $2`, [organizationId, domain]);
    },
    async useAssertion(id, expires) {
      await db.query(`DELETE FROM sso_used_assertions WHERE expires < now()`);
      const inserted = await rows(`INSERT INTO sso_used_assertions (id, expires) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [id, expires]);
      return inserted.length === 1;
    },
    async saveRequest(request) {
      await db.query(`DELETE FROM sso_requests WHERE expires < now()`);
      await db.query(`INSERT INTO sso_requests (id, "requestId", "connectionId", "callbackUrl", expires) VALUES ($1, $2, $3, $4, $5)`, [
        request.id, request.requestId, request.connectionId, request.callbackUrl, request.expires,
      ]);
    },
    async takeRequest(id) {
      const [row] = await rows<RequestRow>(`DELETE FROM sso_requests WHERE id = $1 RETURNING *`, [id]);
      return row ? { ...row, expires: new Date(row.expires) } : null;
    },
  };
}
