import {
  activeOrganizationFromRow,
  auditEventFromRow,
  canonicalEmail,
  invitationFromRow,
  memberFromRow,
  organizationFromRow,
  organizationRoleFromRow,
  scopesText,
  standingFromRow,
  teamFromRow,
  teamMemberFromRow,
  wordsText,
  type Adapter,
  type AdapterApiKey,
  type AdapterUser,
  type AdapterUserStanding,
  type AdminAdapter,
  type ApiKeyAdapter,
  type AuditAdapter,
  type OrganizationAdapter,
  type SessionDetails,
  type StoredRow,
  type TeamAdapter,
} from "@latch/core/adapters";
import { Brackets, Equal, In, IsNull, LessThan, Not, type FindOptionsWhere, type DataSource, type DataSourceOptions, type EntityManager, type InsertQueryBuilder, type ObjectLiteral } from "typeorm";
import type { QueryDeepPartialEntity } from "typeorm/query-builder/QueryPartialEntity.js";
import { toAccount, toApiKey, toAuthenticator, toPassword, toSecondFactor, toSession, toSigningKey, toUser, toVerificationToken } from "./convert.js";
import { connector, resolveEntities } from "./data-source.js";
import type { LatchEntities } from "./entities.js";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Options of {@link TypeORMAdapter}. */
export interface TypeORMAdapterOptions {
  /** Entity classes to use instead of the defaults, typically subclasses with extra columns. */
  entities?: Partial<LatchEntities>;
}

