/**
 * Lua scripts that do in one round trip what would otherwise need a read before the next
 * command. With Redis Cluster they touch keys derived inside the script, which is why the
 * README asks for a hash-tagged prefix.
 */

/**
 * `encodeURIComponent` in Lua (byte-wise, as UTF-8 is percent-encoded): the encoding `keysFor`
 * applies to the parts of a key, for a script that builds a key from a stored id.
 */
export const encodePart = `
local function encodePart(value)
  return (string.gsub(value, "[^%w%-_%.!~%*'%(%)]", function(c) return string.format("%%%02X", string.byte(c)) end))
end`;

/**
 * KEYS[1]: the key a version before digest keys stored a session under (`session:<token>`);
 * KEYS[2]: its digest key. ARGV[1]: the token, as the user's set of sessions holds it; ARGV[2]:
 * the digest entry that replaces it there; ARGV[3]: the key prefix of the users' sets of
 * sessions; ARGV[4], ARGV[5]: as ARGV[1], ARGV[2] of the session read. Moves the session to its
 * digest key (without its token, keeping its expiry) and its entry in the user's set, all at
 * once, then answers `[session, user, refused]` as the session read does (no organization: a session stored before
 * organizations has none); `nil` when neither key holds the session.
 */
export const moveLegacySessionScript = `${encodePart}
local stored = redis.call("GET", KEYS[1])
if stored then
  local session = cjson.decode(stored)
  session.sessionToken = nil
  stored = cjson.encode(session)
  -- RENAME keeps the expiry to the millisecond; a PTTL then SET PX would each read the clock.
  redis.call("RENAME", KEYS[1], KEYS[2])
  redis.call("SET", KEYS[2], stored, "KEEPTTL")
  local sessions = ARGV[3] .. encodePart(session.userId)
  redis.call("SREM", sessions, ARGV[1])
  redis.call("SADD", sessions, ARGV[2])
else
  stored = redis.call("GET", KEYS[2])
  if not stored then return nil end
end
local userId = encodePart(cjson.decode(stored).userId)
return { stored, redis.call("GET", ARGV[4] .. userId), redis.call("SCARD", ARGV[5] .. userId) }`;

/**
 * KEYS[1]: a session's digest key; KEYS[2]: the key a version before digest keys stored it under.
 * ARGV[1]: its digest entry in the user's set of sessions; ARGV[2]: its token (its entry there
 * before the upgrade); ARGV[3]: the key prefix of the users' sets of sessions. Deletes the session
 * wherever it is and its entry, at once (a move by a read at the same time cannot keep it alive);
 * returns it as stored, or `nil`.
 */
export const deleteSessionScript = `${encodePart}
local stored = redis.call("GETDEL", KEYS[1])
local entry = ARGV[1]
if not stored then
  stored = redis.call("GETDEL", KEYS[2])
  entry = ARGV[2]
end
if not stored then return nil end
redis.call("SREM", ARGV[3] .. encodePart(cjson.decode(stored).userId), entry)
return stored`;

/**
 * KEYS[1]: the session key; ARGV[1]: the new user id or ""; ARGV[2]: the new `expires` as
 * ISO 8601 or ""; ARGV[3]: the same in epoch milliseconds; ARGV[4]: the new `lastSeenAt` as
 * ISO 8601 or "". Rewrites the stored session (its key
 * expiring with it) and returns it, or `nil` when there is none (a deleted session stays deleted).
 */
export const updateSessionScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return nil end
local session = cjson.decode(stored)
if ARGV[1] ~= "" then session.userId = ARGV[1] end
if ARGV[4] ~= "" then session.lastSeenAt = ARGV[4] end
local encoded
if ARGV[2] == "" then
  encoded = cjson.encode(session)
  redis.call("SET", KEYS[1], encoded, "KEEPTTL")
else
  session.expires = ARGV[2]
  encoded = cjson.encode(session)
  redis.call("SET", KEYS[1], encoded, "PXAT", ARGV[3])
end
return encoded`;

/**
 * KEYS[1]: the lease key; KEYS[2]: the account key; ARGV[1]: the holder; ARGV[2]: the lease's end
 * in epoch milliseconds. Takes the lease when it is free or already the holder's (an expired one
 * is gone by itself); 1 when taken, 0 otherwise (also when the account does not exist).
 */
export const leaseAccountScript = `
if redis.call("EXISTS", KEYS[2]) == 0 then return 0 end
local current = redis.call("GET", KEYS[1])
if current and current ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PXAT", ARGV[2])
return 1`;

/**
 * KEYS[1]: the lease key; KEYS[2]: the account key; ARGV[1]: the holder; ARGV[2]: the tokens to
 * write as JSON, or ""; ARGV[3]: the provider's refusal code to record when no tokens are
 * written, or ""; ARGV[4]: the key prefix of the sets of refused accounts. Only while ARGV[1]
 * holds the lease: merges the tokens into the stored account (clearing a recorded refusal) or
 * records the refusal (the account key joins its user's set, which session reads count), ends
 * the lease and returns the account; `nil` otherwise (nothing written).
 */
export const releaseAccountScript = `${encodePart}
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return nil end
redis.call("DEL", KEYS[1])
local stored = redis.call("GET", KEYS[2])
if not stored then return nil end
if ARGV[2] == "" and ARGV[3] == "" then return stored end
local account = cjson.decode(stored)
local refused = ARGV[4] .. encodePart(account.userId)
if ARGV[2] == "" then
  account.refreshError = ARGV[3]
  redis.call("SADD", refused, KEYS[2])
