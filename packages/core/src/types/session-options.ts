import type { Awaitable } from "../adapter.js";
import type { JWT } from "./entities.js";

/** How sessions are kept. */
export interface SessionOptions {
  /** `jwt` (default without an adapter) or `database` (default with one). */
  strategy: "jwt" | "database";
  /** Seconds until an idle session expires. Default 2592000 (30 days). */
  maxAge: number;
  /** Seconds between extensions of a session's expiry; 0 extends on every access. Default 86400. */
  updateAge: number;
  /** Makes database session tokens. Default: a random UUID. */
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
