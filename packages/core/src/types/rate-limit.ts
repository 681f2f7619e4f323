import type { rateLimitCode, rateLimitState } from "../symbols.js";

/**
 * The routes that rate limits tell apart. Each path variant of a route (`/auth/callback/x/`,
 * percent-encoded names) is keyed by the action Latch parsed, so variants share one bucket.
 * - `credentials`: `POST callback/<id>` of a credentials provider (account: `email` or `username`)
 * - `email`: `POST signin/<id>` of an email provider, which sends a link (account: `email`)
 * - `callback`: `callback/<id>` of an OAuth/OIDC provider, and the email link (account: `email`)
 * - `passkey`: `GET webauthn-options/<id>` and `POST callback/<id>` of a WebAuthn provider
 * - `sessionUpdate`: `POST session`
 * - `sessionRevoke`: `POST sessions/revoke`
 * - `accountLink`: `POST link/<id>` and `POST unlink/<id>`
 * - `accessToken`: `GET token`, and `POST bearer/exchange` of `BearerSessions()`
 * - `signUp`: `POST signup`; `passwordForgot`, `passwordReset`, `passwordChange`: `POST password/<forgot|reset|change>`
 * - `secondFactor`: every `POST second-factor` and `POST second-factor/<step>` (answers, enrolment, removal)
 *   that is not one of the next
 * - `emailCode`: emailed 6-digit codes: `POST second-factor/email-sign-in` with `email` (account:
 *   `email`), and `POST second-factor` with `send=email` (account: the waiting sign-in's user and
 *   address, counted when the code is sent)
 * - `emailChange`: `POST email/change` (account: the new address `email`; also per signed-in user)
 * - `provisioning`: every request of `Scim()` under `scim/v2` (an identity provider's server; its
 *   token is counted per key as well, by the API keys' own limit)
 */
export type RateLimitRoute =
  | "credentials" | "email" | "callback" | "passkey" | "sessionUpdate" | "sessionRevoke" | "accountLink" | "accessToken"
  | "signUp" | "passwordForgot" | "passwordReset" | "passwordChange" | "secondFactor" | "emailCode" | "emailChange"
  | "invitation" | "organizationInvitation" | "team" | "provisioning";

/** What happens when the store fails (Redis down): let requests through, or refuse them with 503. */
export type StoreFailureMode = "open" | "closed";

/** The limits of one route. Each window is fixed: it starts at the first request of a key. */
export interface RouteLimit {
  /** Requests allowed per client address (an IPv6 /64) per window. */
  ip: number;
  /** Requests allowed per account identifier per window; `0` for none. */
  account: number;
  /** The window, in seconds. */
  window: number;
  /** When the store fails: `"closed"` (refuse, 503) or `"open"` (allow). */
  onStoreError: StoreFailureMode;
}

/**
 * Backoff after failed sign-ins (credentials; email links that do not verify), per account and
 * client: the client is the browser's device cookie when that browser signed in to the account
 * before, else the client's network, else one shared "unknown device" bucket. Password failures
 * and email-link failures back off apart.
 */
export interface LockoutOptions {
  /** Failures allowed before the backoff starts. Default 5. */
  freeFailures?: number;
  /** The first backoff, in seconds; each further failure doubles it. Default 15. */
  baseDelay?: number;
  /** The longest backoff, in seconds. Default 900 (15 minutes). */
  maxDelay?: number;
  /** How long failures are remembered after the last one, in seconds. Default 3600. */
  memory?: number;
}

/** A platform whose edge writes the client's address in a header that clients cannot forge. */
export type ClientAddressPlatform = "vercel" | "cloudflare" | "netlify" | "fly";

/**
 * Where the client's address comes from. By default, only from the integration: the socket's
 * peer (Express), `event.getClientAddress()` (SvelteKit). Headers count only when declared here.
 */
export interface ClientAddressOptions {
  /**
   * Proxies in front of the app, whose forwarded header is believed: a list of addresses or
   * CIDR blocks (the header is walked from the right, skipping these), or how many proxies there
   * are (the address that many hops from the socket).
   */
  trustedProxies?: readonly string[] | number;
  /** The forwarded header the trusted proxies write. Default `"x-forwarded-for"`. */
  forwardedHeader?: "x-forwarded-for" | "forwarded";
  /** A header the platform or proxy sets to the client's address and clients cannot set. */
  header?: string;
  /** A platform that sets such a header: `vercel` (`x-real-ip`), `cloudflare` (`cf-connecting-ip`), `netlify` (`x-nf-client-connection-ip`), `fly` (`fly-client-ip`). */
  platform?: ClientAddressPlatform;
  /** Bits of an IPv6 address that name one client. Default 64. */
  ipv6Prefix?: number;
}

/** A counter entry: how many hits, and in how many milliseconds it expires. */
export interface RateLimitHit {
  count: number;
  /** Milliseconds until the entry expires (at least 1). */
  ttl: number;
}

/**
 * Where counters live. Each method must be atomic for its key: many instances of an app may hit
 * one key at the same time. The in-memory store is the default; `RedisRateLimitStore` of
 * `@latch/adapter-redis` shares the limits between instances.
 */
export interface RateLimitStore {
  /** Adds one to `key`; a missing or expired key starts at 1 and expires `ttl` ms later. */
  hit(key: string, ttl: number): Promise<RateLimitHit>;
  /** The entry of `key`, or `null` when there is none (or it expired). */
  get(key: string): Promise<RateLimitHit | null>;
  /** Sets `key` to `count`, expiring `ttl` ms from now. */
  set(key: string, count: number, ttl: number): Promise<void>;
  /** Removes `key`. */
  delete(key: string): Promise<void>;
}

/** The options of `RateLimit()`. */
export interface RateLimitOptions {
  /**
   * Limits per route, over the defaults (the "Defaults" table of the rate-limits guide,
   * docs/site/guides/rate-limits.md); `false` turns a route's limit off.
   */
  routes?: Partial<Record<RateLimitRoute, Partial<RouteLimit> | false>>;
  /** Where counters live. Default: memory of this process (bounded, expiring). */
  store?: RateLimitStore;
  /** Per-account backoff after failed sign-ins; `false` turns it off. */
  lockout?: LockoutOptions | false;
  /** Where the client's address comes from. */
  clientAddress?: ClientAddressOptions;
  /** Prefix of every key in the store. Default `"latch:rl:"`. */
  keyPrefix?: string;
}

/** What `RateLimit()` returns, for `AuthConfig.rateLimit`. Its code loads at the first limited request. */
export interface RateLimitConfig {
  /** The options it was made with. */
  readonly options: RateLimitOptions;
  /** @internal */
  readonly [rateLimitCode]: unknown;
  /** @internal */
  readonly [rateLimitState]: RateLimitState;
}

/**
 * The store and key prefix the limits count in, which other per-user counters share (wrong
 * second-factor answers, emailed codes per user); and whether failed sign-ins back off.
 */
export interface RateLimitState {
  readonly store: RateLimitStore;
  readonly keyPrefix: string;
  /** The limit of each route, with the app's overrides; a route without one is absent. */
  readonly routes: Readonly<Partial<Record<RateLimitRoute, RouteLimit>>>;
  /** The backoff, or `undefined` when `lockout: false`. */
  readonly lockout?: Readonly<Required<LockoutOptions>>;
}