else
  for name, value in pairs(cjson.decode(ARGV[2])) do account[name] = value end
  account.refreshError = nil
  redis.call("SREM", refused, KEYS[2])
end
local encoded = cjson.encode(account)
redis.call("SET", KEYS[2], encoded, "KEEPTTL")
return encoded`;

/**
 * KEYS[1]: the user key; KEYS[2]: the user's password key; ARGV[1]: the password record as JSON.
 * Stores it only while the user exists (`deleteUser` removes both keys in one command); 1 when
 * stored, 0 for an unknown user.
 */
export const setPasswordScript = `
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
redis.call("SET", KEYS[2], ARGV[1])
return 1`;

/**
 * KEYS[1]: the password key; ARGV[1]: the hash expected there; ARGV[2]: the new hash. Replaces
 * the hash (keeping the rest of the record) only while it is ARGV[1]; 1 when written, else 0.
 */
export const replacePasswordHashScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return 0 end
local password = cjson.decode(stored)
if password.hash ~= ARGV[1] then return 0 end
password.hash = ARGV[2]
redis.call("SET", KEYS[1], cjson.encode(password))
return 1`;

/**
 * KEYS[1]: the user's set of second-factor ids; ARGV[1]: the row key prefix (`…second-factor:`);
 * ARGV[2]: the kind; ARGV[3]: the user key; ARGV[4…]: the new rows as JSON, each with its `id`.
 * Deletes the user's rows of that kind and stores the new ones, in one script (all or nothing
 * for other clients); 0 without writing when the user does not exist, else 1.
 */
export const replaceSecondFactorsScript = `${encodePart}
if redis.call("EXISTS", ARGV[3]) == 0 then return 0 end
for _, id in ipairs(redis.call("SMEMBERS", KEYS[1])) do
  local stored = redis.call("GET", ARGV[1] .. encodePart(id))
  if not stored then
    redis.call("SREM", KEYS[1], id)
  elseif cjson.decode(stored).kind == ARGV[2] then
    redis.call("DEL", ARGV[1] .. encodePart(id))
    redis.call("SREM", KEYS[1], id)
  end
end
for i = 4, #ARGV do
  local row = cjson.decode(ARGV[i])
  redis.call("SET", ARGV[1] .. encodePart(row.id), ARGV[i])
  redis.call("SADD", KEYS[1], row.id)
end
return 1`;

/**
 * KEYS[1]: a second-factor row; ARGV[1]: the step; ARGV[2]: the confirmation time (ISO 8601).
 * Confirms the row only while it is unconfirmed; returns the new row as JSON, or false.
 */
export const confirmSecondFactorScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return false end
local row = cjson.decode(stored)
if row.confirmedAt ~= cjson.null and row.confirmedAt ~= nil then return false end
row.confirmedAt = ARGV[2]
row.lastUsedStep = tonumber(ARGV[1])
local encoded = cjson.encode(row)
redis.call("SET", KEYS[1], encoded)
return encoded`;

/**
 * KEYS[1]: a second-factor row; ARGV[1]: the step. Records the step only while the stored one is
 * null or smaller; 1 when written, else 0.
 */
export const useTotpStepScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return 0 end
local row = cjson.decode(stored)
local step = tonumber(ARGV[1])
if row.lastUsedStep ~= cjson.null and row.lastUsedStep ~= nil and row.lastUsedStep >= step then return 0 end
row.lastUsedStep = step
redis.call("SET", KEYS[1], cjson.encode(row))
return 1`;

/** KEYS[1]: a second-factor row. Adds one to its attempts; the new count, or false when it is gone. */
export const countSecondFactorAttemptScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return false end
local row = cjson.decode(stored)
row.attempts = (tonumber(row.attempts) or 0) + 1
redis.call("SET", KEYS[1], cjson.encode(row))
return row.attempts`;

/**
 * KEYS[1]: the signing-keys hash; ARGV: generation, id, the encoded key. Stores the key unless its
 * generation or its id is there already (one key, so one slot in a cluster): 1 when stored, 0 when
 * another got there first.
 */
export const createSigningKeyScript = `
if redis.call("HEXISTS", KEYS[1], "g:" .. ARGV[1]) == 1 or redis.call("HEXISTS", KEYS[1], "id:" .. ARGV[2]) == 1 then return 0 end
redis.call("HSET", KEYS[1], "g:" .. ARGV[1], ARGV[3], "id:" .. ARGV[2], ARGV[1])
return 1`;

/**
 * Sets fields of an API key's hash only while the key exists (a revoked key is not written back),
 * and returns the hash: `KEYS[1]` the key, `ARGV` field, value, field, value… Each field is set on
 * its own, so a last-used write and a rename at once both land.
 */
export const updateApiKeyScript = `
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
if #ARGV > 0 then redis.call("HSET", KEYS[1], unpack(ARGV)) end
return redis.call("HGETALL", KEYS[1])`;
