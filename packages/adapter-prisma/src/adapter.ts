import {
  accountFromRow, authenticatorFromRow, canonicalEmail, passwordFromRow, releasedAccountColumns, secondFactorFromRow, sessionFromRow, signingKeyFromRow, userFromRow, verificationTokenFromRow,
  type Adapter, type AdapterAccount, type AdapterApiKey, type AdapterApiKeyUpdate, type AdapterAuthenticator, type ApiKeyAdapter, type StoredRow } from "@latch/core/adapters";
import type { PrismaClientLike, PrismaModel, PrismaModels, PrismaRow } from "./client.js";

/** The account fields `linkAccount` stores; other fields of the account are not stored. */
const accountFields = ["userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "id_token", "scope", "session_state", "token_type"] as const;

const authenticatorFields = ["credentialID", "userId", "providerAccountId", "credentialPublicKey", "counter", "credentialDeviceType", "credentialBackedUp", "transports"] as const;

/** The user fields `updateUser` may write. */
const userFields = ["name", "email", "emailVerified", "image"] as const;

/** No issued session token holds a control character; PostgreSQL refuses a NUL in text outright. */
const controlCharacter = /[\u0000-\u001f\u007f]/;

const sessionIdShape = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether Prisma reported that the record a write needed does not exist (P2025). */
function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/** Whether Prisma reported that a write would have stored a second row with a unique value (P2002). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** The write's row, or `null` when the record it needed does not exist. */
async function orNull(write: PromiseLike<PrismaRow>): Promise<PrismaRow | null> {
  try {
    return await write;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Deletes the record `unique` names (`where` in the flat form `deleteMany` takes) and returns it, or `null` when it was already gone. Of two
 * concurrent calls only one gets the record: the delete's row count decides, since Prisma's
 * `delete` on MySQL reads the row before deleting it and would hand it to both.
 */
async function take(model: PrismaModel, unique: object, where: object = unique): Promise<PrismaRow | null> {
  const row = await model.findUnique({ where: unique });
  if (!row) return null;
  return (await model.deleteMany({ where })).count > 0 ? row : null;
}

/** Whether the client refused the call's arguments before sending anything to the database. */
function isValidationError(error: unknown): boolean {
  return error instanceof Error && error.name === "PrismaClientValidationError";
}

/** How `ApiKey.scopes` is stored: a list on PostgreSQL (`String[]`), JSON text where lists do not exist (MySQL, SQLite). */
type ScopesColumn = "list" | "json";

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/** An `ApiKey` row: `scopes` as a list, or as the JSON text of one. */
function apiKey(row: PrismaRow): AdapterApiKey {
  const scopes = typeof row.scopes === "string" ? (JSON.parse(row.scopes) as unknown) : row.scopes;
  return {
    id: String(row.id),
    ownerType: String(row.ownerType),
    ownerId: String(row.ownerId),
    name: String(row.name),
    scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    hash: String(row.hash),
    createdAt: new Date(row.createdAt as string | Date),
    expires: dateOrNull(row.expires),
    lastUsedAt: dateOrNull(row.lastUsedAt),
  };
}

/** An `Account` row without the timestamps of Auth.js's schema, which are not part of an account. */
function account(row: PrismaRow): AdapterAccount {
  const { createdAt: _created, updatedAt: _updated, ...rest } = row;
  return accountFromRow(rest as StoredRow);
}

/** A `Session` row: `amr` is stored as the methods separated by spaces. */
function session(row: PrismaRow, refreshError = false) {
  const amr = typeof row.amr === "string" ? row.amr.split(" ").filter((method) => method !== "") : row.amr;
  return sessionFromRow({ ...row, amr, refreshError });
}

/**
 * The Latch adapter for Prisma 7. Give it the app's client, generated (`prisma-client`
 * generator) from a schema with Auth.js's Prisma models and Latch's additions (this package's
 * `prisma/<provider>/schema.prisma`), on PostgreSQL, MySQL/MariaDB or SQLite through their
 * driver adapters.
 *
 * @example
 * ```ts
 * import { PrismaPg } from "@prisma/adapter-pg"
 * import { PrismaAdapter } from "@latch/prisma"
 * import { PrismaClient } from "./generated/prisma/client.js"
 *
 * const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) })
 * const config = { adapter: PrismaAdapter(prisma), providers: [...] }
 * ```
 */
export function PrismaAdapter(prisma: PrismaClientLike): Adapter {
  const byAccount = (provider: string, providerAccountId: string) => ({ provider_providerAccountId: { provider, providerAccountId } });

  // The client does not say whether `ApiKey.scopes` is a list: the first write that carries scopes
  // tries a list, and a client whose field is text refuses it before sending anything.
  let scopesColumn: ScopesColumn | undefined;
  const scopesAs = (column: ScopesColumn, scopes: readonly string[]) => (column === "list" ? [...scopes] : JSON.stringify(scopes));
  async function writeScopes(scopes: readonly string[] | undefined, write: (stored: unknown) => PromiseLike<PrismaRow>): Promise<PrismaRow> {
    if (scopes === undefined) return write(undefined);
    if (scopesColumn) return write(scopesAs(scopesColumn, scopes));
    try {
      const row = await write(scopesAs("list", scopes));
      scopesColumn = "list";
      return row;
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const row = await write(scopesAs("json", scopes));
      scopesColumn = "json";
      return row;
    }
  }

  // Adapter's contract and the API-key methods beside it (ApiKeyAdapter).
  const adapter = {
    async createUser(user) {
      const row = await prisma.user.create({
        data: { id: user.id, name: user.name ?? null, email: user.email ? canonicalEmail(user.email) : user.email, emailVerified: user.emailVerified ?? null, image: user.image ?? null },
      });
      return userFromRow(row);
    },

    async getUser(id) {
      const row = await prisma.user.findUnique({ where: { id } });
      return row && userFromRow(row);
    },

    async getUserByEmail(email) {
      // "" is how a user without an email is stored: it names nobody.
      if (!email) return null;
      const row = await prisma.user.findUnique({ where: { email: canonicalEmail(email) } });
      return row && userFromRow(row);
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = await prisma.account.findUnique({ where: byAccount(provider, providerAccountId), include: { user: true } });
      return row && userFromRow(row.user as StoredRow);
    },

    async updateUser(user) {
      const data = Object.fromEntries(
        userFields.filter((field) => user[field] !== undefined).map((field) => [field, field === "email" && user.email ? canonicalEmail(user.email) : user[field]]),
      );
      const row = await orNull(prisma.user.update({ where: { id: user.id }, data }));
      if (!row) throw new Error("updateUser: no user with this id");
      return userFromRow(row);
    },

    async deleteUser(userId) {
      // The schema's relations cascade: accounts, sessions, authenticators, password and second factors go with the user.
      const row = await take(prisma.user, { id: userId });
      return row && userFromRow(row);
    },

    async linkAccount(linked) {
      const data = Object.fromEntries(accountFields.map((field) => [field, (linked as AdapterAccount)[field] ?? null]));
      return account(await prisma.account.create({ data }));
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await take(prisma.account, byAccount(provider, providerAccountId), { provider, providerAccountId });
      return row ? account(row) : undefined;
    },

    async getAccount(providerAccountId, provider) {
      const row = await prisma.account.findUnique({ where: byAccount(provider, providerAccountId) });
      return row && account(row);
    },

    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr"],

    async createSession({ sessionToken, userId, expires, createdAt, lastSeenAt, userAgent, ip, auth_time, mfa_time, amr }) {
      const row = await prisma.session.create({
        data: {
          id: crypto.randomUUID(), sessionToken, userId, expires, createdAt: createdAt ?? new Date(), lastSeenAt: lastSeenAt ?? null,
          userAgent: userAgent ?? null, ip: ip ?? null, auth_time: auth_time ?? null, mfa_time: mfa_time ?? null, amr: amr ? amr.join(" ") : null,
        },
      });
      return session(row);
    },

    async getSessionAndUser(sessionToken) {
      if (controlCharacter.test(sessionToken)) return null;
      // The session, its user and one of the user's accounts whose refresh was refused, if any: one
      // statement where the client joins relations (PostgreSQL with the schema's `relationJoins`),
      // one per model elsewhere (MariaDB, SQLite).
      const row = await prisma.session.findUnique({
        where: { sessionToken },
        include: { user: { include: { accounts: { where: { refreshError: { not: null } }, select: { provider: true }, take: 1 } } } },
      });
      if (!row) return null;
      const { user, ...stored } = row as PrismaRow & { user: PrismaRow & { accounts: unknown[] } };
      return { session: session(stored, user.accounts.length > 0), user: userFromRow(user) };
    },

    async updateSession({ sessionToken, userId, expires, lastSeenAt }) {
      if (controlCharacter.test(sessionToken)) return null;
      const data = Object.fromEntries(Object.entries({ userId, expires, lastSeenAt }).filter(([, value]) => value !== undefined && value !== null));
      const row = await orNull(prisma.session.update({ where: { sessionToken }, data }));
      return row && session(row);
    },

    async deleteSession(sessionToken) {
      if (controlCharacter.test(sessionToken)) return null;
      const row = await take(prisma.session, { sessionToken });
      return row && session(row);
    },

    async createVerificationToken({ identifier, token, expires }) {
      return verificationTokenFromRow(await prisma.verificationToken.create({ data: { identifier, token, expires } }));
    },

    async useVerificationToken({ identifier, token }) {
      // Of two concurrent uses, only one gets the token.
      const row = await take(prisma.verificationToken, { identifier_token: { identifier, token } }, { identifier, token });
      return row && verificationTokenFromRow(row);
    },

    async createAuthenticator(authenticator) {
      const data = Object.fromEntries(authenticatorFields.map((field) => [field, (authenticator as AdapterAuthenticator)[field] ?? null]));
      return authenticatorFromRow(await prisma.authenticator.create({ data }));
    },

    async getAuthenticator(credentialID) {
      const row = await prisma.authenticator.findUnique({ where: { credentialID } });
      return row && authenticatorFromRow(row);
    },

    async listAuthenticatorsByUserId(userId) {
      return (await prisma.authenticator.findMany({ where: { userId }, orderBy: { credentialID: "asc" } })).map(authenticatorFromRow);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await orNull(prisma.authenticator.update({ where: { credentialID }, data: { counter: newCounter } }));
      if (!row) throw new Error("updateAuthenticatorCounter: no authenticator with this credential id");
      return authenticatorFromRow(row);
    },

    async deleteAuthenticator(credentialID) {
      // One transaction: the authenticator and its webauthn account go together or not at all.
      const row = await prisma.$transaction(async (tx: PrismaModels) => {
        const removed = await orNull(tx.authenticator.delete({ where: { credentialID } }));
        if (removed) await tx.account.deleteMany({ where: { type: "webauthn", providerAccountId: removed.providerAccountId, userId: removed.userId } });
        return removed;
      });
      return row && authenticatorFromRow(row);
    },

    async deleteSessions(userId) {
      return (await prisma.session.deleteMany({ where: { userId } })).count;
    },

    async listSessions(userId) {
      return (await prisma.session.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((row) => session(row));
    },

    async deleteSessionById(userId, sessionId) {
      // Ids are UUIDs (or an older schema's cuids): anything else names no session and must not reach the database.
      if (!sessionIdShape.test(sessionId)) return null;
      const where = { id: sessionId, userId };
      const row = await prisma.session.findFirst({ where });
      if (!row) return null;
      // Of two concurrent calls, only the one whose delete removed the row gets it.
      return (await prisma.session.deleteMany({ where })).count > 0 ? session(row) : null;
    },

    async getAccountByUserId(userId, provider) {
      const row = await prisma.account.findFirst({ where: { userId, provider }, orderBy: [{ createdAt: "asc" }, { providerAccountId: "asc" }] });
      return row && account(row);
    },

    async listAccountsByUserId(userId) {
      return (await prisma.account.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { provider: "asc" }, { providerAccountId: "asc" }] })).map(account);
    },

    async leaseAccount({ provider, providerAccountId }, holder, until) {
      // One conditional UPDATE: of instances racing for the lease, exactly one row update succeeds.
      const { count } = await prisma.account.updateMany({
        where: { provider, providerAccountId, OR: [{ refreshLeaseUntil: null }, { refreshLeaseUntil: { lt: new Date() } }, { refreshLeaseHolder: holder }] },
        data: { refreshLeaseHolder: holder, refreshLeaseUntil: until },
      });
      return count > 0;
    },

    async releaseAccount({ provider, providerAccountId }, holder, tokens, refused) {
      const data = releasedAccountColumns(tokens, refused);
      const { count } = await prisma.account.updateMany({ where: { provider, providerAccountId, refreshLeaseHolder: holder }, data });
      if (count === 0) return null;
      const row = await prisma.account.findUnique({ where: byAccount(provider, providerAccountId) });
      return row && account(row);
    },

    async getPassword(userId) {
      const row = await prisma.password.findUnique({ where: { userId } });
      return row && passwordFromRow(row);
    },

    async setPassword({ userId, hash, updatedAt }) {
      // An unknown user fails the foreign key.
      const row = await prisma.password.upsert({ where: { userId }, create: { userId, hash, updatedAt }, update: { hash, updatedAt } });
      return passwordFromRow(row);
    },

    async replacePasswordHash(userId, currentHash, nextHash) {
      return (await prisma.password.updateMany({ where: { userId, hash: currentHash }, data: { hash: nextHash } })).count > 0;
    },

    async deletePassword(userId) {
      const row = await take(prisma.password, { userId });
      return row && passwordFromRow(row);
    },

    async listSecondFactors(userId) {
      return (await prisma.secondFactor.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(secondFactorFromRow);
    },

    async replaceSecondFactors(userId, kind, list) {
      // One transaction: the delete and the insert commit together or not at all.
      await prisma.$transaction(async (tx: PrismaModels) => {
        await tx.secondFactor.deleteMany({ where: { userId, kind } });
        if (list.length > 0) await tx.secondFactor.createMany({ data: list.map((row) => ({ ...row, userId, kind })) });
      });
    },

    async confirmSecondFactor(id, step, at) {
      const { count } = await prisma.secondFactor.updateMany({ where: { id, confirmedAt: null }, data: { confirmedAt: at, lastUsedStep: step } });
      if (count === 0) return null;
      const row = await prisma.secondFactor.findUnique({ where: { id } });
      return row && secondFactorFromRow(row);
    },

    async useTotpStep(id, step) {
      const { count } = await prisma.secondFactor.updateMany({ where: { id, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] }, data: { lastUsedStep: step } });
      return count > 0;
    },

    async countSecondFactorAttempt(id) {
      // The count is read in the transaction that incremented it, while the update's row lock keeps other increments out.
      return await prisma.$transaction(async (tx: PrismaModels) => {
        const { count } = await tx.secondFactor.updateMany({ where: { id }, data: { attempts: { increment: 1 } } });
        if (count === 0) return null;
        const row = await tx.secondFactor.findUnique({ where: { id } });
        return row ? Number(row.attempts) : null;
      });
    },

    async deleteSecondFactor(id) {
      const row = await take(prisma.secondFactor, { id });
      return row && secondFactorFromRow(row);
    },

    async listSigningKeys() {
      return (await prisma.signingKey.findMany({ orderBy: { generation: "asc" } })).map(signingKeyFromRow);
    },

    async createSigningKey({ id, generation, algorithm, publicKey, privateKey, createdAt }) {
      // First writer wins: the id and the generation are unique, so the database refuses a second
      // key of either, also to a concurrent insert (an upsert would replace the first).
      try {
        await prisma.signingKey.create({ data: { id, generation, algorithm, publicKey, privateKey, createdAt } });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async createApiKey(key) {
      // A user's key names the user in `userId` too, so that the key goes with the user.
      const { id, ownerType, ownerId, name, scopes, hash, createdAt, expires, lastUsedAt } = key;
      const data = { id, ownerType, ownerId, userId: ownerType === "user" ? ownerId : null, name, hash, createdAt, expires, lastUsedAt };
      return apiKey(await writeScopes(scopes, (stored) => prisma.apiKey.create({ data: { ...data, scopes: stored } })));
    },

    async getApiKey(id) {
      const row = await prisma.apiKey.findUnique({ where: { id } });
      return row && apiKey(row);
    },

    async listApiKeys(ownerType, ownerId) {
      return (await prisma.apiKey.findMany({ where: { ownerType, ownerId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(apiKey);
    },

    async updateApiKey(id, update: AdapterApiKeyUpdate) {
      const data = Object.fromEntries((["name", "expires", "lastUsedAt"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (update.scopes === undefined && Object.keys(data).length === 0) {
        const row = await prisma.apiKey.findUnique({ where: { id } });
        return row && apiKey(row);
      }
      const row = await orNull(writeScopes(update.scopes, (stored) => prisma.apiKey.update({ where: { id }, data: stored === undefined ? data : { ...data, scopes: stored } })));
      return row && apiKey(row);
    },

    async deleteApiKey(id) {
      const row = await take(prisma.apiKey, { id });
      return row && apiKey(row);
    },
  } satisfies Required<Adapter> & ApiKeyAdapter;
  return adapter;
}
