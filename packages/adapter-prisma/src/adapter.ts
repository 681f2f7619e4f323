import {
  accountFromRow, authenticatorFromRow, canonicalEmail, passwordFromRow, releasedAccountColumns, secondFactorFromRow, sessionFromRow, signingKeyFromRow, userFromRow, verificationTokenFromRow,
  type ActiveMembership, type Adapter, type AdapterAccount, type AdapterApiKey, type AdapterApiKeyUpdate, type AdapterAuthenticator, type AdapterInvitation, type AdapterMember,
  type AdapterOrganization, type AdapterOrganizationRole, type AdapterUserStanding, type AdminAdapter, type ApiKeyAdapter, type OrganizationAdapter, type StoredRow, type TeamAdapter, type AuditAdapter, auditEventFromRow, teamFromRow, teamMemberFromRow } from "@latch/core/adapters";
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


/** Whether Prisma reported that a write named a row of another table that does not exist (P2003). */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2003";
}

/**
 * Runs `change` on member `userId` (its row, or `null` when there is none or nothing changed)
 * unless it takes the role from the organization's only owner (`takesOwner`). One transaction
 * whose first write (the owners' role set to itself) locks the owners' rows (on SQLite the
 * database): of two owners leaving or demoting each other at once, the second waits, then reads
 * the owners as the first left them.
 */
async function keepingAnOwner(prisma: PrismaClientLike, organizationId: string, userId: string, takesOwner: boolean, change: (tx: PrismaModels) => PromiseLike<{ count: number }>): Promise<PrismaRow | null> {
  return prisma.$transaction(async (tx: PrismaModels) => {
    await tx.member.updateMany({ where: { organizationId, role: "owner" }, data: { role: "owner" } });
    const row = await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
    if (!row) return null;
    if (takesOwner && row.role === "owner" && (await tx.member.count({ where: { organizationId, role: "owner" } })) < 2) return null;
    return (await change(tx)).count > 0 ? row : null;
  });
}

/** Thrown inside a transaction to roll it back when one of two memberships is missing. */
class NotBothMembers extends Error {}

/** How a list of strings is stored: a list on PostgreSQL (`String[]`), JSON text where lists do not exist (MySQL, SQLite). */
type ListColumn = "list" | "json";

/**
 * A writer of one list field (`ApiKey.scopes`, `OrganizationRole.permissions`): its first write
 * tries a list, and a client whose field is text refuses it before sending anything; the kind
 * found is kept for the next writes.
 */
function listWriter(): (list: readonly string[] | undefined, write: (stored: unknown) => PromiseLike<PrismaRow>) => Promise<PrismaRow> {
  let column: ListColumn | undefined;
  const as = (kind: ListColumn, list: readonly string[]) => (kind === "list" ? [...list] : JSON.stringify(list));
  return async (list, write) => {
    if (list === undefined) return write(undefined);
    if (column) return write(as(column, list));
    try {
      const row = await write(as("list", list));
      column = "list";
      return row;
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const row = await write(as("json", list));
      column = "json";
      return row;
    }
  };
}

