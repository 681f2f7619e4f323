import { accountColumns, accountFromRow, activeOrganizationFromRow, apiKeyFromRow, authenticatorColumns, authenticatorFromRow, invitationFromRow, memberFromRow, organizationFromRow, organizationRoleFromRow, sessionIdOf, standingFromRow, userColumns, passwordFromRow, secondFactorFromRow, sessionFromRow, signingKeyFromRow, userFromRow, verificationTokenFromRow, canonicalEmail, type Adapter, type AdapterAccount, type ApiKeyAdapter, type OrganizationAdapter, type TeamAdapter, teamFromRow, teamMemberFromRow, type AdapterAuthenticator, type AdapterUserStanding, type AdminAdapter, type StoredRow, auditEventFromRow, type AuditAdapter, type ScimAdapter, scimUserFromRow, scimGroupFromRow } from "@latch/core/adapters";
import { firstRow, rows, type Queryable } from "./client.js";

/** `"a", "b"` for an INSERT column list. */
function columnList(columns: readonly string[]): string {
  return columns.map((column) => `"${column}"`).join(", ");
}

/** `$1, $2, …` for `count` parameters. */
function placeholders(count: number): string {
  return Array.from({ length: count }, (_, index) => `$${index + 1}`).join(", ");
}

// The session's active organization comes with it: the membership as it is now (a removed member,
// or one whose role changed, reads so at the next request).
const sessionAndUser = `
  SELECT s."sessionToken", s."userId", s.expires, s.id AS "sessionId", s.auth_time, s.mfa_time, s.amr, s."impersonatedBy",
         u.id, u.name, u.email, u."emailVerified", u.image,
         EXISTS (SELECT 1 FROM accounts a WHERE a."userId" = s."userId" AND a."refreshError" IS NOT NULL) AS "refreshError",
         o.id AS "organizationId", o.slug AS "organizationSlug", m.role AS "organizationRole", r.permissions AS "organizationPermissions"
  FROM sessions s JOIN users u ON u.id = s."userId"
  LEFT JOIN members m ON m."organizationId" = s."activeOrganizationId" AND m."userId" = s."userId"
  LEFT JOIN organizations o ON o.id = m."organizationId"
  LEFT JOIN organization_roles r ON r."organizationId" = m."organizationId" AND r.name = m.role
  WHERE s."sessionToken" = $1`;

/**
 * Whether organization `$1` has an owner besides member `$2`, for a statement that takes the role
 * from `$2`: the owners' rows are locked in one order, so of two such statements racing, the
 * second waits for the first and then counts the owners as they are after it (a row it changed
 * no longer counts). Two owners leaving or demoting each other at once leave one owner.
 */
const otherOwners = `(SELECT count(*) FROM (SELECT 1 FROM members o WHERE o."organizationId" = $1 AND o.role = 'owner' ORDER BY o."userId" FOR UPDATE) owners) > 1`;

/** A SCIM group with its members' ids, in the order of their ids. */
const scimGroupSelect = `SELECT g.*, ARRAY(SELECT m."userId" FROM scim_group_members m WHERE m."groupId" = g.id ORDER BY m."userId") AS members FROM scim_groups g`;

/**
 * The Latch adapter for PostgreSQL. Works with a `pg` `Pool` or `Client`, or an embedded
 * PGlite instance: anything with `query(sql, params) → { rows }`. Create the tables first
 * with {@link migrate}.
 *
 * @example
 * ```ts
 * import pg from "pg"
 * import { PostgresAdapter, migrate } from "@latch/pg"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool)
 * const config = { adapter: PostgresAdapter(pool), providers: [...] }
 * ```
 */
