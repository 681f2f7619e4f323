/** Attributes of a cookie Latch sets. */
export interface CookieOptions {
  httpOnly?: boolean;
  sameSite?: "lax" | "strict" | "none";
  path?: string;
  secure?: boolean;
  domain?: string;
  maxAge?: number;
  expires?: Date;
  partitioned?: boolean;
}

/** A cookie's name and attributes. */
export interface CookieOption {
  name: string;
  options: CookieOptions;
}

/** The cookies Latch uses, by role. */
export interface CookiesOptions {
  sessionToken: CookieOption;
  callbackUrl: CookieOption;
  csrfToken: CookieOption;
  pkceCodeVerifier: CookieOption;
  state: CookieOption;
  nonce: CookieOption;
  webauthnChallenge: CookieOption;
}

/** A cookie to set (or, with `maxAge: 0`, to delete) on the response. */
export interface Cookie {
  name: string;
  value: string;
  options: CookieOptions;
}
