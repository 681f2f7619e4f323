import { canonicalEmail, type Adapter, type AdapterApiKey, type AdminAdapter, type ApiKeyAdapter, type AuditAdapter, type OrganizationAdapter, type TeamAdapter } from "@latch/core/adapters";
import type { Redis } from "ioredis";
import {
  decode,
  encode,
  toStoredUser,
  type AdapterAccount,
  type AdapterAuthenticator,
  type AdapterPassword,
  type AdapterSecondFactor,
  type AdapterSession,
  type AdapterSigningKey,
  type AdapterUser,
  type VerificationToken,
} from "./codec.js";
import { auditMethods } from "./audit.js";
import { defaultPrefix, keysFor } from "./keys.js";
import { activeMembershipOf, membershipPrefixes, membershipsOfUser, organizationMethods, sessionAndMembershipScript } from "./organizations.js";
import { adminMethods, standingKeysFor, userIndexMember } from "./site-administration.js";
import {
  confirmSecondFactorScript,
  createSigningKeyScript,
  deleteSessionScript,
  countSecondFactorAttemptScript,
  leaseAccountScript,
  moveLegacySessionScript,
  releaseAccountScript,
  replacePasswordHashScript,
  replaceSecondFactorsScript,
  setPasswordScript,
  updateApiKeyScript,
  updateSessionScript,
  useTotpStepScript,
} from "./scripts.js";
import { teamMethods } from "./teams.js";

const apiKeyFields = ["id", "ownerType", "ownerId", "name", "scopes", "hash", "createdAt", "expires", "lastUsedAt"] as const;

/** An API key as hash fields, each value JSON (dates as ISO strings). */
function apiKeyHash(key: Partial<AdapterApiKey>): string[] {
  return Object.entries(key).filter(([, value]) => value !== undefined).flatMap(([field, value]) => [field, JSON.stringify(value)]);
}

/** An API key from its hash fields, or `null` for an empty hash (no such key). */
function apiKeyOf(fields: Record<string, string>): AdapterApiKey | null {
  if (!fields.id) return null;
  const read = (field: (typeof apiKeyFields)[number]) => (fields[field] === undefined ? null : JSON.parse(fields[field]!));
  const date = (field: "createdAt" | "expires" | "lastUsedAt") => (read(field) === null ? null : new Date(read(field) as string));
  return { id: read("id"), ownerType: read("ownerType"), ownerId: read("ownerId"), name: read("name"), scopes: read("scopes") ?? [], hash: read("hash"), createdAt: date("createdAt")!, expires: date("expires"), lastUsedAt: date("lastUsedAt") };
}

/** A flat `[field, value, …]` reply as an object. */
function pairs(reply: string[] | null): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let index = 0; reply && index < reply.length; index += 2) fields[reply[index]!] = reply[index + 1]!;
  return fields;
}

/** Options of {@link RedisAdapter}. */
export interface RedisAdapterOptions {
  /** Prepended to every key. Default `latch:`. */
  prefix?: string;
  /**
   * How long `AuditTrail()`'s events are kept, in days. Each append then removes up to 100 events
   * older than that, so the trail stays about this size in memory. Default: kept for good.
   */
  auditRetentionDays?: number;
}

/**
 * A stored session with `sessionToken` set to the token its caller named it by (`""` for a
 * session found by id or listed, whose token is stored nowhere), never the one a record from an
 * earlier version still holds.
 */
function withToken(session: AdapterSession | null, sessionToken: string): AdapterSession | null {
  return session && { ...session, sessionToken };
}

/** `days` in milliseconds; a positive number of days, else a configuration error. */
function retentionMs(days: number): number {
  if (!(Number.isFinite(days) && days > 0)) throw new TypeError(`auditRetentionDays must be a positive number of days, not ${String(days)}.`);
  return days * 24 * 60 * 60 * 1000;
}

/** Throws when a `MULTI … EXEC` reports a failed command. */
function checkExec(results: [Error | null, unknown][] | null): void {
  if (results === null) throw new Error("Redis transaction was aborted");
  const failed = results.find(([error]) => error !== null);
  if (failed) throw failed[0];
}

