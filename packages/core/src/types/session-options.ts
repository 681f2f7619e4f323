import type { Awaitable } from "../adapter.js";
import type { bearerSessionsCode, featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";
import type { JWT } from "./entities.js";

/**
 * Turns on the sessions endpoints (`GET <base>/sessions`, `POST <base>/sessions/revoke`), the
 * "your sessions" page, and the browser summary kept with each new database session. Made by
 * `SessionControl()` of `@latch/core/sessions`; its code comes into the bundle only with it.
 */
export interface SessionControlOption {
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}

/**
 * Turns on bearer sessions: `Authorization: Bearer <session token>` is read as the session
 * wherever a session is read, and a sign-in that asks with `X-Auth-Return-Token: 1` answers
 * `{ token }`. Made by `BearerSessions()` of `@latch/core/bearer`; its code comes into the bundle
 * only with it.
 */
export interface BearerSessionsOption {
  /** The code that reads and returns bearer tokens, carried by the option (internal). */
  readonly [bearerSessionsCode]: object;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}

/** What `BearerSessions()` takes. */
export interface BearerSessionsOptions {
  /**
   * The exact URIs an app that signs in through the system browser may be sent back to with a
   * one-time code (`GET <base>/bearer/start?redirect_uri=…`): an app's own scheme
   * (`com.example.app:/auth`) or a universal link it owns. Compared whole; the only exception to
   * the same-origin redirect rule. Default `[]`: the code exchange is off.
   */
  redirectUris?: readonly string[];
}

/** How sessions are kept. */
export interface SessionOptions {
  /** `jwt` (default without an adapter) or `database` (default with one). */
  strategy: "jwt" | "database";
  /** Seconds until an idle session expires. Default 2592000 (30 days). */
  maxAge: number;
  /** Seconds between extensions of a session's expiry; 0 extends on every access. Default 86400. */
  updateAge: number;
  /**
   * Seconds a session may last after its user's last first factor (`auth_time`), however often
   * it is used; then it is ended and the user signs in again (ASVS 5.0 §7.3.2). `false` turns
   * the limit off. Default 2592000 (30 days, the idle `maxAge`): a session kept alive by use
   * still ends a month after its sign-in. A session without `auth_time` (started before Latch
   * kept it, or stored by an adapter that does not declare it) is held to `maxAge` only.
   *
   * @example
   * ```ts
   * session: { maxAge: 8 * 60 * 60, absoluteMaxAge: 7 * 24 * 60 * 60 }
   * ```
   */
  absoluteMaxAge: number | false;
  /** Makes database session tokens. Default: 32 random bytes (256 bits) as 64 lowercase hex characters. */
  generateSessionToken: () => string;
  /**
   * Opt-in: the client's IP address for a new database session, kept with it and shown in the
   * sessions list. Latch stores no IP unless this is set; the app knows which proxy header (if
   * any) it can trust.
   *
   * @example
   * ```ts
   * session: { ipAddress: (request) => request.headers.get("x-real-ip") }
   * ```
   */
  ipAddress?: (request: Request) => string | null | undefined;
  /**
   * The sessions endpoints and page, and the browser summary of each new database session: pass
   * `SessionControl()` of `@latch/core/sessions`. Off by default; the server API
   * (`listSessions`, `revokeSession`, ...) works either way.
   *
   * @example
   * ```ts
   * import { SessionControl } from "@latch/core/sessions"
   * session: { strategy: "database", control: SessionControl() }
   * ```
   */
  control?: SessionControlOption;
  /**
   * Sessions for clients that are not browsers (apps, command-line tools): `BearerSessions()` of
   * `@latch/core/bearer`. Default: off.
   *
   * @example
   * ```ts
   * import { BearerSessions } from "@latch/core/bearer"
   * session: { strategy: "database", bearer: BearerSessions() }
   * ```
   */
  bearer?: BearerSessionsOption;
  /**
   * JWT strategy: makes JWT sessions revocable. Made by `JwtRevocation({ store, cacheSeconds })`
   * of `@latch/core/revocation`: each new token carries a session id (`sid`) and its start
   * (`sat`, epoch milliseconds); reads consult the store at most once per `cacheSeconds` per
   * session, so a revoked token stays usable for at most `cacheSeconds` on an instance that
   * checked it just before. Without it (the default) a read makes no store call, and none of the
   * revocation code is in the bundle.
   *
   * @example
   * ```ts
   * import { JwtRevocation } from "@latch/core/revocation"
   * import { RedisRevocationStore } from "@latch/redis"
   * session: { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis), cacheSeconds: 30 }) }
   * ```
   */
  revocation?: SessionRevocation;
  /**
   * JWT strategy: keep the provider's `access_token`, `refresh_token` and `expires_at` of an
   * OAuth/OIDC sign-in in the (encrypted) token, under `providerTokens[<provider id>]`, so that
   * `getAccessToken(config, { request, provider })` can refresh them. Default `false`.
   */
  providerTokens?: boolean;
  /**
   * JWT strategy without an adapter that has the account lease: where app instances meet to
   * refresh the provider's tokens of one session once (`getAccessToken(config, { request,
   * provider })`), such as `RedisRefreshLock(redis)` of `@latch/redis`. Without it, concurrent
   * requests of one instance share a refresh, but two instances holding the same cookie may
   * both send its refresh token.
   *
   * @example
   * ```ts
   * import { RedisRefreshLock } from "@latch/redis"
   * session: { strategy: "jwt", providerTokens: true, refreshLock: RedisRefreshLock(redis) }
   * ```
   */
  refreshLock?: RefreshLockStore;
}

/**
 * Where app instances coordinate the refresh of provider tokens kept in JWT sessions (for example
 * `RedisRefreshLock` of `@latch/redis`). Latch names each refresh by a digest of its refresh token
 * and stores its outcome encrypted with a key derived from that token.
 */
export interface RefreshLockStore {
  /** Takes the lock `name` for `holder` until `until`, in one conditional write: `true` only when no one else holds it. */
  acquire(name: string, holder: string, until: Date): Awaitable<boolean>;
  /**
   * Ends `holder`'s lock `name` and, unless `outcome` is `null`, keeps `outcome` readable under
   * `name` until `expires` (an outcome is written even when the lock ran out meanwhile).
   */
  release(name: string, holder: string, outcome: string | null, expires: Date): Awaitable<void>;
  /** The outcome last kept under `name`, or `null`. */
  result(name: string): Awaitable<string | null>;
}

/**
 * What JWT sessions need for revocation; made by `JwtRevocation` of `@latch/core/revocation`
 * (implement it yourself only to replace Latch's cache and rules).
 */
export interface SessionRevocation {
  /** Seconds an instance reuses a check's answer: the bound on how long a revoked session stays usable. */
  readonly cacheSeconds: number;
  /** The claims of a new session's token: a random session id and the start time. */
  newSessionClaims(): { sid: string; sat: number };
  /** True when the token's session was revoked (on its own, or by its user's "valid after" mark). */
  isRevoked(token: JWT): Promise<boolean>;
  /** Revokes the session `sessionId` of `userId`; kept for `keepSeconds`. */
  revokeSession(userId: string, sessionId: string, keepSeconds: number): Promise<void>;
  /** Ends every session of the user started before now, except `except`; kept for `keepSeconds`. */
  revokeUser(userId: string, except: string | null, keepSeconds: number): Promise<void>;
}

/** Options of `JwtRevocation`: see {@link SessionOptions.revocation}. */
export interface RevocationOptions {
  /** Where revocations are written and read; shared by every instance of the app. */
  store: RevocationStore;
  /**
   * Seconds a check's answer is reused by one instance: the bound on how long a revoked session
   * can still be used. Default 30. `0` checks the store on every read.
   */
  cacheSeconds?: number;
  /** How many sessions' answers one instance keeps (the oldest are dropped first). Default 10000. */
  cacheSize?: number;
}

/** What the store knows about one session: whether it was revoked, and its user's marks. */
export interface RevocationState {
  /** The session id was revoked on its own. */
  revoked: boolean;
  /** The user's "valid after" mark (epoch milliseconds): sessions started before it are ended, … */
  validAfter: number | null;
  /** … except the session with this id ("sign out everywhere else"). */
  except: string | null;
}

/**
 * Storage for JWT session revocations, shared by every instance of the app (for example
 * `RedisRevocationStore` of `@latch/redis`). Entries may expire after `expires`: no token
 * outlives it.
 */
export interface RevocationStore {
  /** Marks the session `sessionId` of `userId` revoked. */
  revokeSession(userId: string, sessionId: string, expires: Date): Awaitable<void>;
  /** Sets the user's "valid after" mark to `validAfter` (epoch ms), sparing the session `except` when given. */
  revokeUser(userId: string, validAfter: number, except: string | null, expires: Date): Awaitable<void>;
  /** The state of one session and its user's mark, in one round trip. */
  check(userId: string, sessionId: string): Awaitable<RevocationState>;
}

/** Arguments of {@link JWTOptions.encode}. */
export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload;
  /** The key-derivation salt: the session cookie's name. */
  salt: string;
  /** One secret, or several for rotation (the first encrypts). */
  secret: string | string[];
  /** Seconds until expiry. Default 30 days. */
  maxAge?: number;
}

/** Arguments of {@link JWTOptions.decode}. */
export interface JWTDecodeParams {
  token?: string;
  salt: string;
  secret: string | string[];
}

/** How session tokens are encoded. */
export interface JWTOptions {
  /** Seconds until a session token expires. Default `session.maxAge`. */
  maxAge: number;
  /** Replaces the default JWE encoding. */
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  /** Replaces the default JWE decoding. Return `null` for a token that does not verify. */
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}