/** The user fields `updateUser` writes: every defined field except the id and relations. */
function userChanges(user: Partial<AdapterUser> & { id: string }): Record<string, unknown> {
  const { id: _id, ...fields } = user as Record<string, unknown>;
  delete fields.accounts;
  delete fields.sessions;
  if (typeof fields.email === "string") fields.email = canonicalEmail(fields.email);
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * The Latch adapter for TypeORM. Pass an initialised (or not yet initialised) `DataSource`
 * that lists the adapter's entities, `DataSourceOptions` from which the adapter builds one
 * with its entities added, or a connection string (`postgres://…`, `mysql://…`, `mariadb://…`,
 * `mssql://…`, `sqlite:<path>`, see `optionsFromConnectionString`). Works with every SQL
 * driver TypeORM supports. The schema comes from `migrate()` (or `npx latch migrate apply`).
 *
 * @example
 * ```ts
 * import "reflect-metadata"
 * import { TypeORMAdapter } from "@latch/typeorm"
 *
 * const adapter = TypeORMAdapter({
 *   type: "postgres",
 *   url: process.env.DATABASE_URL,
 *   synchronize: process.env.NODE_ENV !== "production",
 * })
 * const config = { adapter, providers: [...] }
 * ```
 */
export function TypeORMAdapter(source: string | DataSource | DataSourceOptions, options: TypeORMAdapterOptions = {}): Adapter & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter {
  const entities = resolveEntities(options.entities);
  const connect = connector(source, entities);
  const { UserEntity, AccountEntity, SessionEntity, VerificationTokenEntity, AuthenticatorEntity, PasswordEntity, SecondFactorEntity, SigningKeyEntity, ApiKeyEntity } = entities;
  const { OrganizationEntity, MemberEntity, InvitationEntity, OrganizationRoleEntity, UserStandingEntity, AuditEventEntity, TeamEntity, TeamMemberEntity } = entities;

  async function manager(): Promise<EntityManager> {
    return (await connect()).manager;
  }

  /** The session details the session entity has columns for (a custom entity may have none). */
  function sessionDetails(m: EntityManager, details: SessionDetails): SessionDetails {
    const metadata = m.connection.getMetadata(SessionEntity);
    return Object.fromEntries(
      Object.entries(details).filter(([name, value]) => value !== undefined && metadata.findColumnWithPropertyName(name)),
    );
  }

  /** Whether the data source stores organizations: their entities listed, and the session's column for the active one. */
  function storesOrganizations(m: EntityManager): boolean {
    const has = (entity: Function) => m.connection.hasMetadata(entity);
    return has(MemberEntity) && has(OrganizationEntity) && has(OrganizationRoleEntity) && !!m.connection.getMetadata(SessionEntity).findColumnWithPropertyName("activeOrganizationId");
  }

  /**
   * Runs `change` on member `userId` (its row, or `null` when there is none or nothing changed)
   * unless it takes the role from the organization's only owner (`takesOwner`): on PostgreSQL and
   * MySQL in one transaction whose first read locks the owners' rows in one order, on SQLite in
   * one statement whose condition counts them. Of two owners leaving or demoting each other at
   * once, the second waits and then counts one owner.
   */
  async function keepingAnOwner(
    organizationId: string,
    userId: string,
    takesOwner: boolean,
    change: (m: EntityManager, guard: string, parameters: ObjectLiteral) => Promise<{ affected?: number | null }>,
  ): Promise<InstanceType<typeof MemberEntity> | null> {
    const source = await connect();
    if (["sqlite", "better-sqlite3"].includes(source.options.type)) {
      const m = source.manager;
      const row = await m.findOneBy(MemberEntity, { organizationId, userId });
      if (!row) return null;
      const table = m.connection.getMetadata(MemberEntity).tableName;
      const guard = takesOwner ? `(role <> 'owner' OR (SELECT count(*) FROM "${table}" o WHERE o."organizationId" = :owned AND o.role = 'owner') > 1)` : "1 = 1";
      const { affected } = await change(m, guard, { owned: organizationId });
      return affected ? row : null;
    }
    return source.transaction(async (m) => {
      const owners = await m.createQueryBuilder(MemberEntity, "o").select("o.userId", "userId").where({ organizationId, role: "owner" }).orderBy("o.userId").setLock("pessimistic_write").getRawMany<{ userId: string }>();
      const row = await m.createQueryBuilder(MemberEntity, "t").where({ organizationId, userId }).setLock("pessimistic_write").getOne();
      if (!row || (takesOwner && row.role === "owner" && !owners.some((owner) => owner.userId !== userId))) return null;
      const { affected } = await change(m, "1 = 1", {});
      return affected ? row : null;
    });
  }

  return {
    async createUser(user) {
      const m = await manager();
      await m.insert(UserEntity, { ...user, email: user.email ? canonicalEmail(user.email) : user.email, emailVerified: user.emailVerified ?? null });
      return toUser((await m.findOneByOrFail(UserEntity, { id: user.id })) as InstanceType<typeof UserEntity>);
    },

    async getUser(id) {
      const user = await (await manager()).findOneBy(UserEntity, { id });
      return user && toUser(user);
    },

    async getUserByEmail(email) {
      // "" is how a user without an email is stored: it names nobody.
      if (!email) return null;
      // Addresses are stored in the stored spelling (PROTOCOL §6, migration 9), so is the one looked up.
      const user = await (await manager()).findOneBy(UserEntity, { email: canonicalEmail(email) });
      return user && toUser(user);
    },

    async getUserByAccount({ provider, providerAccountId }) {
      // `find`, not `findOne`: with a relation, findOne's LIMIT makes TypeORM query twice.
      const [account] = await (await manager()).find(AccountEntity, {
        where: { provider, providerAccountId },
        relations: { user: true },
      });
      return account?.user ? toUser(account.user) : null;
    },

    async updateUser(user) {
      const m = await manager();
      const changes = userChanges(user);
      if (Object.keys(changes).length > 0) await m.update(UserEntity, { id: user.id }, changes);
      const updated = await m.findOneBy(UserEntity, { id: user.id });
      if (!updated) throw new Error("updateUser: no user with this id");
      return toUser(updated);
    },

    async deleteUser(userId) {
      // Explicit deletes in one transaction, so that it works where foreign keys do not cascade.
      return (await connect()).transaction(async (m) => {
        const user = await m.findOneBy(UserEntity, { id: userId });
        if (!user) return null;
        await m.delete(SessionEntity, { userId });
        await m.delete(AccountEntity, { userId });
        await m.delete(AuthenticatorEntity, { userId });
        // A data source built before passwords existed may not list the entity: nothing to delete then.
        if (m.connection.hasMetadata(PasswordEntity)) await m.delete(PasswordEntity, { userId });
        if (m.connection.hasMetadata(SecondFactorEntity)) await m.delete(SecondFactorEntity, { userId });
        if (m.connection.hasMetadata(UserStandingEntity)) await m.delete(UserStandingEntity, { userId });
        if (m.connection.hasMetadata(MemberEntity)) await m.delete(MemberEntity, { userId });
        await m.delete(UserEntity, { id: userId });
        return toUser(user);
      });
    },

    async linkAccount(account) {
      const m = await manager();
      const { id } = (await m.insert(AccountEntity, { ...account } as object as QueryDeepPartialEntity<InstanceType<typeof AccountEntity>>)).identifiers[0] as { id: string };
      return toAccount(await m.findOneByOrFail(AccountEntity, { id }));
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const m = await manager();
      const account = await m.findOneBy(AccountEntity, { provider, providerAccountId });
      if (!account) return undefined;
      await m.delete(AccountEntity, { id: account.id });
      return toAccount(account);
    },

    async getAccount(providerAccountId, provider) {
      const account = await (await manager()).findOneBy(AccountEntity, { provider, providerAccountId });
      return account && toAccount(account);
    },

    // How the session was earned (auth_time, mfa_time, amr) has columns since migration 10, the
    // administrator who started it as its user (impersonatedBy) since migration 15.
    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"],

    async createSession({ sessionToken, userId, expires, ...details }) {
      const m = await manager();
      // A session an administrator starts as the user is never stored unmarked: a custom session entity without the column refuses it.
      if (details.impersonatedBy && !m.connection.getMetadata(SessionEntity).findColumnWithPropertyName("impersonatedBy")) {
        throw new Error("TypeORMAdapter: the session entity has no impersonatedBy column (migration 15); an impersonated session cannot be stored.");
      }
      const row = { sessionToken, userId, expires, ...sessionDetails(m, { createdAt: new Date(), ...details }) };
      const { id } = (await m.insert(SessionEntity, row as object as QueryDeepPartialEntity<InstanceType<typeof SessionEntity>>)).identifiers[0] as { id: string };
      return toSession({ ...row, id } as InstanceType<typeof SessionEntity>);
    },

    async getSessionAndUser(sessionToken) {
      const m = await manager();
      if (!storesOrganizations(m)) {
        // One query, the session joined with its user (`find`: see getUserByAccount).
        // The user's accounts come along (users have a few), for a refused refresh to show.
        const [session] = await m.find(SessionEntity, { where: { sessionToken }, relations: { user: { accounts: true } } });
        if (!session?.user) return null;
        const result = { session: toSession(session), user: toUser(session.user) };
        if (session.user.accounts?.some((account) => account.refreshError)) result.session.refreshError = true;
        return result;
      }
      // Still one query: the session's active organization is joined through the membership as it
      // is now (a removed member, or one whose role changed, reads so at the next request), with a
      // made role's permissions.
      const { entities: [session], raw } = await m
        .createQueryBuilder(SessionEntity, "s")
        .innerJoinAndSelect("s.user", "u")
        .leftJoinAndSelect("u.accounts", "a")
        .leftJoin(MemberEntity, "m", "m.organizationId = s.activeOrganizationId AND m.userId = s.userId")
        .leftJoin(OrganizationEntity, "o", "o.id = m.organizationId")
        .leftJoin(OrganizationRoleEntity, "r", "r.organizationId = m.organizationId AND r.name = m.role")
        .addSelect(["o.id", "o.slug", "m.role", "r.permissions"])
        .where("s.sessionToken = :sessionToken", { sessionToken })
        .getRawAndEntities();
      if (!session?.user) return null;
      const first = raw[0] as StoredRow;
      const result = { session: toSession(session), user: toUser(session.user) };
      if (session.user.accounts?.some((account) => account.refreshError)) result.session.refreshError = true;
      const activeOrganization = activeOrganizationFromRow({ organizationId: first.o_id, organizationSlug: first.o_slug, organizationRole: first.m_role, organizationPermissions: first.r_permissions });
      if (activeOrganization) result.session.activeOrganization = activeOrganization;
      return result;
    },

    async updateSession({ sessionToken, expires, userId, lastSeenAt }) {
      const m = await manager();
      const changes = Object.fromEntries(
        Object.entries({ expires, userId, ...sessionDetails(m, { lastSeenAt }) }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(changes).length > 0) await m.update(SessionEntity, { sessionToken }, changes);
      const session = await m.findOneBy(SessionEntity, { sessionToken });
      return session && toSession(session);
    },

    async deleteSession(sessionToken) {
      const m = await manager();
      const session = await m.findOneBy(SessionEntity, { sessionToken });
      if (!session) return null;
      await m.delete(SessionEntity, { sessionToken });
      return toSession(session);
    },

    async createVerificationToken({ identifier, token, expires }) {
      await (await manager()).insert(VerificationTokenEntity, { identifier, token, expires });
      return { identifier, token, expires };
    },

    async useVerificationToken({ identifier, token }) {
      return (await connect()).transaction(async (m) => {
        const found = await m.findOneBy(VerificationTokenEntity, { identifier, token });
        if (!found) return null;
        const { affected } = await m.delete(VerificationTokenEntity, { id: found.id });
        // Of two concurrent uses, only the one that deleted the row gets the token.
        if (affected === 0) return null;
        return toVerificationToken(found);
      });
    },

    async createAuthenticator(authenticator) {
      const m = await manager();
      await m.insert(AuthenticatorEntity, { ...authenticator, transports: authenticator.transports ?? null });
      return toAuthenticator(await m.findOneByOrFail(AuthenticatorEntity, { credentialID: authenticator.credentialID }));
    },

    async getAuthenticator(credentialID) {
      const found = await (await manager()).findOneBy(AuthenticatorEntity, { credentialID });
      return found && toAuthenticator(found);
    },

    async listAuthenticatorsByUserId(userId) {
      const found = await (await manager()).find(AuthenticatorEntity, { where: { userId }, order: { credentialID: "ASC" } });
      return found.map(toAuthenticator);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const m = await manager();
      await m.update(AuthenticatorEntity, { credentialID }, { counter: newCounter });
      const found = await m.findOneBy(AuthenticatorEntity, { credentialID });
      if (!found) throw new Error("updateAuthenticatorCounter: no authenticator with this credential id");
      return toAuthenticator(found);
    },

    async deleteAuthenticator(credentialID) {
      // One transaction: the authenticator and its webauthn account go together or not at all.
      return (await connect()).transaction(async (m) => {
        const found = await m.findOneBy(AuthenticatorEntity, { credentialID });
        if (!found) return null;
        await m.delete(AuthenticatorEntity, { credentialID });
        await m.delete(AccountEntity, { type: "webauthn", providerAccountId: found.providerAccountId, userId: found.userId });
        return toAuthenticator(found);
      });
    },

    async deleteSessions(userId) {
      // Counted in the transaction: not every driver reports how many rows a DELETE removed.
      return (await connect()).transaction(async (m) => {
        const count = await m.countBy(SessionEntity, { userId });
        if (count > 0) await m.delete(SessionEntity, { userId });
        return count;
      });
    },

    async listSessions(userId) {
      const sessions = await (await manager()).find(SessionEntity, { where: { userId }, order: { id: "ASC" } });
      return sessions.map(toSession);
    },

    async deleteSessionById(userId, sessionId) {
      // Session ids are uuids; anything else names no session (and must not reach a uuid column).
      if (!uuidPattern.test(sessionId)) return null;
      return (await connect()).transaction(async (m) => {
        const session = await m.findOneBy(SessionEntity, { id: sessionId, userId });
        if (!session) return null;
        await m.delete(SessionEntity, { id: sessionId, userId });
        return toSession(session);
      });
    },
    async getAccountByUserId(userId, provider) {
      const [account] = await (await manager()).find(AccountEntity, { where: { userId, provider }, order: { id: "ASC" }, take: 1 });
      return account ? toAccount(account) : null;
    },

    async listAccountsByUserId(userId) {
      const found = await (await manager()).find(AccountEntity, { where: { userId }, order: { id: "ASC" } });
      return found.map(toAccount);
    },

    async leaseAccount({ provider, providerAccountId }, holder, until) {
      // One conditional UPDATE: of instances racing for the lease, exactly one changes the row.
      const result = await (await manager())
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ refreshLeaseHolder: holder, refreshLeaseUntil: until } as never)
        .where({ provider, providerAccountId })
        .andWhere(
          new Brackets((free) =>
            free.where({ refreshLeaseUntil: IsNull() }).orWhere({ refreshLeaseUntil: LessThan(new Date()) }).orWhere({ refreshLeaseHolder: holder }),
          ),
        )
        .execute();
      return (result.affected ?? 0) > 0;
    },

    async releaseAccount({ provider, providerAccountId }, holder, tokens, refused) {
      const m = await manager();
      const changes = Object.fromEntries(Object.entries(tokens ?? {}).filter(([, value]) => value !== undefined && value !== null));
      // New tokens clear a recorded refusal; a refusal is recorded only when none are written.
      const refusal = tokens ? { refreshError: null } : refused ? { refreshError: refused.slice(0, 64) } : {};
      const result = await m
        .createQueryBuilder()
        .update(AccountEntity)
        .set({ ...changes, ...refusal, refreshLeaseHolder: null, refreshLeaseUntil: null } as never)
        .where({ provider, providerAccountId, refreshLeaseHolder: holder })
        .execute();
      if (!result.affected) return null;
      const account = await m.findOneBy(AccountEntity, { provider, providerAccountId });
      return account ? toAccount(account) : null;
    },

    async getPassword(userId) {
      const password = await (await manager()).findOneBy(PasswordEntity, { userId });
      return password && toPassword(password);
    },

    async setPassword({ userId, hash, updatedAt }) {
      // The user is checked in the same transaction (a driver without foreign keys would accept
      // an orphan); the upsert leaves one row per user whichever write comes last.
      return (await connect()).transaction(async (m) => {
        if (!(await m.existsBy(UserEntity, { id: userId }))) throw new Error("setPassword: no user with this id");
        await m.upsert(PasswordEntity, { userId, hash, updatedAt }, ["userId"]);
        return toPassword((await m.findOneByOrFail(PasswordEntity, { userId })) as InstanceType<typeof PasswordEntity>);
      });
    },

    async replacePasswordHash(userId, currentHash, nextHash) {
      // One conditional UPDATE: of racing upgrades from the same hash, exactly one changes the row.
      const result = await (await manager()).update(PasswordEntity, { userId, hash: currentHash }, { hash: nextHash });
      return (result.affected ?? 0) > 0;
    },

    async deletePassword(userId) {
      return (await connect()).transaction(async (m) => {
        const password = await m.findOneBy(PasswordEntity, { userId });
        if (!password) return null;
        await m.delete(PasswordEntity, { userId });
        return toPassword(password);
      });
    },

    async listSecondFactors(userId) {
      const rows = await (await manager()).find(SecondFactorEntity, { where: { userId }, order: { createdAt: "ASC", id: "ASC" } });
      return rows.map(toSecondFactor);
    },

    async replaceSecondFactors(userId, kind, list) {
      // One transaction: the old rows go only when the new ones are stored.
      await (await connect()).transaction(async (m) => {
        if (!(await m.existsBy(UserEntity, { id: userId }))) throw new Error("replaceSecondFactors: no user with this id");
        await m.delete(SecondFactorEntity, { userId, kind });
        if (list.length) await m.insert(SecondFactorEntity, list.map((row) => ({ ...row, userId, kind })));
      });
    },

    async confirmSecondFactor(id, step, at) {
      const m = await manager();
      // One conditional UPDATE: only an unconfirmed row is confirmed, once.
      const result = await m.update(SecondFactorEntity, { id, confirmedAt: IsNull() }, { confirmedAt: at, lastUsedStep: step });
      if (!result.affected) return null;
      const row = await m.findOneBy(SecondFactorEntity, { id });
      return row && toSecondFactor(row);
    },

    async useTotpStep(id, step) {
      // Each UPDATE is conditional on the stored step; of racing uses of one step, one writes.
      const m = await manager();
      const fromNone = await m.update(SecondFactorEntity, { id, lastUsedStep: IsNull() }, { lastUsedStep: step });
      if (fromNone.affected) return true;
      const fromEarlier = await m.update(SecondFactorEntity, { id, lastUsedStep: LessThan(step) }, { lastUsedStep: step });
      return (fromEarlier.affected ?? 0) > 0;
    },

    async countSecondFactorAttempt(id) {
      // Compare-and-set instead of a transaction (one SQLite connection cannot nest them): the
      // UPDATE writes only while the count is still the one read, so each caller gets its own.
      const m = await manager();
      for (let tries = 0; tries < 100; tries++) {
        const row = await m.findOneBy(SecondFactorEntity, { id });
        if (!row) return null;
        const next = Number(row.attempts) + 1;
        const result = await m.update(SecondFactorEntity, { id, attempts: row.attempts }, { attempts: next });
        if (result.affected === undefined) throw new Error("countSecondFactorAttempt: the driver does not report affected rows");
        if (result.affected) return next;
      }
      throw new Error("countSecondFactorAttempt: the count kept changing");
    },

    async deleteSecondFactor(id) {
      const m = await manager();
      const row = await m.findOneBy(SecondFactorEntity, { id });
      if (!row) return null;
      // Of racing deletes, only the one whose DELETE removed the row returns it.
      const result = await m.delete(SecondFactorEntity, { id });
      return result.affected ? toSecondFactor(row) : null;
    },

    async listSigningKeys() {
      const rows = await (await manager()).find(SigningKeyEntity, { order: { generation: "ASC" } });
      return rows.map(toSigningKey);
    },

    async createSigningKey(key) {
      const m = await manager();
      // First writer wins: the id and the generation are unique, and the insert does nothing when
      // either is taken (ON CONFLICT DO NOTHING, or INSERT IGNORE on MySQL); the count of rows
      // it wrote says which writer this was.
      const [sql, parameters] = m.createQueryBuilder().insert().into(SigningKeyEntity).values(key).orIgnore().getQueryAndParameters();
      const runner = m.queryRunner ?? m.connection.createQueryRunner();
      try {
        const { affected } = await runner.query(sql, parameters, true);
        if (affected === undefined) throw new Error("createSigningKey: the driver does not report affected rows");
        return affected === 1;
      } finally {
        if (runner !== m.queryRunner) await runner.release();
      }
    },

    async createApiKey(key) {
      const m = await manager();
      await m.insert(ApiKeyEntity, { ...apiKeyColumns(key), userId: key.ownerType === "user" ? key.ownerId : null });
      return toApiKey(await m.findOneByOrFail(ApiKeyEntity, { id: key.id }));
    },

    async getApiKey(id) {
      const row = await (await manager()).findOneBy(ApiKeyEntity, { id });
      return row && toApiKey(row);
    },

    async listApiKeys(ownerType, ownerId) {
      return (await (await manager()).findBy(ApiKeyEntity, { ownerType, ownerId })).map(toApiKey);
    },

    async updateApiKey(id, update) {
      const m = await manager();
      if (update.scopes) scopesText(update.scopes);
      const changes = Object.fromEntries(Object.entries(update).filter(([name, value]) => value !== undefined && updatable.has(name)));
      if (Object.keys(changes).length > 0) await m.update(ApiKeyEntity, { id }, changes as QueryDeepPartialEntity<InstanceType<typeof ApiKeyEntity>>);
      const row = await m.findOneBy(ApiKeyEntity, { id });
      return row && toApiKey(row);
    },

    async deleteApiKey(id) {
      const m = await manager();
      const row = await m.findOneBy(ApiKeyEntity, { id });
      if (!row) return null;
      // Of racing deletes, only the one whose DELETE removed the row returns it.
      const result = await m.delete(ApiKeyEntity, { id });
      return result.affected ? toApiKey(row) : null;
    },

    async listUsers({ search, offset, limit }) {
      const query = (await manager())
        .createQueryBuilder(UserEntity, "u")
        .leftJoinAndMapOne("u.standing", UserStandingEntity, "s", "s.userId = u.id")
        .orderBy("u.email")
        .addOrderBy("u.id")
        .offset(Number(offset))
        .limit(Number(limit));
      // The address and the name contain the text, as typed and in any case: LIKE's own characters are escaped.
      if (search) query.where(new Brackets((either) => either.where("LOWER(u.email) LIKE :pattern ESCAPE '!'").orWhere("LOWER(u.name) LIKE :pattern ESCAPE '!'")), { pattern: `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%` });
      const [found, total] = await query.getManyAndCount();
      return { users: found.map((user) => ({ user: toUser(user), standing: standingFromRow(((user as unknown as { standing?: object }).standing ?? {}) as StoredRow) })), total };
    },

    async getUserStanding(userId) {
      const user = await (await manager())
        .createQueryBuilder(UserEntity, "u")
        .leftJoinAndMapOne("u.standing", UserStandingEntity, "s", "s.userId = u.id")
        .where("u.id = :userId", { userId })
        .getOne();
      return user ? standingFromRow(((user as unknown as { standing?: object }).standing ?? {}) as StoredRow) : null;
    },

    async updateUserStanding(userId, update) {
      // One transaction: a user without a standing row gets one (the fields not given at their
      // defaults), a user with one has the given fields changed, and no user gets nothing.
      return (await connect()).transaction(async (m) => {
        if (!(await m.existsBy(UserEntity, { id: userId }))) return null;
        const now = standingFromRow(((await m.findOneBy(UserStandingEntity, { userId })) ?? {}) as StoredRow);
        const given = Object.fromEntries(Object.entries(update).filter(([field, value]) => value !== undefined && field in now)) as Partial<AdapterUserStanding>;
        const next = { ...now, ...given };
        await m.upsert(UserStandingEntity, { userId, siteRole: next.role, banned: next.banned, banReason: next.banReason, banExpires: next.banExpires }, ["userId"]);
        return standingFromRow((await m.findOneByOrFail(UserStandingEntity, { userId })) as unknown as StoredRow);
      });
    },

    async createOrganization(organization, owner) {
      // One transaction: the organization and its owner, or neither; a taken slug (or id) makes
      // the insert do nothing (ON CONFLICT DO NOTHING, INSERT IGNORE on MySQL), and nothing is written.
      return (await connect()).transaction(async (m) => {
        const { id, name, slug, metadata, createdAt } = organization;
        if (!(await inserted(m, m.createQueryBuilder().insert().into(OrganizationEntity).values({ id, name, slug, metadata: metadata as never, createdAt }).orIgnore()))) return null;
        await m.insert(MemberEntity, { organizationId: id, userId: owner.userId, role: owner.role, createdAt: owner.createdAt });
        return organizationFromRow((await m.findOneByOrFail(OrganizationEntity, { id })) as unknown as StoredRow);
      });
    },

    async getOrganization(id) {
      const row = await (await manager()).findOneBy(OrganizationEntity, { id });
      return row ? organizationFromRow(row as unknown as StoredRow) : null;
    },

    async getOrganizationBySlug(slug) {
      const row = await (await manager()).findOneBy(OrganizationEntity, { slug });
      return row ? organizationFromRow(row as unknown as StoredRow) : null;
    },

    async updateOrganization(id, update) {
      const m = await manager();
      const changes = Object.fromEntries((["name", "slug", "metadata"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (Object.keys(changes).length > 0) await m.update(OrganizationEntity, { id }, changes as QueryDeepPartialEntity<InstanceType<typeof OrganizationEntity>>);
      const row = await m.findOneBy(OrganizationEntity, { id });
      return row ? organizationFromRow(row as unknown as StoredRow) : null;
    },

    async deleteOrganization(id) {
      // One transaction, its rows explicitly, so that they go where foreign keys do not cascade.
      return (await connect()).transaction(async (m) => {
        const row = await m.findOneBy(OrganizationEntity, { id });
        if (!row) return null;
        await m.delete(MemberEntity, { organizationId: id });
        await m.delete(InvitationEntity, { organizationId: id });
        await m.delete(OrganizationRoleEntity, { organizationId: id });
        const { affected } = await m.delete(OrganizationEntity, { id });
        return affected ? organizationFromRow(row as unknown as StoredRow) : null;
      });
    },

    async listOrganizations(userId) {
      const found = await (await manager()).find(MemberEntity, { where: { userId }, relations: { organization: true } });
      return found.filter((member) => member.organization).map((member) => ({ ...organizationFromRow(member.organization as unknown as StoredRow), role: member.role }));
    },

    async getMember(organizationId, userId) {
      const row = await (await manager()).findOneBy(MemberEntity, { organizationId, userId });
      return row ? memberFromRow(row as unknown as StoredRow) : null;
    },

    async listMembers(organizationId) {
      const found = await (await manager()).find(MemberEntity, { where: { organizationId }, relations: { user: true } });
      return found.map((member) => ({ ...memberFromRow(member as unknown as StoredRow), email: member.user?.email ?? null, name: member.user?.name ?? null }));
    },

    async updateMemberRole(organizationId, userId, role) {
      const row = await keepingAnOwner(organizationId, userId, role !== "owner", (on, guard, parameters) =>
        on.createQueryBuilder().update(MemberEntity).set({ role }).where({ organizationId, userId }).andWhere(guard, parameters).execute());
      return row ? memberFromRow({ ...row, role } as unknown as StoredRow) : null;
    },

    async deleteMember(organizationId, userId) {
      const row = await keepingAnOwner(organizationId, userId, true, (on, guard, parameters) =>
        on.createQueryBuilder().delete().from(MemberEntity).where({ organizationId, userId }).andWhere(guard, parameters).execute());
      return row ? memberFromRow(row as unknown as StoredRow) : null;
    },

    async transferOwnership(organizationId, from, to, formerRole) {
      // One transaction: both rows change, or (when either is not a member) neither.
      return (await connect()).transaction(async (m) => {
        if ((await m.countBy(MemberEntity, { organizationId, userId: In([from, to]) })) !== 2) return false;
        await m.update(MemberEntity, { organizationId, userId: to }, { role: "owner" });
        await m.update(MemberEntity, { organizationId, userId: from }, { role: formerRole });
        return true;
      });
    },

    async createInvitation(invitation) {
      const m = await manager();
      const { id, organizationId, email, role, inviterId, hash, status, expires, createdAt } = invitation;
      await m.insert(InvitationEntity, { id, organizationId, email: canonicalEmail(email), role, inviterId, hash, status, expires, createdAt });
      return invitationFromRow((await m.findOneByOrFail(InvitationEntity, { id })) as unknown as StoredRow);
    },

    async getInvitation(id) {
      const row = await (await manager()).findOneBy(InvitationEntity, { id });
      return row ? invitationFromRow(row as unknown as StoredRow) : null;
    },

    async listInvitations(organizationId) {
      return (await (await manager()).findBy(InvitationEntity, { organizationId })).map((row) => invitationFromRow(row as unknown as StoredRow));
    },

    async updateInvitation(id, update) {
      const m = await manager();
      const changes = Object.fromEntries((["hash", "status", "expires"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (Object.keys(changes).length === 0) return this.getInvitation(id);
      // Only a pending invitation changes.
      const { affected } = await m.update(InvitationEntity, { id, status: "pending" }, changes);
      if (!affected) return null;
      const row = await m.findOneBy(InvitationEntity, { id });
      return row ? invitationFromRow(row as unknown as StoredRow) : null;
    },

    async acceptInvitation(id, member) {
      // One transaction: the invitation is spent only while pending, and the member stored with it
      // (a user who is already a member keeps their membership).
      return (await connect()).transaction(async (m) => {
        const { affected } = await m.update(InvitationEntity, { id, status: "pending" }, { status: "accepted" });
        if (!affected) return null;
        const { organizationId } = await m.findOneByOrFail(InvitationEntity, { id });
        await inserted(m, m.createQueryBuilder().insert().into(MemberEntity).values({ organizationId, userId: member.userId, role: member.role, createdAt: member.createdAt }).orIgnore());
        return memberFromRow((await m.findOneByOrFail(MemberEntity, { organizationId, userId: member.userId })) as unknown as StoredRow);
      });
    },

    async createOrganizationRole(role) {
      const m = await manager();
      const { organizationId, name, permissions, createdAt } = role;
      wordsText(permissions);
      // A name taken in the organization makes the insert do nothing.
      if (!(await inserted(m, m.createQueryBuilder().insert().into(OrganizationRoleEntity).values({ organizationId, name, permissions, createdAt }).orIgnore()))) return null;
      return organizationRoleFromRow((await m.findOneByOrFail(OrganizationRoleEntity, { organizationId, name })) as unknown as StoredRow);
    },

    async listOrganizationRoles(organizationId) {
      return (await (await manager()).findBy(OrganizationRoleEntity, { organizationId })).map((row) => organizationRoleFromRow(row as unknown as StoredRow));
    },

    async deleteOrganizationRole(organizationId, name) {
      // One transaction: a role a member holds stays.
      return (await connect()).transaction(async (m) => {
        if (await m.existsBy(MemberEntity, { organizationId, role: name })) return null;
        const row = await m.findOneBy(OrganizationRoleEntity, { organizationId, name });
        if (!row) return null;
        const { affected } = await m.delete(OrganizationRoleEntity, { organizationId, name });
        return affected ? organizationRoleFromRow(row as unknown as StoredRow) : null;
      });
    },

    async setActiveOrganization(sessionToken, organizationId) {
      await (await manager()).update(SessionEntity, { sessionToken }, { activeOrganizationId: organizationId } as QueryDeepPartialEntity<InstanceType<typeof SessionEntity>>);
    },

    async createTeam(team) {
      const m = await manager();
      const { id, organizationId, name, createdAt } = team;
      // A name the organization has (or a taken id) makes the insert do nothing.
      if (!(await inserted(m, m.createQueryBuilder().insert().into(TeamEntity).values({ id, organizationId, name, createdAt }).orIgnore()))) return null;
      return teamFromRow((await m.findOneByOrFail(TeamEntity, { id })) as unknown as StoredRow);
    },

    async getTeam(id) {
      const row = await (await manager()).findOneBy(TeamEntity, { id });
      return row ? teamFromRow(row as unknown as StoredRow) : null;
    },

    async updateTeam(id, update) {
      const m = await manager();
      const row = await m.findOneBy(TeamEntity, { id });
      if (!row) return null;
      // A name another team of the organization has changes nothing; the unique key refuses it
      // when another writer takes the name at the same time.
      if (await m.existsBy(TeamEntity, { organizationId: row.organizationId, name: update.name, id: Not(id) })) return null;
      try {
        if (!(await m.update(TeamEntity, { id }, { name: update.name })).affected) return null;
      } catch (error) {
        if (refusedByKey(error)) return null;
        throw error;
      }
      return teamFromRow({ ...row, name: update.name } as unknown as StoredRow);
    },

    async deleteTeam(id) {
      // One transaction: the team read and deleted (its memberships go by the foreign key).
      return (await connect()).transaction(async (m) => {
        const row = await m.findOneBy(TeamEntity, { id });
        if (!row) return null;
        const { affected } = await m.delete(TeamEntity, { id });
        return affected ? teamFromRow(row as unknown as StoredRow) : null;
      });
    },

    async listTeams(organizationId) {
      return (await (await manager()).findBy(TeamEntity, { organizationId })).map((row) => teamFromRow(row as unknown as StoredRow));
    },

    async addTeamMember(member) {
      const m = await manager();
      const { teamId, userId, createdAt } = member;
      const team = await m.findOneBy(TeamEntity, { id: teamId });
      if (!team) return null;
      // One write: the foreign key to the organization membership refuses a user who is no member
      // (INSERT IGNORE on MySQL makes that a warning), and one already in the team makes it do nothing.
      try {
        if (!(await inserted(m, m.createQueryBuilder().insert().into(TeamMemberEntity).values({ teamId, organizationId: team.organizationId, userId, createdAt }).orIgnore()))) return null;
      } catch (error) {
        if (refusedByKey(error)) return null;
        throw error;
      }
      return teamMemberFromRow((await m.findOneByOrFail(TeamMemberEntity, { teamId, userId })) as unknown as StoredRow);
    },

    async removeTeamMember(teamId, userId) {
      return (await connect()).transaction(async (m) => {
        const row = await m.findOneBy(TeamMemberEntity, { teamId, userId });
        if (!row) return null;
        const { affected } = await m.delete(TeamMemberEntity, { teamId, userId });
        return affected ? teamMemberFromRow(row as unknown as StoredRow) : null;
      });
    },

    async listTeamMembers(teamId) {
      const m = await manager();
      const found = await m.createQueryBuilder(TeamMemberEntity, "tm").innerJoin(UserEntity, "u", "u.id = tm.userId").addSelect(["u.email", "u.name"]).where({ teamId }).getRawAndEntities();
      return found.entities.map((row, index) => {
        const raw = found.raw[index] as Record<string, unknown>;
        return { ...teamMemberFromRow(row as unknown as StoredRow), email: (raw.u_email as string | null) ?? null, name: (raw.u_name as string | null) ?? null };
      });
    },

    async listUserTeams(userId) {
      const m = await manager();
      const found = await m.createQueryBuilder(TeamEntity, "t").innerJoin(TeamMemberEntity, "tm", "tm.teamId = t.id").where("tm.userId = :userId", { userId }).getMany();
      return found.map((row) => teamFromRow(row as unknown as StoredRow));
    },

    async appendAuditEvent(event) {
      const { id, at, action, outcome, actorUserId, subjectUserId, organizationId, network, userAgent, details } = event;
      await (await manager()).insert(AuditEventEntity, {
        id, at, action, outcome,
        actorUserId: actorUserId ?? null, subjectUserId: subjectUserId ?? null, organizationId: organizationId ?? null,
        network: network ?? null, userAgent: userAgent ?? null, details: (details ?? null) as never,
      });
    },

    async listAuditEvents({ userId, organizationId, before, limit }) {
      // Newest first; the cursor (at, id) as two conditions, each filter's every combination.
      const people: FindOptionsWhere<InstanceType<typeof AuditEventEntity>>[] = userId === undefined ? [{}] : [{ actorUserId: userId }, { subjectUserId: userId }];
      const older: FindOptionsWhere<InstanceType<typeof AuditEventEntity>>[] = before ? [{ at: LessThan(before.at) }, { at: Equal(before.at), id: LessThan(before.id) }] : [{}];
      const where = people.flatMap((person) => older.map((cursor) => ({ ...person, ...cursor, ...(organizationId === undefined ? {} : { organizationId }) })));
      const found = await (await manager()).find(AuditEventEntity, { where, order: { at: "DESC", id: "DESC" }, take: Math.max(0, Math.floor(limit)) });
      return found.map((row) => auditEventFromRow(row as unknown as StoredRow));
    },
  } satisfies Required<Adapter> & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter;
}

/**
 * Runs an INSERT of `query` (an `orIgnore` one: ON CONFLICT DO NOTHING, INSERT IGNORE on MySQL) and
 * answers whether it wrote a row, from the driver's count of written rows.
 */
async function inserted<T extends ObjectLiteral>(m: EntityManager, query: InsertQueryBuilder<T>): Promise<boolean> {
  const [sql, parameters] = query.getQueryAndParameters();
  const runner = m.queryRunner ?? m.connection.createQueryRunner();
  try {
    const { affected } = await runner.query(sql, parameters, true);
    if (affected === undefined) throw new Error("TypeORMAdapter: the driver does not report affected rows");
    return affected === 1;
  } finally {
    if (runner !== m.queryRunner) await runner.release();
  }
}

/**
 * Whether a write failed on a unique or foreign key (PostgreSQL, MySQL/MariaDB, SQLite): the
 * row it would make exists already, or the row it rests on does not.
 */
function refusedByKey(error: unknown): boolean {
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  const found = String(driverError?.code ?? code ?? "");
  return ["23505", "23503", "ER_DUP_ENTRY", "ER_NO_REFERENCED_ROW_2", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_FOREIGNKEY", "SQLITE_CONSTRAINT_PRIMARYKEY"].includes(found);
}

/** The fields of an API key `updateApiKey` may change. */
const updatable = new Set(["name", "scopes", "expires", "lastUsedAt"]);

/** The columns of an API key, without fields a caller's object may carry beyond `AdapterApiKey`. */
function apiKeyColumns(key: AdapterApiKey): AdapterApiKey {
  const { id, ownerType, ownerId, name, scopes, hash, createdAt, expires, lastUsedAt } = key;
  // Checked here too for PostgreSQL's text[], which would take any scope.
  scopesText(scopes);
  return { id, ownerType, ownerId, name, scopes, hash, createdAt, expires, lastUsedAt };
}