/**
 * The Latch adapter for Redis, through an `ioredis` client. Records are JSON strings; sessions
 * and verification tokens expire with their `expires`; index keys map an email and a provider
 * account to a user and a user to its sessions, accounts and authenticators.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { RedisAdapter } from "@latch/redis"
 *
 * const redis = new Redis(process.env.REDIS_URL!)
 * const config = { adapter: RedisAdapter(redis, { prefix: "myapp:" }), providers: [...] }
 * ```
 */
export function RedisAdapter(redis: Redis, options: RedisAdapterOptions = {}): Adapter {
  const prefix = options.prefix ?? defaultPrefix;
  const keys = keysFor(prefix);
  // Organizations and site administration (OrganizationAdapter, AdminAdapter): their own keys.
  const standingKeys = standingKeysFor(prefix);
  /** The key of the user with an empty id: what the session script completes with an encoded id. */
  const userKeyPrefix = keys.user("");
  const refusedKeyPrefix = keys.userRefusedAccounts("");
  const userSessionsPrefix = keys.userSessions("");

  async function readUser(id: string): Promise<AdapterUser | null> {
    return decode<AdapterUser>(await redis.get(keys.user(id)));
  }

  /** The user's live sessions with their entries in the user's set, in one MGET after the set. */
  async function sessionsOf(userId: string): Promise<[string, AdapterSession][]> {
    const entries = await redis.smembers(keys.userSessions(userId));
    if (entries.length === 0) return [];
    const stored = await redis.mget(...entries.map(keys.sessionOfEntry));
    return entries
      .map((entry, index) => [entry, withToken(decode<AdapterSession>(stored[index] ?? null), "")] as const)
      .filter((entry): entry is [string, AdapterSession] => entry[1] !== null && entry[1].userId === userId);
  }

  /**
   * Deletes the session of a token and its entry in its user's set, under its digest key or the
   * key an earlier version wrote (one script); the record as stored, or `null`.
   */
  async function deleteByToken(sessionToken: string): Promise<string | null> {
    return (await redis.eval(
      deleteSessionScript,
      2,
      keys.session(sessionToken),
      keys.legacySession(sessionToken),
      keys.sessionEntry(sessionToken),
      sessionToken,
      userSessionsPrefix,
    )) as string | null;
  }

  /**
   * The keys a member of a user's set of sessions may name: an entry from before the upgrade
   * (a token) names the key of that version and the digest key a read may have moved it to.
   */
  function keysOfEntry(entry: string): string[] {
    const key = keys.sessionOfEntry(entry);
    return key === keys.legacySession(entry) ? [key, keys.session(entry)] : [key];
  }

  /** The members a set entry may have become: a token's entry is replaced by its digest when its session moves. */
  function entriesOf(entry: string): string[] {
    return keys.sessionOfEntry(entry) === keys.legacySession(entry) ? [entry, keys.sessionEntry(entry)] : [entry];
  }

  /**
   * A session of the key an earlier version wrote (`session:<token>`), moved to its digest key
   * first (one script, its expiry kept), with its user: a session from before the upgrade is
   * still found, and from then on only under the digest.
   */
  async function moveLegacySession(sessionToken: string): Promise<[string, string | null, number] | null> {
    return (await redis.eval(
      moveLegacySessionScript,
      2,
      keys.legacySession(sessionToken),
      keys.session(sessionToken),
      sessionToken,
      keys.sessionEntry(sessionToken),
      userSessionsPrefix,
      userKeyPrefix,
      refusedKeyPrefix,
    )) as [string, string | null, number] | null;
  }

  // Adapter's contract and the methods beside it (ApiKeyAdapter, OrganizationAdapter, AdminAdapter).
  const adapter = {
    async createUser(input) {
      const user = toStoredUser(input);
      // Claim the email first: SET NX makes the address unique. "" (no email) is never indexed.
      const indexed = user.email !== "";
      if (indexed && (await redis.set(keys.userByEmail(user.email), user.id, "NX")) === null) {
        throw new Error("createUser: the email address belongs to another user");
      }
      if ((await redis.set(keys.user(user.id), encode(user), "NX")) === null) {
        if (indexed) await redis.del(keys.userByEmail(user.email));
        throw new Error("createUser: a user with this id exists");
      }
      await redis.zadd(standingKeys.users(), 0, userIndexMember(user));
      return user;
    },

    getUser: readUser,

    async getUserByEmail(email) {
      // "" is how a user without an email is stored: it names nobody (an index key for it that an
      // older version wrote is never read).
      if (!email) return null;
      // The index key holds the stored spelling (normalizeStoredEmails rewrites older keys).
      const id = await redis.get(keys.userByEmail(canonicalEmail(email)));
      return id === null ? null : readUser(id);
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const account = decode<AdapterAccount>(await redis.get(keys.account(provider, providerAccountId)));
      return account ? readUser(account.userId) : null;
    },

    async updateUser(update) {
      const current = await readUser(update.id);
      if (!current) throw new Error("updateUser: no user with this id");
      const definedFields = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
      const user = toStoredUser({ ...current, ...definedFields });
      const emailChanged = user.email !== current.email;
      if (emailChanged && user.email !== "" && (await redis.set(keys.userByEmail(user.email), user.id, "NX")) === null) {
        throw new Error("updateUser: the email address belongs to another user");
      }
      const transaction = redis.multi().set(keys.user(user.id), encode(user));
      if (emailChanged && current.email !== "") transaction.del(keys.userByEmail(current.email));
      if (emailChanged) transaction.zrem(standingKeys.users(), userIndexMember(current)).zadd(standingKeys.users(), 0, userIndexMember(user));
      checkExec(await transaction.exec());
      return user;
    },

    async deleteUser(userId) {
      const user = await readUser(userId);
      if (!user) return null;
      const [accountKeys, sessionEntries, credentialIDs, secondFactorIds, apiKeyIds] = await Promise.all([
        redis.smembers(keys.userAccounts(userId)),
        redis.smembers(keys.userSessions(userId)),
        redis.smembers(keys.userAuthenticators(userId)),
        redis.smembers(keys.userSecondFactors(userId)),
        redis.smembers(keys.ownerApiKeys("user", userId)),
      ]);
      const memberships = await membershipsOfUser(redis, prefix, userId);
      const doomed = [
        keys.user(userId),
        ...(user.email === "" ? [] : [keys.userByEmail(user.email)]),
        keys.userAccounts(userId),
        keys.userSessions(userId),
        keys.userAuthenticators(userId),
        keys.userRefusedAccounts(userId),
        keys.userPassword(userId),
        keys.userSecondFactors(userId),
        ...secondFactorIds.map(keys.secondFactor),
        ...accountKeys,
        ...sessionEntries.flatMap(keysOfEntry),
        ...credentialIDs.map(keys.authenticator),
        keys.ownerApiKeys("user", userId),
        ...apiKeyIds.map(keys.apiKey),
        standingKeys.userStanding(userId),
        ...memberships.doomed,
      ];
      const transaction = redis.multi().del(...doomed).zrem(standingKeys.users(), userIndexMember(user));
      for (const [members, id] of memberships.removals) transaction.srem(members, id);
      checkExec(await transaction.exec());
      return user;
    },

    async linkAccount(account) {
      const key = keys.account(account.provider, account.providerAccountId);
      if ((await redis.set(key, encode(account), "NX")) === null) {
        throw new Error("linkAccount: this provider account is already linked");
      }
      await redis.sadd(keys.userAccounts(account.userId), key);
      return account;
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const key = keys.account(provider, providerAccountId);
      const account = decode<AdapterAccount>(await redis.getdel(key));
      if (!account) return undefined;
      await redis.srem(keys.userAccounts(account.userId), key);
      await redis.srem(keys.userRefusedAccounts(account.userId), key);
      return account;
    },

    async getAccount(providerAccountId, provider) {
      return decode<AdapterAccount>(await redis.get(keys.account(provider, providerAccountId)));
    },

    // A session stored before impersonatedBy was kept reads without it: a session its user started.
    sessionFields: ["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"],

    async createSession(session) {
      // The opaque id shown in the sessions list: random, and unrelated to the token. The token is
      // stored nowhere: the key holds its digest, and its readers have it already.
      const stored: Omit<AdapterSession, "sessionToken"> = {
        userId: session.userId,
        expires: session.expires,
        id: crypto.randomUUID(),
        createdAt: session.createdAt ?? new Date(),
        lastSeenAt: session.lastSeenAt ?? null,
        userAgent: session.userAgent ?? null,
        ip: session.ip ?? null,
        auth_time: session.auth_time ?? null,
        mfa_time: session.mfa_time ?? null,
        amr: session.amr ? [...session.amr] : null,
        impersonatedBy: session.impersonatedBy ?? null,
      };
      const results = await redis
        .multi()
        .set(keys.session(session.sessionToken), encode(stored), "PXAT", stored.expires.getTime())
        .sadd(keys.userSessions(stored.userId), keys.sessionEntry(session.sessionToken))
        .exec();
      checkExec(results);
      return { sessionToken: session.sessionToken, ...stored };
    },

    async getSessionAndUser(sessionToken) {
      // One round trip: the script reads the session, then the user it names and the user's
      // membership of the session's active organization as it is now. A miss looks for the
      // session where an earlier version stored it (with no organization), and moves it.
      const found = ((await redis.eval(sessionAndMembershipScript, 1, keys.session(sessionToken), userKeyPrefix, refusedKeyPrefix, ...membershipPrefixes(prefix))) as
        | [string, string | null, number, ...(string | null)[]]
        | null) ?? (await moveLegacySession(sessionToken));
      const session = withToken(decode<AdapterSession>(found?.[0] ?? null), sessionToken) as (AdapterSession & { activeOrganizationId?: string }) | null;
      const user = decode<AdapterUser>(found?.[1] ?? null);
      if (session && found![2] > 0) session.refreshError = true;
      if (!session || !user) return null;
      const { activeOrganizationId: _active, ...stored } = session;
      const activeOrganization = activeMembershipOf(found!);
      return { session: activeOrganization ? { ...stored, activeOrganization } : stored, user };
    },

    async updateSession({ sessionToken, userId, expires, lastSeenAt }) {
      // One round trip: the script merges the change into the stored session and writes it back.
      const update = async () =>
        (await redis.eval(
          updateSessionScript,
          1,
          keys.session(sessionToken),
          userId ?? "",
          expires?.toISOString() ?? "",
          expires?.getTime() ?? "",
          lastSeenAt?.toISOString() ?? "",
        )) as string | null;
      // A session an earlier version stored is moved to its digest key first.
      const written = (await update()) ?? ((await moveLegacySession(sessionToken)) ? await update() : null);
      return withToken(decode<AdapterSession>(written), sessionToken);
    },

    async deleteSession(sessionToken) {
      return withToken(decode<AdapterSession>(await deleteByToken(sessionToken)), sessionToken);
    },

    async createVerificationToken(token) {
      const stored: VerificationToken = { identifier: token.identifier, token: token.token, expires: token.expires };
      await redis.set(keys.verificationToken(stored.identifier, stored.token), encode(stored), "PXAT", stored.expires.getTime());
      return stored;
    },

    async useVerificationToken({ identifier, token }) {
      // GETDEL is atomic: of two concurrent uses only one gets the token.
      return decode<VerificationToken>(await redis.getdel(keys.verificationToken(identifier, token)));
    },

    async createAuthenticator(authenticator) {
      if ((await redis.exists(keys.user(authenticator.userId))) === 0) {
        throw new Error("createAuthenticator: no user with this id");
      }
      const stored: AdapterAuthenticator = { ...authenticator, transports: authenticator.transports ?? null };
      if ((await redis.set(keys.authenticator(stored.credentialID), encode(stored), "NX")) === null) {
        throw new Error("createAuthenticator: an authenticator with this credential id exists");
      }
      await redis.sadd(keys.userAuthenticators(stored.userId), stored.credentialID);
      return stored;
    },

    async getAuthenticator(credentialID) {
      return decode<AdapterAuthenticator>(await redis.get(keys.authenticator(credentialID)));
    },

    async listAuthenticatorsByUserId(userId) {
      const ids = await redis.smembers(keys.userAuthenticators(userId));
      if (ids.length === 0) return [];
      const found = await redis.mget(ids.map(keys.authenticator));
      return found.map((json) => decode<AdapterAuthenticator>(json)).filter((item) => item !== null);
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const current = decode<AdapterAuthenticator>(await redis.get(keys.authenticator(credentialID)));
      if (!current) throw new Error("updateAuthenticatorCounter: no authenticator with this credential id");
      const updated = { ...current, counter: newCounter };
      if ((await redis.set(keys.authenticator(credentialID), encode(updated), "XX")) === null) {
        throw new Error("updateAuthenticatorCounter: the authenticator was deleted");
      }
      return updated;
    },

    async deleteAuthenticator(credentialID) {
      const authenticator = decode<AdapterAuthenticator>(await redis.get(keys.authenticator(credentialID)));
      if (!authenticator) return null;
      // The webauthn account of this credential: among the user's accounts, the one of type
      // "webauthn" with the authenticator's providerAccountId (its provider id is not stored here).
      const accountKeys = await redis.smembers(keys.userAccounts(authenticator.userId));
      const accounts = accountKeys.length ? await redis.mget(accountKeys) : [];
      const webauthnKeys = accountKeys.filter((_, index) => {
        const account = decode<AdapterAccount>(accounts[index] ?? null);
        return account?.type === "webauthn" && account.providerAccountId === authenticator.providerAccountId;
      });
      const transaction = redis.multi().del(keys.authenticator(credentialID)).srem(keys.userAuthenticators(authenticator.userId), credentialID);
      if (webauthnKeys.length) transaction.del(...webauthnKeys).srem(keys.userAccounts(authenticator.userId), ...webauthnKeys);
      checkExec(await transaction.exec());
      return authenticator;
    },

    async deleteSessions(userId) {
      const entries = await redis.smembers(keys.userSessions(userId));
      if (entries.length === 0) return 0;
      // Expired sessions are still in the index; DEL counts only the keys that still existed.
      // A session from before the upgrade is at one of its two keys at any moment (a read moves it
      // in one script), so it is deleted and counted once even while it moves.
      const results = await redis.multi().del(...entries.flatMap(keysOfEntry)).srem(keys.userSessions(userId), ...entries.flatMap(entriesOf)).exec();
      checkExec(results);
      return Number(results![0]![1]);
    },

    async listSessions(userId) {
      return (await sessionsOf(userId)).map(([, session]) => session);
    },

    async deleteSessionById(userId, sessionId) {
      // Only the user's own index is searched, so another user's session cannot be named.
      const found = (await sessionsOf(userId)).find(([, session]) => session.id === sessionId);
      if (!found) return null;
      const [entry] = found;
      if (keys.sessionOfEntry(entry) === keys.legacySession(entry)) return withToken(decode<AdapterSession>(await deleteByToken(entry)), "");
      const session = withToken(decode<AdapterSession>(await redis.getdel(keys.sessionOfEntry(entry))), "");
      await redis.srem(keys.userSessions(userId), entry);
      return session;
    },
    async getAccountByUserId(userId, provider) {
      const own = `${keys.account(provider, "")}`;
      const accountKeys = (await redis.smembers(keys.userAccounts(userId))).filter((key) => key.startsWith(own)).sort();
      if (accountKeys.length === 0) return null;
      return decode<AdapterAccount>(await redis.get(accountKeys[0]!));
    },

    async listAccountsByUserId(userId) {
      const accountKeys = (await redis.smembers(keys.userAccounts(userId))).sort();
      if (accountKeys.length === 0) return [];
      const found = await redis.mget(accountKeys);
      return found.map((json) => decode<AdapterAccount>(json)).filter((account) => account !== null);
    },

    async leaseAccount({ provider, providerAccountId }, holder, until) {
      // One script: the lease is taken only when free (SET with an expiry: a crashed holder's runs out).
      const taken = await redis.eval(leaseAccountScript, 2, keys.accountLease(provider, providerAccountId), keys.account(provider, providerAccountId), holder, until.getTime());
      return taken === 1;
    },

    async releaseAccount({ provider, providerAccountId }, holder, tokens, refused) {
      const changes = tokens && Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined && value !== null));
      const written = (await redis.eval(
        releaseAccountScript,
        2,
        keys.accountLease(provider, providerAccountId),
        keys.account(provider, providerAccountId),
        holder,
        changes ? encode(changes) : "",
        tokens === null ? (refused ?? "") : "",
        refusedKeyPrefix,
      )) as string | null;
      return decode<AdapterAccount>(written);
    },

    async getPassword(userId) {
      return decode<AdapterPassword>(await redis.get(keys.userPassword(userId)));
    },

    async setPassword(password) {
      const stored: AdapterPassword = { userId: password.userId, hash: password.hash, updatedAt: password.updatedAt };
      const written = await redis.eval(setPasswordScript, 2, keys.user(password.userId), keys.userPassword(password.userId), encode(stored));
      if (written !== 1) throw new Error("setPassword: no user with this id");
      return stored;
    },

    async replacePasswordHash(userId, currentHash, nextHash) {
      return (await redis.eval(replacePasswordHashScript, 1, keys.userPassword(userId), currentHash, nextHash)) === 1;
    },

    async deletePassword(userId) {
      return decode<AdapterPassword>(await redis.getdel(keys.userPassword(userId)));
    },

    async listSecondFactors(userId) {
      const ids = await redis.smembers(keys.userSecondFactors(userId));
      if (!ids.length) return [];
      const stored = await redis.mget(...ids.map(keys.secondFactor));
      return stored.map((json) => decode<AdapterSecondFactor>(json)).filter((row): row is AdapterSecondFactor => row !== null);
    },

    async replaceSecondFactors(userId, kind, list) {
      const rows = list.map((row) => encode({ ...row, userId, kind }));
      const written = await redis.eval(replaceSecondFactorsScript, 1, keys.userSecondFactors(userId), keys.secondFactor(""), kind, keys.user(userId), ...rows);
      if (written !== 1) throw new Error("replaceSecondFactors: no user with this id");
    },

    async confirmSecondFactor(id, step, at) {
      const written = (await redis.eval(confirmSecondFactorScript, 1, keys.secondFactor(id), step, at.toISOString())) as string | null;
      return decode<AdapterSecondFactor>(written ?? null);
    },

    async useTotpStep(id, step) {
      return (await redis.eval(useTotpStepScript, 1, keys.secondFactor(id), step)) === 1;
    },

    async countSecondFactorAttempt(id) {
      const count = (await redis.eval(countSecondFactorAttemptScript, 1, keys.secondFactor(id))) as number | null;
      return count ?? null;
    },

    async deleteSecondFactor(id) {
      const row = decode<AdapterSecondFactor>(await redis.getdel(keys.secondFactor(id)));
      if (row) await redis.srem(keys.userSecondFactors(row.userId), id);
      return row;
    },

    async listSigningKeys() {
      const stored = await redis.hgetall(keys.signingKeys());
      return Object.entries(stored)
        .filter(([field]) => field.startsWith("g:"))
        .map(([, json]) => decode<AdapterSigningKey>(json))
        .filter((key): key is AdapterSigningKey => key !== null);
    },

    async createSigningKey(key) {
      return (await redis.eval(createSigningKeyScript, 1, keys.signingKeys(), String(key.generation), key.id, encode(key))) === 1;
    },

    async createApiKey(key) {
      await redis.multi().hset(keys.apiKey(key.id), ...apiKeyHash(key)).sadd(keys.ownerApiKeys(key.ownerType, key.ownerId), key.id).exec();
      return { ...key, scopes: [...key.scopes] };
    },

    async getApiKey(id) {
      return apiKeyOf(await redis.hgetall(keys.apiKey(id)));
    },

    async listApiKeys(ownerType, ownerId) {
      const ids = await redis.smembers(keys.ownerApiKeys(ownerType, ownerId));
      const found = await Promise.all(ids.map(async (id) => apiKeyOf(await redis.hgetall(keys.apiKey(id)))));
      return found.filter((key): key is AdapterApiKey => key !== null && key.ownerType === ownerType && key.ownerId === ownerId);
    },

    async updateApiKey(id, update) {
      const { name, scopes, expires, lastUsedAt } = update;
      const reply = (await redis.eval(updateApiKeyScript, 1, keys.apiKey(id), ...apiKeyHash({ name, scopes, expires, lastUsedAt }))) as string[] | null;
      return apiKeyOf(pairs(reply));
    },

    async deleteApiKey(id) {
      const key = apiKeyOf(await redis.hgetall(keys.apiKey(id)));
      // Of two calls at once, only the one whose DEL removed the hash returns the key.
      if (!key || (await redis.del(keys.apiKey(id))) === 0) return null;
      await redis.srem(keys.ownerApiKeys(key.ownerType, key.ownerId), id);
      return key;
    },

    ...organizationMethods(redis, prefix, keys, canonicalEmail),
    ...teamMethods(redis, prefix, keys),
    ...adminMethods(redis, prefix, keys),
    ...auditMethods(redis, prefix, options.auditRetentionDays === undefined ? undefined : retentionMs(options.auditRetentionDays)),
  } satisfies Required<Adapter> & ApiKeyAdapter & OrganizationAdapter & AdminAdapter & AuditAdapter & TeamAdapter;
  return adapter;
}
