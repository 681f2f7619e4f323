/**
 * Where single logout keeps its rows: the tables of `@latch/pg`'s migration 20 (`sso_sessions`,
 * `sso_logout_requests`). A session is named by its id (the adapter's, or a JWT's `sid`), never
 * by its token.
 */
import type { Queryable } from "./queryable.js";

/** The identity provider's session behind a Latch session: what its assertion named. */
export interface SsoSession {
  readonly id: string;
  readonly connectionId: string;
  /** The user, once the session started (`null` while a second factor is still owed). */
  readonly userId: string | null;
  /** The Latch session's id, once it started. */
  readonly sessionId: string | null;
  readonly nameId: string;
  readonly nameIdFormat: string | null;
  readonly nameQualifier: string | null;
  readonly spNameQualifier: string | null;
  readonly sessionIndex: string | null;
  readonly expires: Date;
}

/** A logout sent to an identity provider and not answered yet (SP-initiated). */
export interface SsoLogoutRequest {
  /** The key the RelayState carries. */
  readonly id: string;
  /** The LogoutRequest's ID, which the LogoutResponse must answer (`InResponseTo`). */
  readonly requestId: string;
  readonly connectionId: string;
  /** The app's signed-out page. */
  readonly callbackUrl: string;
  /** The LogoutRequest (base64) a page posts to the identity provider (HTTP-POST binding); `null` with the Redirect binding. */
  readonly message: string | null;
  readonly expires: Date;
}

/** What single logout stores and reads. */
export interface SsoLogoutStore {
  /** Records what an assertion named, before its session starts. */
  saveSession(session: SsoSession): Promise<void>;
  /** Ties the newest waiting record of this connection and NameID to the session that started; `false` when none waits. */
  linkSession(connectionId: string, nameId: string, userId: string, sessionId: string, expires: Date): Promise<boolean>;
  /** The record of a Latch session, if a SAML sign-in started it. */
  sessionOf(sessionId: string): Promise<SsoSession | null>;
  /** Deletes and answers the records of the connection's NameID (of one SessionIndex, when given) that have a session. */
  takeSessions(connectionId: string, nameId: string, sessionIndexes: readonly string[]): Promise<SsoSession[]>;
  deleteSession(sessionId: string): Promise<void>;
  saveLogout(request: SsoLogoutRequest): Promise<void>;
  getLogout(id: string): Promise<SsoLogoutRequest | null>;
  /** Reads and deletes the logout in one step, so it answers one response only. */
  takeLogout(id: string): Promise<SsoLogoutRequest | null>;
}

interface SessionRow extends Omit<SsoSession, "expires"> { expires: Date | string }
interface LogoutRow extends Omit<SsoLogoutRequest, "expires"> { expires: Date | string }

const sessionFrom = (row: SessionRow): SsoSession => ({ ...row, expires: new Date(row.expires) });
const logoutFrom = (row: LogoutRow): SsoLogoutRequest => ({ ...row, expires: new Date(row.expires) });

/** The single logout store on the tables of `@latch/pg`'s migration 20. */
export function postgresLogoutStore(db: Queryable): SsoLogoutStore {
  const rows = async <T>(sql: string, params: unknown[]) => (await db.query(sql, params)).rows as T[];
  return {
    async saveSession(session) {
      await db.query(`DELETE FROM sso_sessions WHERE expires < now()`);
      await db.query(
        `INSERT INTO sso_sessions (id, "connectionId", "userId", "sessionId", "nameId", "nameIdFormat", "nameQualifier", "spNameQualifier", "sessionIndex", expires)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [session.id, session.connectionId, session.userId, session.sessionId, session.nameId, session.nameIdFormat, session.nameQualifier, session.spNameQualifier, session.sessionIndex, session.expires],
      );
    },
    async linkSession(connectionId, nameId, userId, sessionId, expires) {
      const linked = await rows(
        `UPDATE sso_sessions SET "userId" = $3, "sessionId" = $4, expires = $5
         WHERE id = (SELECT id FROM sso_sessions WHERE "connectionId" = $1 AND "nameId" = $2 AND "sessionId" IS NULL AND expires > now() ORDER BY expires DESC LIMIT 1)
         RETURNING id`,
        [connectionId, nameId, userId, sessionId, expires],
      );
      return linked.length === 1;
    },
    async sessionOf(sessionId) {
      const [row] = await rows<SessionRow>(`SELECT * FROM sso_sessions WHERE "sessionId" = $1 AND expires > now()`, [sessionId]);
      return row ? sessionFrom(row) : null;
    },
    async takeSessions(connectionId, nameId, sessionIndexes) {
      const taken = await rows<SessionRow>(
        `DELETE FROM sso_sessions WHERE "connectionId" = $1 AND "nameId" = $2 AND "sessionId" IS NOT NULL AND (cardinality($3::text[]) = 0 OR "sessionIndex" = ANY($3::text[])) RETURNING *`,
        [connectionId, nameId, [...sessionIndexes]],
      );
      return taken.map(sessionFrom);
    },
    async deleteSession(sessionId) {
      await db.query(`DELETE FROM sso_sessions WHERE "sessionId" = $1`, [sessionId]);
    },
    async saveLogout(request) {
      await db.query(`DELETE FROM sso_logout_requests WHERE expires < now()`);
      await db.query(`INSERT INTO sso_logout_requests (id, "requestId", "connectionId", "callbackUrl", message, expires) VALUES ($1, $2, $3, $4, $5, $6)`, [
        request.id, request.requestId, request.connectionId, request.callbackUrl, request.message, request.expires,
      ]);
    },
    async getLogout(id) {
      const [row] = await rows<LogoutRow>(`SELECT * FROM sso_logout_requests WHERE id = $1 AND expires > now()`, [id]);
      return row ? logoutFrom(row) : null;
    },
    async takeLogout(id) {
      const [row] = await rows<LogoutRow>(`DELETE FROM sso_logout_requests WHERE id = $1 RETURNING *`, [id]);
      return row ? logoutFrom(row) : null;
    },
  };
}