/** A list field as stored: a list, or the JSON text of one. */
function listOf(value: unknown): string[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

/** The app's metadata of an organization as stored: the JSON text, or `null`. */
const metadataText = (metadata: Record<string, unknown> | null): string | null => (metadata === null ? null : JSON.stringify(metadata));

/** An `Organization` row. */
function organizationOf(row: PrismaRow): AdapterOrganization {
  const metadata = typeof row.metadata === "string" ? (JSON.parse(row.metadata) as Record<string, unknown>) : null;
  return { id: String(row.id), name: String(row.name), slug: String(row.slug), metadata, createdAt: new Date(row.createdAt as string | Date) };
}

/** A `Member` row. */
function memberOf(row: PrismaRow): AdapterMember {
  return { organizationId: String(row.organizationId), userId: String(row.userId), role: String(row.role), createdAt: new Date(row.createdAt as string | Date) };
}

/** An `OrganizationRole` row: `permissions` as a list, or as the JSON text of one. */
function organizationRoleOf(row: PrismaRow): AdapterOrganizationRole {
  return { organizationId: String(row.organizationId), name: String(row.name), permissions: listOf(row.permissions), createdAt: new Date(row.createdAt as string | Date) };
}

/** An `Invitation` row. */
function invitationOf(row: PrismaRow): AdapterInvitation {
  return {
    id: String(row.id), organizationId: String(row.organizationId), email: String(row.email), role: String(row.role), inviterId: String(row.inviterId),
    hash: String(row.hash), status: String(row.status) as AdapterInvitation["status"], expires: new Date(row.expires as string | Date), createdAt: new Date(row.createdAt as string | Date),
  };
}

/** A `UserStanding` row; a user without one has no role and no ban. */
function userStanding(row: PrismaRow | null | undefined): AdapterUserStanding {
  return { role: (row?.siteRole as string | null | undefined) ?? null, banned: row?.banned === true, banReason: (row?.banReason as string | null | undefined) ?? null, banExpires: dateOrNull(row?.banExpires) };
}

/**
 * The session's active organization as `getSessionAndUser` includes it: `null` when the session's
 * user is not a member of it (the membership list is empty); a made role's permissions with it.
 */
function activeMembership(organization: PrismaRow | null): ActiveMembership | null {
  if (!organization) return null;
  const [member] = organization.members as PrismaRow[];
  if (!member) return null;
  const role = String(member.role);
  const made = (organization.roles as PrismaRow[]).find((entry) => entry.name === role);
  return { id: String(organization.id), slug: String(organization.slug), role, ...(made && { permissions: listOf(made.permissions) }) };
}

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/** An `ApiKey` row: `scopes` as a list, or as the JSON text of one. */
function apiKey(row: PrismaRow): AdapterApiKey {
  return {
    id: String(row.id),
    ownerType: String(row.ownerType),
    ownerId: String(row.ownerId),
    name: String(row.name),
    scopes: listOf(row.scopes),
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

  // The client does not say whether `ApiKey.scopes` (or `OrganizationRole.permissions`) is a list:
  // the first write that carries one tries a list, and a client whose field is text refuses it
  // before sending anything.
  const writeScopes = listWriter();
  const writePermissions = listWriter();

  // Whether the client has the organization models and the session's active organization: a
  // client generated from a schema without them refuses the include before sending anything, and
  // sessions are then read without it.
  let activeOrganizations = true;
  // Whether `contains` takes `mode: "insensitive"` (PostgreSQL); MySQL's and SQLite's comparisons
  // of text ignore case already, and their clients refuse the mode before sending anything.
  let insensitiveMode = true;

  // Adapter's contract and the methods beside it (ApiKeyAdapter, AdminAdapter, OrganizationAdapter).
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

    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"],

    async createSession({ sessionToken, userId, expires, createdAt, lastSeenAt, userAgent, ip, auth_time, mfa_time, amr, impersonatedBy }) {
      const row = await prisma.session.create({
        data: {
          id: crypto.randomUUID(), sessionToken, userId, expires, createdAt: createdAt ?? new Date(), lastSeenAt: lastSeenAt ?? null,
          userAgent: userAgent ?? null, ip: ip ?? null, auth_time: auth_time ?? null, mfa_time: mfa_time ?? null, amr: amr ? amr.join(" ") : null,
          // Only when given: a schema from before the column (migration 20260101000005) keeps working without impersonation.
          ...(impersonatedBy ? { impersonatedBy } : {}),
        },
      });
      return session(row);
    },

    async getSessionAndUser(sessionToken) {
      if (controlCharacter.test(sessionToken)) return null;
      // The session, its user, one of the user's accounts whose refresh was refused, if any, and the
      // active organization with the user's membership of it as it is now (the member whose user
      // holds this session) and the roles the organization made: one statement where the client
      // joins relations (PostgreSQL with the schema's `relationJoins`), one per model elsewhere
      // (MariaDB, SQLite). Prisma cannot join a role by the member's role name, so the
      // organization's made roles come with it and the member's is picked here.
      const user = { include: { accounts: { where: { refreshError: { not: null } }, select: { provider: true }, take: 1 } } };
      const activeOrganization = {
        select: {
          id: true, slug: true,
          members: { where: { user: { sessions: { some: { sessionToken } } } }, select: { role: true }, take: 1 },
          roles: { select: { name: true, permissions: true } },
        },
      };
      let row: PrismaRow | null;
      if (activeOrganizations) {
        try {
          row = await prisma.session.findUnique({ where: { sessionToken }, include: { user, activeOrganization } });
        } catch (error) {
          if (!isValidationError(error)) throw error;
          activeOrganizations = false;
          row = await prisma.session.findUnique({ where: { sessionToken }, include: { user } });
        }
      } else {
        row = await prisma.session.findUnique({ where: { sessionToken }, include: { user } });
      }
      if (!row) return null;
      const { user: owner, activeOrganization: active, activeOrganizationId: _active, ...stored } = row as PrismaRow & { user: PrismaRow & { accounts: unknown[] }; activeOrganization?: PrismaRow | null };
      const found = { session: session(stored, owner.accounts.length > 0), user: userFromRow(owner) };
      const membership = active === undefined ? undefined : activeMembership(active);
      return membership ? { ...found, session: { ...found.session, activeOrganization: membership } } : found;
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

    async listUsers({ search, offset, limit }) {
      // Prisma's `contains` passes LIKE's own characters (`%`, `_`, and `\` where it escapes) on as
      // wildcards, and SQLite's LIKE has no escape character: a text holding one is matched by the
      // database as a wider pattern, and the page is cut here from the rows that hold the text as
      // typed (few: the wider pattern still holds every other character of the text).
      const wide = search !== undefined && /[%_\\]/.test(search);
      const matching = (mode: boolean) => (search ? { OR: (["email", "name"] as const).map((field) => ({ [field]: { contains: search, ...(mode && { mode: "insensitive" }) } })) } : {});
      const page = async (mode: boolean): Promise<[PrismaRow[], number]> => {
        const where = matching(mode);
        const orderBy = [{ email: "asc" }, { id: "asc" }];
        if (wide) {
          const text = search.toLowerCase();
          const holds = (value: unknown) => typeof value === "string" && value.toLowerCase().includes(text);
          const all = (await prisma.user.findMany({ where, include: { standing: true }, orderBy })).filter((row) => holds(row.email) || holds(row.name));
          return [all.slice(Number(offset), Number(offset) + Number(limit)), all.length];
        }
        return Promise.all([prisma.user.findMany({ where, include: { standing: true }, orderBy, skip: Number(offset), take: Number(limit) }), prisma.user.count({ where })]);
      };
      let found: [PrismaRow[], number];
      if (search && insensitiveMode) {
        try {
          found = await page(true);
        } catch (error) {
          if (!isValidationError(error)) throw error;
          insensitiveMode = false;
          found = await page(false);
        }
      } else {
        found = await page(false);
      }
      const [rows, total] = found;
      return {
        users: rows.map((row) => {
          const { standing, ...user } = row;
          return { user: userFromRow(user), standing: userStanding(standing as PrismaRow | null) };
        }),
        total,
      };
    },

    async getUserStanding(userId) {
      const row = await prisma.user.findUnique({ where: { id: userId }, select: { standing: true } });
      return row && userStanding(row.standing as PrismaRow | null);
    },

    async updateUserStanding(userId, update) {
      const columns = { role: "siteRole", banned: "banned", banReason: "banReason", banExpires: "banExpires" } as const;
      const fields = (Object.keys(columns) as (keyof AdapterUserStanding)[]).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getUserStanding(userId);
      const data = Object.fromEntries(fields.map((field) => [columns[field], update[field]]));
      // One transaction: a user without a standing row gets one (the fields not given at their
      // defaults), a user with one has the given fields changed, and no user gets nothing.
      const row = await prisma.$transaction(async (tx: PrismaModels) => {
        if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) return null;
        return tx.userStanding.upsert({ where: { userId }, create: { userId, siteRole: null, banned: false, banReason: null, banExpires: null, ...data }, update: data });
      });
      return row && userStanding(row);
    },

    async createOrganization(organization, owner) {
      // One transaction: the organization and its owner, or neither (a taken slug writes nothing).
      try {
        const row = await prisma.$transaction(async (tx: PrismaModels) => {
          const made = await tx.organization.create({ data: { ...organization, metadata: metadataText(organization.metadata) } });
          await tx.member.create({ data: { organizationId: made.id, userId: owner.userId, role: owner.role, createdAt: owner.createdAt } });
          return made;
        });
        return organizationOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async getOrganization(id) {
      const row = await prisma.organization.findUnique({ where: { id } });
      return row && organizationOf(row);
    },

    async getOrganizationBySlug(slug) {
      const row = await prisma.organization.findUnique({ where: { slug } });
      return row && organizationOf(row);
    },

    async updateOrganization(id, update) {
      const fields = (["name", "slug", "metadata"] as const).filter((field) => update[field] !== undefined);
      if (!fields.length) return this.getOrganization(id);
      const data = Object.fromEntries(fields.map((field) => [field, field === "metadata" ? metadataText(update.metadata ?? null) : update[field]]));
      const row = await orNull(prisma.organization.update({ where: { id }, data }));
      return row && organizationOf(row);
    },

    async deleteOrganization(id) {
      // The schema's relations cascade: members, invitations and made roles go with it; sessions acting for it act for none.
      const row = await take(prisma.organization, { id });
      return row && organizationOf(row);
    },

    async listOrganizations(userId) {
      const found = await prisma.member.findMany({ where: { userId }, include: { organization: true } });
      return found.map((row) => ({ ...organizationOf(row.organization as PrismaRow), role: String(row.role) }));
    },

    async getMember(organizationId, userId) {
      const row = await prisma.member.findUnique({ where: { organizationId_userId: { organizationId, userId } } });
      return row && memberOf(row);
    },

    async listMembers(organizationId) {
      const found = await prisma.member.findMany({ where: { organizationId }, include: { user: { select: { email: true, name: true } } } });
      return found.map((row) => {
        const { user, ...member } = row as PrismaRow & { user: PrismaRow };
        return { ...memberOf(member), email: (user.email as string | null) ?? null, name: (user.name as string | null) ?? null };
      });
    },

    async updateMemberRole(organizationId, userId, role) {
      const row = await keepingAnOwner(prisma, organizationId, userId, role !== "owner", (tx) => tx.member.updateMany({ where: { organizationId, userId }, data: { role } }));
      return row && memberOf({ ...row, role });
    },

    async deleteMember(organizationId, userId) {
      const row = await keepingAnOwner(prisma, organizationId, userId, true, (tx) => tx.member.deleteMany({ where: { organizationId, userId } }));
      return row && memberOf(row);
    },

    async transferOwnership(organizationId, from, to, formerRole) {
      if (from === to) return false;
      // One transaction: both memberships change, or (when either is not a member) neither.
      try {
        return await prisma.$transaction(async (tx: PrismaModels) => {
          const next = await tx.member.updateMany({ where: { organizationId, userId: to }, data: { role: "owner" } });
          const former = await tx.member.updateMany({ where: { organizationId, userId: from }, data: { role: formerRole } });
          if (next.count !== 1 || former.count !== 1) throw new NotBothMembers();
          return true;
        });
      } catch (error) {
        if (error instanceof NotBothMembers) return false;
        throw error;
      }
    },

    async createInvitation(invitation) {
      return invitationOf(await prisma.invitation.create({ data: { ...invitation, email: canonicalEmail(invitation.email) } }));
    },

    async getInvitation(id) {
      const row = await prisma.invitation.findUnique({ where: { id } });
      return row && invitationOf(row);
    },

    async listInvitations(organizationId) {
      return (await prisma.invitation.findMany({ where: { organizationId } })).map(invitationOf);
    },

    async updateInvitation(id, update) {
      const data = Object.fromEntries((["hash", "status", "expires"] as const).filter((field) => update[field] !== undefined).map((field) => [field, update[field]]));
      if (!Object.keys(data).length) return this.getInvitation(id);
      // Only a pending invitation changes: the condition is part of the write.
      if ((await prisma.invitation.updateMany({ where: { id, status: "pending" }, data })).count === 0) return null;
      return this.getInvitation(id);
    },

    async acceptInvitation(id, member) {
      // One transaction: the invitation is spent only while pending (the write's condition), and
      // the member stored with it; a user who is a member already keeps their membership.
      return await prisma.$transaction(async (tx: PrismaModels) => {
        const invitation = await tx.invitation.findUnique({ where: { id } });
        if (!invitation) return null;
        if ((await tx.invitation.updateMany({ where: { id, status: "pending" }, data: { status: "accepted" } })).count === 0) return null;
        const organizationId = String(invitation.organizationId);
        const row = await tx.member.upsert({
          where: { organizationId_userId: { organizationId, userId: member.userId } },
          create: { organizationId, userId: member.userId, role: member.role, createdAt: member.createdAt },
          update: {},
        });
        return memberOf(row);
      });
    },

    async createOrganizationRole(role) {
      try {
        const { organizationId, name, permissions, createdAt } = role;
        return organizationRoleOf(await writePermissions(permissions, (stored) => prisma.organizationRole.create({ data: { organizationId, name, permissions: stored, createdAt } })));
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async listOrganizationRoles(organizationId) {
      return (await prisma.organizationRole.findMany({ where: { organizationId } })).map(organizationRoleOf);
    },

    async deleteOrganizationRole(organizationId, name) {
      // A role a member holds stays: the condition is part of the delete.
      const row = await take(prisma.organizationRole, { organizationId_name: { organizationId, name } }, { organizationId, name, organization: { members: { none: { role: name } } } });
      return row && organizationRoleOf(row);
    },

    async setActiveOrganization(sessionToken, organizationId) {
      if (controlCharacter.test(sessionToken)) return;
      try {
        await prisma.session.updateMany({ where: { sessionToken }, data: { activeOrganizationId: organizationId } });
      } catch (error) {
        // No such organization (the foreign key): the session acts for none, as it would read.
        if (!isForeignKeyViolation(error)) throw error;
        await prisma.session.updateMany({ where: { sessionToken }, data: { activeOrganizationId: null } });
      }
    },

    async createTeam(team) {
      try {
        return teamFromRow(await prisma.team.create({ data: { id: team.id, organizationId: team.organizationId, name: team.name, createdAt: team.createdAt } }));
      } catch (error) {
        // A name the organization has (the unique key).
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async getTeam(id) {
      const row = await prisma.team.findUnique({ where: { id } });
      return row && teamFromRow(row);
    },

    async updateTeam(id, update) {
      try {
        const row = await orNull(prisma.team.update({ where: { id }, data: { name: update.name } }));
        return row && teamFromRow(row);
      } catch (error) {
        // A name another team of the organization has changes nothing (the unique key).
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async deleteTeam(id) {
      // The schema's relation cascades: its memberships go with it.
      const row = await take(prisma.team, { id });
      return row && teamFromRow(row);
    },

    async listTeams(organizationId) {
      return (await prisma.team.findMany({ where: { organizationId } })).map(teamFromRow);
    },

    async addTeamMember(member) {
      const team = await prisma.team.findUnique({ where: { id: member.teamId } });
      if (!team) return null;
      // One write: the relation to the organization membership (a foreign key) refuses a user who
      // is no member; one already in the team is refused by the key.
      try {
        return teamMemberFromRow(await prisma.teamMember.create({ data: { teamId: member.teamId, organizationId: String(team.organizationId), userId: member.userId, createdAt: member.createdAt } }));
      } catch (error) {
        if (isUniqueViolation(error) || isForeignKeyViolation(error)) return null;
        throw error;
      }
    },

    async removeTeamMember(teamId, userId) {
      const row = await take(prisma.teamMember, { teamId_userId: { teamId, userId } }, { teamId, userId });
      return row && teamMemberFromRow(row);
    },

    async listTeamMembers(teamId) {
      const found = await prisma.teamMember.findMany({ where: { teamId }, include: { member: { select: { user: { select: { email: true, name: true } } } } } });
      return found.map((row) => {
        const { member, ...rest } = row as PrismaRow & { member: { user: PrismaRow } };
        return { ...teamMemberFromRow(rest), email: (member.user.email as string | null) ?? null, name: (member.user.name as string | null) ?? null };
      });
    },

    async listUserTeams(userId) {
      const found = await prisma.teamMember.findMany({ where: { userId }, include: { team: true } });
      return found.map((row) => teamFromRow(row.team as PrismaRow));
    },

    async appendAuditEvent(event) {
      const { id, at, action, outcome, actorUserId, subjectUserId, organizationId, network, userAgent, details } = event;
      await prisma.auditEvent.create({
        data: {
          id, at, action, outcome, actorUserId: actorUserId ?? null, subjectUserId: subjectUserId ?? null, organizationId: organizationId ?? null,
          network: network ?? null, userAgent: userAgent ?? null, details: details ? JSON.stringify(details) : null,
        },
      });
    },

    async listAuditEvents({ userId, organizationId, before, limit }) {
      // Newest first; the cursor (at, id) as "older, or as old with a smaller id".
      const where: PrismaRow = { AND: [
        ...(userId === undefined ? [] : [{ OR: [{ actorUserId: userId }, { subjectUserId: userId }] }]),
        ...(organizationId === undefined ? [] : [{ organizationId }]),
        ...(before ? [{ OR: [{ at: { lt: before.at } }, { at: before.at, id: { lt: before.id } }] }] : []),
      ] };
      const found = await prisma.auditEvent.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], take: Math.max(0, Math.floor(limit)) });
      return found.map(auditEventFromRow);
    },
  } satisfies Required<Adapter> & ApiKeyAdapter & AdminAdapter & OrganizationAdapter & TeamAdapter & AuditAdapter;
  return adapter;
}