export function PostgresAdapter(client: Queryable): Adapter {
  // Adapter's contract and the API-key and organization methods beside it (ApiKeyAdapter, OrganizationAdapter).
  const adapter = {
    async createUser(user) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO users (id, name, email, "emailVerified", image) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [user.id, user.name ?? null, user.email ? canonicalEmail(user.email) : user.email, user.emailVerified ?? null, user.image ?? null],
      );
      return userFromRow(row!);
    },

    async getUser(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM users WHERE id = $1`, [id]);
      return row && userFromRow(row);
    },

    async getUserByEmail(email) {
      // "" is how a user without an email is stored: it names nobody.
      if (!email) return null;
      // Stored addresses are in the stored spelling (PROTOCOL §6, migration 9), so is the one looked up.
      const row = await firstRow<StoredRow>(client, `SELECT * FROM users WHERE email = $1 AND email <> ''`, [canonicalEmail(email)]);
      return row && userFromRow(row);
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = await firstRow<StoredRow>(
        client,
        `SELECT u.* FROM users u JOIN accounts a ON a."userId" = u.id
         WHERE a.provider = $1 AND a."providerAccountId" = $2`,
        [provider, providerAccountId],
      );
      return row && userFromRow(row);
    },

    async updateUser(user) {
      const columns = userColumns.filter((column) => user[column] !== undefined);
      const values = columns.map((column) => (column === "email" && user.email ? canonicalEmail(user.email) : user[column]) as unknown);
      const row =
        columns.length === 0
          ? await firstRow<StoredRow>(client, `SELECT * FROM users WHERE id = $1`, [user.id])
          : await firstRow<StoredRow>(
              client,
              `UPDATE users SET ${columns.map((column, index) => `"${column}" = $${index + 2}`).join(", ")}
               WHERE id = $1 RETURNING *`,
              [user.id, ...values],
            );
      if (!row) throw new Error("updateUser: no user with this id");
      return userFromRow(row);
    },

    async deleteUser(userId) {
      // One statement that removes the user's rows even where the tables lack ON DELETE CASCADE
      // (tables created by an Auth.js install).
      const row = await firstRow<StoredRow>(
        client,
        `WITH a AS (DELETE FROM accounts WHERE "userId" = $1),
              s AS (DELETE FROM sessions WHERE "userId" = $1),
              w AS (DELETE FROM authenticators WHERE "userId" = $1)
         DELETE FROM users WHERE id = $1 RETURNING *`,
        [userId],
      );
      return row && userFromRow(row);
    },

    async linkAccount(account) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO accounts (${columnList(accountColumns)}) VALUES (${placeholders(accountColumns.length)}) RETURNING *`,
        accountColumns.map((column) => (account as AdapterAccount)[column] ?? null),
      );
      return accountFromRow(row!);
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await firstRow<StoredRow>(
        client,
        `DELETE FROM accounts WHERE provider = $1 AND "providerAccountId" = $2 RETURNING *`,
        [provider, providerAccountId],
      );
      return row ? accountFromRow(row) : undefined;
    },

    async getAccount(providerAccountId, provider) {
      const row = await firstRow<StoredRow>(
        client,
        `SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2`,
        [provider, providerAccountId],
      );
      return row && accountFromRow(row);
    },

    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"],

    async createSession({ sessionToken, userId, expires, createdAt, lastSeenAt, userAgent, ip, auth_time, mfa_time, amr, impersonatedBy }) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO sessions ("sessionToken", "userId", expires, "createdAt", "lastSeenAt", "userAgent", ip, auth_time, mfa_time, amr, "impersonatedBy")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
        [sessionToken, userId, expires, createdAt ?? new Date(), lastSeenAt ?? null, userAgent ?? null, ip ?? null, auth_time ?? null, mfa_time ?? null, amr ?? null, impersonatedBy ?? null],
      );
      return sessionFromRow(row!);
    },

    async getSessionAndUser(sessionToken) {
      const row = await firstRow<StoredRow>(client, sessionAndUser, [sessionToken]);
      if (!row) return null;
      const activeOrganization = activeOrganizationFromRow(row);
      return { session: { ...sessionFromRow(row), ...(activeOrganization && { activeOrganization }) }, user: userFromRow(row) };
    },

    async updateSession({ sessionToken, userId, expires, lastSeenAt }) {
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE sessions SET expires = COALESCE($2, expires), "userId" = COALESCE($3, "userId"),
           "lastSeenAt" = COALESCE($4, "lastSeenAt")
         WHERE "sessionToken" = $1 RETURNING *`,
        [sessionToken, expires ?? null, userId ?? null, lastSeenAt ?? null],
      );
      return row && sessionFromRow(row);
    },

    async deleteSession(sessionToken) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM sessions WHERE "sessionToken" = $1 RETURNING *`, [sessionToken]);
      return row && sessionFromRow(row);
    },

    async createVerificationToken({ identifier, token, expires }) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO verification_token (identifier, token, expires) VALUES ($1, $2, $3) RETURNING *`,
        [identifier, token, expires],
      );
      return verificationTokenFromRow(row!);
    },

    async useVerificationToken({ identifier, token }) {
      // DELETE … RETURNING: two concurrent uses cannot both get the token.
      const row = await firstRow<StoredRow>(
        client,
        `DELETE FROM verification_token WHERE identifier = $1 AND token = $2 RETURNING *`,
        [identifier, token],
      );
      return row && verificationTokenFromRow(row);
    },

    async createAuthenticator(authenticator) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO authenticators (${columnList(authenticatorColumns)})
         VALUES (${placeholders(authenticatorColumns.length)}) RETURNING *`,
        authenticatorColumns.map((column) => (authenticator as AdapterAuthenticator)[column] ?? null),
      );
      return authenticatorFromRow(row!);
    },

    async getAuthenticator(credentialID) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM authenticators WHERE "credentialID" = $1`, [credentialID]);
      return row && authenticatorFromRow(row);
    },

    async listAuthenticatorsByUserId(userId) {
      const found = await rows<StoredRow>(client, `SELECT * FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`, [userId]);
      return found.map(authenticatorFromRow);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE authenticators SET counter = $2 WHERE "credentialID" = $1 RETURNING *`,
        [credentialID, newCounter],
      );
      if (!row) throw new Error("updateAuthenticatorCounter: no authenticator with this credential id");
      return authenticatorFromRow(row);
    },

    async deleteAuthenticator(credentialID) {
      // One statement: the authenticator and its webauthn account go together or not at all.
      const row = await firstRow<StoredRow>(
        client,
        `WITH w AS (DELETE FROM authenticators WHERE "credentialID" = $1 RETURNING *),
              a AS (DELETE FROM accounts USING w
                    WHERE accounts.type = 'webauthn' AND accounts."providerAccountId" = w."providerAccountId"
                      AND accounts."userId" = w."userId")
         SELECT * FROM w`,
        [credentialID],
      );
      return row ? authenticatorFromRow(row) : null;
    },

    async deleteSessions(userId) {
      const row = await firstRow<{ n: number }>(
        client,
        `WITH s AS (DELETE FROM sessions WHERE "userId" = $1 RETURNING 1) SELECT count(*)::int AS n FROM s`,
        [userId],
      );
      return Number(row?.n ?? 0);
    },

    async listSessions(userId) {
      const found = await rows<StoredRow>(client, `SELECT * FROM sessions WHERE "userId" = $1 ORDER BY id`, [userId]);
      return found.map(sessionFromRow);
    },

    async deleteSessionById(userId, sessionId) {
      // Ids are the serial column: anything else names no session (and must not reach the cast).
      if (sessionIdOf(sessionId, "serial") === null) return null;
      // One statement: the session goes only when it is this user's.
      const row = await firstRow<StoredRow>(client, `DELETE FROM sessions WHERE id = $2::int AND "userId" = $1 RETURNING *`, [userId, sessionId]);
      return row ? sessionFromRow(row) : null;
    },

    async getAccountByUserId(userId, provider) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM accounts WHERE "userId" = $1 AND provider = $2 ORDER BY id LIMIT 1`, [userId, provider]);
      return row && accountFromRow(row);
    },

    async listAccountsByUserId(userId) {
      const found = await rows<StoredRow>(client, `SELECT * FROM accounts WHERE "userId" = $1 ORDER BY id`, [userId]);
      return found.map(accountFromRow);
    },

    async leaseAccount({ provider, providerAccountId }, holder, until) {
      // One conditional UPDATE: of instances racing for the lease, exactly one row update succeeds.
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE accounts SET "refreshLeaseHolder" = $3, "refreshLeaseUntil" = $4
         WHERE provider = $1 AND "providerAccountId" = $2
           AND ("refreshLeaseUntil" IS NULL OR "refreshLeaseUntil" < now() OR "refreshLeaseHolder" = $3)
         RETURNING 1 AS taken`,
        [provider, providerAccountId, holder, until],
      );
      return !!row;
    },

    async releaseAccount({ provider, providerAccountId }, holder, tokens, refused) {
      const t = tokens ?? {};
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE accounts SET "refreshLeaseHolder" = NULL, "refreshLeaseUntil" = NULL,
           access_token = CASE WHEN $4 THEN $5 ELSE access_token END,
           refresh_token = CASE WHEN $4 THEN COALESCE($6, refresh_token) ELSE refresh_token END,
           expires_at = CASE WHEN $4 THEN $7 ELSE expires_at END,
           id_token = CASE WHEN $4 THEN COALESCE($8, id_token) ELSE id_token END,
           scope = CASE WHEN $4 THEN COALESCE($9, scope) ELSE scope END,
           token_type = CASE WHEN $4 THEN COALESCE($10, token_type) ELSE token_type END,
           "refreshError" = CASE WHEN $4 THEN NULL ELSE COALESCE($11, "refreshError") END
         WHERE provider = $1 AND "providerAccountId" = $2 AND "refreshLeaseHolder" = $3
         RETURNING *`,
        [
          provider, providerAccountId, holder, tokens !== null, t.access_token ?? null, t.refresh_token ?? null, t.expires_at ?? null,
          t.id_token ?? null, t.scope ?? null, t.token_type ?? null, tokens === null ? (refused ?? null) : null,
        ],
      );
      return row ? accountFromRow(row) : null;
    },

    async getPassword(userId) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM passwords WHERE "userId" = $1`, [userId]);
      return row ? passwordFromRow(row) : null;
    },

    async setPassword({ userId, hash, updatedAt }) {
      // One statement: a concurrent sign-up, reset or change leaves one row, the last one written.
      // An unknown user fails the foreign key.
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO passwords ("userId", hash, "updatedAt") VALUES ($1, $2, $3)
         ON CONFLICT ("userId") DO UPDATE SET hash = EXCLUDED.hash, "updatedAt" = EXCLUDED."updatedAt"
         RETURNING *`,
        [userId, hash, updatedAt],
      );
      return passwordFromRow(row!);
    },

    async replacePasswordHash(userId, currentHash, nextHash) {
      const row = await firstRow<StoredRow>(client, `UPDATE passwords SET hash = $3 WHERE "userId" = $1 AND hash = $2 RETURNING 1 AS replaced`, [userId, currentHash, nextHash]);
      return !!row;
    },

    async deletePassword(userId) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM passwords WHERE "userId" = $1 RETURNING *`, [userId]);
      return row ? passwordFromRow(row) : null;
    },

    async listSecondFactors(userId) {
      return (await rows<StoredRow>(client, `SELECT * FROM second_factors WHERE "userId" = $1 ORDER BY "createdAt", id`, [userId])).map(secondFactorFromRow);
    },

    async replaceSecondFactors(userId, kind, list) {
      // One statement: the delete and the insert commit together or not at all.
      const rowsJson = JSON.stringify(list.map((row) => ({ ...row, userId, kind })));
      await client.query(
        `WITH gone AS (DELETE FROM second_factors WHERE "userId" = $1 AND kind = $2)
         INSERT INTO second_factors (id, "userId", kind, secret, "lastUsedStep", attempts, "confirmedAt", expires, "createdAt")
         SELECT id, "userId", kind, secret, "lastUsedStep", attempts, "confirmedAt", expires, "createdAt"
         FROM jsonb_to_recordset($3::jsonb) AS r(id text, "userId" text, kind text, secret text, "lastUsedStep" bigint,
           attempts integer, "confirmedAt" timestamptz, expires timestamptz, "createdAt" timestamptz)`,
        [userId, kind, rowsJson],
      );
    },

    async confirmSecondFactor(id, step, at) {
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE second_factors SET "confirmedAt" = $3, "lastUsedStep" = $2 WHERE id = $1 AND "confirmedAt" IS NULL RETURNING *`,
        [id, step, at],
      );
      return row ? secondFactorFromRow(row) : null;
    },

    async useTotpStep(id, step) {
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE second_factors SET "lastUsedStep" = $2 WHERE id = $1 AND ("lastUsedStep" IS NULL OR "lastUsedStep" < $2) RETURNING 1 AS used`,
        [id, step],
      );
      return row !== null;
    },

    async countSecondFactorAttempt(id) {
      const row = await firstRow<StoredRow>(client, `UPDATE second_factors SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`, [id]);
      return row ? Number(row.attempts) : null;
    },

    async deleteSecondFactor(id) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM second_factors WHERE id = $1 RETURNING *`, [id]);
      return row ? secondFactorFromRow(row) : null;
    },

    async listSigningKeys() {
      return (await rows<StoredRow>(client, `SELECT * FROM signing_keys ORDER BY generation`)).map(signingKeyFromRow);
    },

    async createSigningKey({ id, generation, algorithm, publicKey, privateKey, createdAt }) {
      // First writer wins: the generation (and the id) are unique, and a second insert of either does nothing.
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO signing_keys (id, generation, algorithm, "publicKey", "privateKey", "createdAt") VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING 1 AS stored`,
        [id, generation, algorithm, publicKey, privateKey, createdAt],
      );
      return row !== null;
    },

    async createApiKey(key) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO api_keys (id, "ownerType", "ownerId", "userId", name, scopes, hash, "createdAt", expires, "lastUsedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [key.id, key.ownerType, key.ownerId, key.ownerType === "user" ? key.ownerId : null, key.name, key.scopes, key.hash, key.createdAt, key.expires, key.lastUsedAt],
      );
      return apiKeyFromRow(row!);
    },

    async getApiKey(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM api_keys WHERE id = $1`, [id]);
      return row ? apiKeyFromRow(row) : null;
    },

    async listApiKeys(ownerType, ownerId) {
      return (await rows<StoredRow>(client, `SELECT * FROM api_keys WHERE "ownerType" = $1 AND "ownerId" = $2`, [ownerType, ownerId])).map(apiKeyFromRow);
    },

    async updateApiKey(id, update) {
      const fields = (["name", "scopes", "expires", "lastUsedAt"] as const).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getApiKey(id);
      const set = fields.map((field, index) => `"${field}" = $${index + 2}`).join(", ");
      const row = await firstRow<StoredRow>(client, `UPDATE api_keys SET ${set} WHERE id = $1 RETURNING *`, [id, ...fields.map((field) => update[field])]);
      return row ? apiKeyFromRow(row) : null;
    },

    async deleteApiKey(id) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM api_keys WHERE id = $1 RETURNING *`, [id]);
      return row ? apiKeyFromRow(row) : null;
    },

    async listUsers({ search, offset, limit }) {
      // The address and the name contain the text, as typed: LIKE's own characters are escaped.
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = pattern ? `WHERE u.email ILIKE $1 OR u.name ILIKE $1` : ``;
      const params = pattern ? [pattern] : [];
      const found = await rows<StoredRow>(
        client,
        `SELECT u.*, s."siteRole", s.banned, s."banReason", s."banExpires", count(*) OVER () AS "totalUsers"
         FROM users u LEFT JOIN user_standings s ON s."userId" = u.id ${where} ORDER BY u.email, u.id OFFSET ${Number(offset)} LIMIT ${Number(limit)}`,
        params,
      );
      const total = found.length ? Number(found[0]!.totalUsers) : Number((await firstRow<StoredRow>(client, `SELECT count(*)::int AS n FROM users u ${where}`, params))!.n);
      return { users: found.map((row) => ({ user: userFromRow(row), standing: standingFromRow(row) })), total };
    },

    async getUserStanding(userId) {
      const row = await firstRow<StoredRow>(client, `SELECT s.* FROM users u LEFT JOIN user_standings s ON s."userId" = u.id WHERE u.id = $1`, [userId]);
      return row && standingFromRow(row);
    },

    async updateUserStanding(userId, update) {
      const columns = { role: "siteRole", banned: "banned", banReason: "banReason", banExpires: "banExpires" } as const;
      const fields = (Object.keys(columns) as (keyof AdapterUserStanding)[]).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getUserStanding(userId);
      // One statement: a user without a standing row gets one (the fields not given at their
      // defaults), a user with one has the given fields changed, and no user gets nothing.
      const start = { role: null, banned: false, banReason: null, banExpires: null, ...Object.fromEntries(fields.map((field) => [field, update[field]])) };
      const set = fields.map((field) => `"${columns[field]}" = EXCLUDED."${columns[field]}"`).join(", ");
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO user_standings ("userId", "siteRole", banned, "banReason", "banExpires")
         SELECT id, $2, $3, $4, $5 FROM users WHERE id = $1
         ON CONFLICT ("userId") DO UPDATE SET ${set} RETURNING *`,
        [userId, start.role, start.banned, start.banReason, start.banExpires],
      );
      return row && standingFromRow(row);
    },

    async createOrganization(organization, owner) {
      // One statement: the organization and its owner, or neither (a taken slug writes nothing).
      const row = await firstRow<StoredRow>(
        client,
        `WITH made AS (
           INSERT INTO organizations (id, name, slug, metadata, "createdAt") VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (slug) DO NOTHING RETURNING *
         ), owner AS (
           INSERT INTO members ("organizationId", "userId", role, "createdAt") SELECT id, $6, $7, $8 FROM made RETURNING 1
         )
         SELECT made.* FROM made, owner`,
        [organization.id, organization.name, organization.slug, organization.metadata === null ? null : JSON.stringify(organization.metadata), organization.createdAt, owner.userId, owner.role, owner.createdAt],
      );
      return row ? organizationFromRow(row) : null;
    },

    async getOrganization(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM organizations WHERE id = $1`, [id]);
      return row ? organizationFromRow(row) : null;
    },

    async getOrganizationBySlug(slug) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM organizations WHERE slug = $1`, [slug]);
      return row ? organizationFromRow(row) : null;
    },

    async updateOrganization(id, update) {
      const fields = (["name", "slug", "metadata"] as const).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getOrganization(id);
      const set = fields.map((field, index) => `"${field}" = $${index + 2}`).join(", ");
      const values = fields.map((field) => (field === "metadata" ? (update.metadata === null ? null : JSON.stringify(update.metadata)) : update[field]));
      const row = await firstRow<StoredRow>(client, `UPDATE organizations SET ${set} WHERE id = $1 RETURNING *`, [id, ...values]);
      return row ? organizationFromRow(row) : null;
    },

    async deleteOrganization(id) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM organizations WHERE id = $1 RETURNING *`, [id]);
      return row ? organizationFromRow(row) : null;
    },

    async listOrganizations(userId) {
      const found = await rows<StoredRow>(client, `SELECT o.*, m.role FROM members m JOIN organizations o ON o.id = m."organizationId" WHERE m."userId" = $1`, [userId]);
      return found.map((row) => ({ ...organizationFromRow(row), role: String(row.role) }));
    },

    async getMember(organizationId, userId) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM members WHERE "organizationId" = $1 AND "userId" = $2`, [organizationId, userId]);
      return row ? memberFromRow(row) : null;
    },

    async listMembers(organizationId) {
      const found = await rows<StoredRow>(client, `SELECT m.*, u.email, u.name FROM members m JOIN users u ON u.id = m."userId" WHERE m."organizationId" = $1`, [organizationId]);
      return found.map((row) => ({ ...memberFromRow(row), email: (row.email as string | null) ?? null, name: (row.name as string | null) ?? null }));
    },

    async updateMemberRole(organizationId, userId, role) {
      // One statement that never leaves the organization without an owner (see otherOwners).
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE members SET role = $3 WHERE "organizationId" = $1 AND "userId" = $2 AND (role <> 'owner' OR $3::text = 'owner' OR ${otherOwners}) RETURNING *`,
        [organizationId, userId, role],
      );
      return row ? memberFromRow(row) : null;
    },

    async deleteMember(organizationId, userId) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM members WHERE "organizationId" = $1 AND "userId" = $2 AND (role <> 'owner' OR ${otherOwners}) RETURNING *`, [organizationId, userId]);
      return row ? memberFromRow(row) : null;
    },

    async transferOwnership(organizationId, from, to, formerRole) {
      // One statement: both rows change, or (when either is not a member) neither.
      const found = await rows<StoredRow>(
        client,
        `UPDATE members SET role = CASE WHEN "userId" = $3 THEN 'owner' ELSE $4 END
         WHERE "organizationId" = $1 AND "userId" IN ($2, $3)
           AND (SELECT count(*) FROM members WHERE "organizationId" = $1 AND "userId" IN ($2, $3)) = 2
         RETURNING 1`,
        [organizationId, from, to, formerRole],
      );
      return found.length === 2;
    },

    async createInvitation(invitation) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO invitations (id, "organizationId", email, role, "inviterId", hash, status, expires, "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [invitation.id, invitation.organizationId, canonicalEmail(invitation.email), invitation.role, invitation.inviterId, invitation.hash, invitation.status, invitation.expires, invitation.createdAt],
      );
      return invitationFromRow(row!);
    },

    async getInvitation(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM invitations WHERE id = $1`, [id]);
      return row ? invitationFromRow(row) : null;
    },

    async listInvitations(organizationId) {
      return (await rows<StoredRow>(client, `SELECT * FROM invitations WHERE "organizationId" = $1`, [organizationId])).map(invitationFromRow);
    },

    async updateInvitation(id, update) {
      const fields = (["hash", "status", "expires"] as const).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getInvitation(id);
      const set = fields.map((field, index) => `"${field}" = $${index + 2}`).join(", ");
      const row = await firstRow<StoredRow>(client, `UPDATE invitations SET ${set} WHERE id = $1 AND status = 'pending' RETURNING *`, [id, ...fields.map((field) => update[field])]);
      return row ? invitationFromRow(row) : null;
    },

    async acceptInvitation(id, member) {
      // One statement: the invitation is spent only while pending, and the member stored with it.
      const row = await firstRow<StoredRow>(
        client,
        `WITH spent AS (
           UPDATE invitations SET status = 'accepted' WHERE id = $1 AND status = 'pending' RETURNING "organizationId"
         ), joined AS (
           INSERT INTO members ("organizationId", "userId", role, "createdAt") SELECT "organizationId", $2, $3, $4 FROM spent
           ON CONFLICT ("organizationId", "userId") DO NOTHING RETURNING *
         )
         SELECT COALESCE(j."organizationId", m."organizationId") AS "organizationId", COALESCE(j."userId", m."userId") AS "userId",
                COALESCE(j.role, m.role) AS role, COALESCE(j."createdAt", m."createdAt") AS "createdAt"
         FROM spent s LEFT JOIN joined j ON true LEFT JOIN members m ON m."organizationId" = s."organizationId" AND m."userId" = $2`,
        [id, member.userId, member.role, member.createdAt],
      );
      return row ? memberFromRow(row) : null;
    },

    async createOrganizationRole(role) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO organization_roles ("organizationId", name, permissions, "createdAt") VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING *`,
        [role.organizationId, role.name, role.permissions, role.createdAt],
      );
      return row ? organizationRoleFromRow(row) : null;
    },

    async listOrganizationRoles(organizationId) {
      return (await rows<StoredRow>(client, `SELECT * FROM organization_roles WHERE "organizationId" = $1`, [organizationId])).map(organizationRoleFromRow);
    },

    async deleteOrganizationRole(organizationId, name) {
      // One statement: a role a member holds stays.
      const row = await firstRow<StoredRow>(
        client,
        `DELETE FROM organization_roles r WHERE "organizationId" = $1 AND name = $2
           AND NOT EXISTS (SELECT 1 FROM members m WHERE m."organizationId" = $1 AND m.role = $2) RETURNING *`,
        [organizationId, name],
      );
      return row ? organizationRoleFromRow(row) : null;
    },

    async setActiveOrganization(sessionToken, organizationId) {
      await client.query(`UPDATE sessions SET "activeOrganizationId" = $2 WHERE "sessionToken" = $1`, [sessionToken, organizationId]);
    },

    async createTeam(team) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO teams (id, "organizationId", name, "createdAt") VALUES ($1, $2, $3, $4) ON CONFLICT ("organizationId", name) DO NOTHING RETURNING *`,
        [team.id, team.organizationId, team.name, team.createdAt],
      );
      return row && teamFromRow(row);
    },

    async getTeam(id) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM teams WHERE id = $1`, [id]);
      return row && teamFromRow(row);
    },

    async updateTeam(id, update) {
      // A name another team of the organization has changes nothing.
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE teams t SET name = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM teams o WHERE o."organizationId" = t."organizationId" AND o.name = $2 AND o.id <> $1) RETURNING *`,
        [id, update.name],
      ).catch((error: { code?: string }) => {
        if (error.code === "23505") return null;
        throw error;
      });
      return row && teamFromRow(row);
    },

    async deleteTeam(id) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM teams WHERE id = $1 RETURNING *`, [id]);
      return row && teamFromRow(row);
    },

    async listTeams(organizationId) {
      return (await rows<StoredRow>(client, `SELECT * FROM teams WHERE "organizationId" = $1`, [organizationId])).map(teamFromRow);
    },

    async addTeamMember(member) {
      // One statement: only a member of the team's organization joins (the foreign key holds it there).
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO team_members ("teamId", "organizationId", "userId", "createdAt")
         SELECT t.id, t."organizationId", m."userId", $3 FROM teams t JOIN members m ON m."organizationId" = t."organizationId" AND m."userId" = $2
         WHERE t.id = $1
         ON CONFLICT ("teamId", "userId") DO NOTHING RETURNING *`,
        [member.teamId, member.userId, member.createdAt],
      );
      return row && teamMemberFromRow(row);
    },

    async removeTeamMember(teamId, userId) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM team_members WHERE "teamId" = $1 AND "userId" = $2 RETURNING *`, [teamId, userId]);
      return row && teamMemberFromRow(row);
    },

    async listTeamMembers(teamId) {
      const found = await rows<StoredRow>(client, `SELECT tm.*, u.email, u.name FROM team_members tm JOIN users u ON u.id = tm."userId" WHERE tm."teamId" = $1`, [teamId]);
      return found.map((row) => ({ ...teamMemberFromRow(row), email: (row.email as string | null) ?? null, name: (row.name as string | null) ?? null }));
    },

    async listUserTeams(userId) {
      return (await rows<StoredRow>(client, `SELECT t.* FROM team_members tm JOIN teams t ON t.id = tm."teamId" WHERE tm."userId" = $1`, [userId])).map(teamFromRow);
    },

    async appendAuditEvent(event) {
      await client.query(
        `INSERT INTO audit_events (id, at, action, outcome, "actorUserId", "subjectUserId", "organizationId", network, "userAgent", details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [event.id, event.at, event.action, event.outcome, event.actorUserId ?? null, event.subjectUserId ?? null, event.organizationId ?? null, event.network ?? null, event.userAgent ?? null, event.details ? JSON.stringify(event.details) : null],
      );
    },

    async listAuditEvents({ userId, organizationId, before, limit }) {
      const params: unknown[] = [];
      const where: string[] = [];
      if (userId !== undefined) where.push(`("actorUserId" = $${params.push(userId)} OR "subjectUserId" = $${params.length})`);
      if (organizationId !== undefined) where.push(`"organizationId" = $${params.push(organizationId)}`);
      if (before) where.push(`(at, id) < ($${params.push(before.at)}, $${params.push(before.id)})`);
      const found = await rows<StoredRow>(
        client,
        `SELECT * FROM audit_events ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY at DESC, id DESC LIMIT ${Number(limit)}`,
        params,
      );
      return found.map(auditEventFromRow);
    },

    async createScimUser(user) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO scim_users ("organizationId", "userId", "userName", "externalId", active, attributes, "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING *`,
        [user.organizationId, user.userId, user.userName, user.externalId, user.active, JSON.stringify(user.attributes), user.createdAt, user.updatedAt],
      );
      return row && scimUserFromRow(row);
    },

    async getScimUser(organizationId, userId) {
      const row = await firstRow<StoredRow>(client, `SELECT * FROM scim_users WHERE "organizationId" = $1 AND "userId" = $2`, [organizationId, userId]);
      return row && scimUserFromRow(row);
    },

    async listScimUsers(organizationId) {
      return (await rows<StoredRow>(client, `SELECT * FROM scim_users WHERE "organizationId" = $1 ORDER BY "createdAt", "userId"`, [organizationId])).map(scimUserFromRow);
    },

    async updateScimUser(organizationId, userId, update) {
      // A userName or externalId another record of the organization has changes nothing (the unique index refuses it).
      const row = await firstRow<StoredRow>(
        client,
        `UPDATE scim_users SET
           "userName" = COALESCE($3, "userName"),
           "externalId" = CASE WHEN $4::boolean THEN $5 ELSE "externalId" END,
           active = COALESCE($6, active),
           attributes = COALESCE($7::jsonb, attributes),
           "updatedAt" = COALESCE($8, "updatedAt")
         WHERE "organizationId" = $1 AND "userId" = $2 RETURNING *`,
        [organizationId, userId, update.userName ?? null, "externalId" in update, update.externalId ?? null, update.active ?? null, update.attributes ? JSON.stringify(update.attributes) : null, update.updatedAt ?? null],
      ).catch((error: { code?: string }) => {
        if (error.code === "23505") return null;
        throw error;
      });
      return row && scimUserFromRow(row);
    },

    async deleteScimUser(organizationId, userId) {
      const row = await firstRow<StoredRow>(client, `DELETE FROM scim_users WHERE "organizationId" = $1 AND "userId" = $2 RETURNING *`, [organizationId, userId]);
      return row && scimUserFromRow(row);
    },

    async addMember(member) {
      const row = await firstRow<StoredRow>(
        client,
        `INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING *`,
        [member.organizationId, member.userId, member.role, member.createdAt],
      );
      return row && memberFromRow(row);
    },

    async createScimGroup(group) {
      // One statement: the group with its members, or (a name or externalId taken) nothing.
      const row = await firstRow<StoredRow>(
        client,
        `WITH g AS (
           INSERT INTO scim_groups (id, "organizationId", "displayName", "externalId", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING *
         ), m AS (
           INSERT INTO scim_group_members ("groupId", "organizationId", "userId") SELECT g.id, g."organizationId", u FROM g, unnest($7::text[]) AS u RETURNING "userId"
         )
         SELECT g.*, ARRAY(SELECT "userId" FROM m ORDER BY "userId") AS members FROM g`,
        [group.id, group.organizationId, group.displayName, group.externalId, group.createdAt, group.updatedAt, group.members],
      );
      return row && scimGroupFromRow(row);
    },

    async getScimGroup(organizationId, id) {
      const row = await firstRow<StoredRow>(client, `${scimGroupSelect} WHERE g."organizationId" = $1 AND g.id = $2`, [organizationId, id]);
      return row && scimGroupFromRow(row);
    },

    async listScimGroups(organizationId) {
      return (await rows<StoredRow>(client, `${scimGroupSelect} WHERE g."organizationId" = $1 ORDER BY g."createdAt", g.id`, [organizationId])).map(scimGroupFromRow);
    },

    async updateScimGroup(organizationId, id, update) {
      // One statement: the group's fields and (when given) its whole list of members.
      const row = await firstRow<StoredRow>(
        client,
        `WITH g AS (
           UPDATE scim_groups SET
             "displayName" = COALESCE($3, "displayName"),
             "externalId" = CASE WHEN $4::boolean THEN $5 ELSE "externalId" END,
             "updatedAt" = COALESCE($6, "updatedAt")
           WHERE "organizationId" = $1 AND id = $2 RETURNING *
         ), gone AS (
           DELETE FROM scim_group_members m USING g WHERE $7::boolean AND m."groupId" = g.id AND NOT (m."userId" = ANY($8::text[]))
         ), added AS (
           INSERT INTO scim_group_members ("groupId", "organizationId", "userId")
           SELECT g.id, g."organizationId", u FROM g, unnest($8::text[]) AS u WHERE $7::boolean ON CONFLICT DO NOTHING
         )
         SELECT g.id FROM g`,
        [organizationId, id, update.displayName ?? null, "externalId" in update, update.externalId ?? null, update.updatedAt ?? null, update.members !== undefined, update.members ?? []],
      ).catch((error: { code?: string }) => {
        if (error.code === "23505") return null;
        throw error;
      });
      if (!row) return null;
      const group = await firstRow<StoredRow>(client, `${scimGroupSelect} WHERE g."organizationId" = $1 AND g.id = $2`, [organizationId, id]);
      return group && scimGroupFromRow(group);
    },

    async deleteScimGroup(organizationId, id) {
      const group = await firstRow<StoredRow>(client, `${scimGroupSelect} WHERE g."organizationId" = $1 AND g.id = $2`, [organizationId, id]);
      if (!group) return null;
      const row = await firstRow<StoredRow>(client, `DELETE FROM scim_groups WHERE "organizationId" = $1 AND id = $2 RETURNING id`, [organizationId, id]);
      return row && scimGroupFromRow(group);
    },
  } satisfies Required<Adapter> & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter & ScimAdapter;
  return adapter;
}
