import type { Adapter } from "../adapter.js";
import type { AccountOptions } from "./account-options.js";
import type { SecondFactorsOption } from "./second-factor-options.js";
import type { AccessTokensOption } from "./access-token-options.js";
import type { AdminOption } from "./admin-options.js";
import type { AuditTrailOption } from "./audit-options.js";
import type { ApiKeysOption } from "./api-key-options.js";
import type { OrganizationsOption } from "./organization-options.js";
import type { ScimOption } from "./scim-options.js";
import type { Provider } from "./providers.js";
import type { originCheck, raw, skipCSRFCheck } from "../symbols.js";
import type { CallbacksOptions } from "./callbacks.js";
import type { CookiesOptions, CookieOption } from "./cookies.js";
import type { EventCallbacks } from "./events.js";
import type { LoggerInstance } from "./logger.js";
import type { PagesOptions } from "./pages.js";
import type { RateLimitConfig } from "./rate-limit.js";
import type { JWTOptions, SessionOptions } from "./session-options.js";
import type { Theme } from "./theme.js";
import type { Language, LocaleOption, MessageOverrides } from "./language.js";
import type { Plugin } from "./plugin.js";

/**
 * The configuration of `Auth()` and of every integration.
 *
 * @example
 * ```ts
 * import Credentials from "@latch/core/providers/credentials"
 * const config: AuthConfig = {
 *   secret: process.env.AUTH_SECRET,
 *   providers: [Credentials({ authorize: async (c) => findUser(c) })],
 * }
 * ```
 */
export interface AuthConfig {
  /** Sign-in providers. Default `[]`. */
  providers: Provider[];
  /** Stores users, accounts, sessions, verification tokens and authenticators. */
  adapter?: Adapter;
  /**
   * Account linking: whether an OAuth or OpenID sign-in may join an existing user with the same
   * email address. Default `{ linking: "never" }`.
   *
   * @example
   * ```ts
   * const config = { providers, account: { linking: "verified-email", trustedProviders: ["google"] } }
   * ```
   */
  account?: AccountOptions;
  /**
   * Second factors (TOTP, backup codes, email codes): `SecondFactors()` of
   * `@latch/core/second-factors`. Default: off.
   *
   * @example
   * ```ts
   * import { SecondFactors } from "@latch/core/second-factors"
   * const config = { adapter, providers, secondFactor: SecondFactors({ factors: ["totp", "backup"] }) }
   * ```
   */
  secondFactor?: SecondFactorsOption;
  /**
   * Signed access tokens for other services: `GET <base>/token` gives the signed-in user a
   * short-lived JWT, `GET <base>/jwks` publishes the keys that verify it. `AccessTokens()` of
   * `@latch/core/access-tokens`. Default: off.
   *
   * @example
   * ```ts
   * import { AccessTokens } from "@latch/core/access-tokens"
   * const config = { providers, accessTokens: AccessTokens({ lifetime: 600 }) }
   * ```
   */
  accessTokens?: AccessTokensOption;
  /**
   * API keys for scripts and services that act for a user: `<prefix>_<public id>_<secret>` keys,
   * made and revoked at `<base>/api-keys`, read wherever a session is read. `ApiKeys()` of
   * `@latch/core/api-keys`; its code comes into the bundle only with it. Default: off.
   *
   * @example
   * ```ts
   * import { ApiKeys } from "@latch/core/api-keys"
   * const config = { adapter, providers, apiKeys: ApiKeys() }
   * ```
   */
  apiKeys?: ApiKeysOption;
  /**
   * Site administration: administrators list and search users, see their sessions and accounts,
   * ban and unban them, set their site role and remove them, at `<base>/admin/…`; a banned user
   * is signed out and cannot sign in. `Admin()` of `@latch/core/admin`; its code comes into the
   * bundle only with it. Default: off.
   *
   * @example
   * ```ts
   * import { Admin } from "@latch/core/admin"
   * const config = { adapter, providers, admin: Admin({ adminUserIds: ["user-1"] }) }
   * ```
   */
  admin?: AdminOption;
  /**
   * Organizations with members, roles and invitations by email, and the active organization on
   * the session, at `<base>/organizations`. `Organizations()` of `@latch/core/organizations`;
   * its code comes into the bundle only with it. Default: off.
   *
   * @example
   * ```ts
   * import { Organizations } from "@latch/core/organizations"
   * const config = { adapter, providers, organizations: Organizations() }
   * ```
   */
  organizations?: OrganizationsOption;
  /**
   * A SCIM 2.0 service provider per organization at `<base>/scim/v2` (RFC 7643, RFC 7644): an
   * organization's identity provider creates, updates, deactivates and removes its users and
   * groups with a token that is an organization's API key. `Scim()` of `@latch/core/scim`; needs
   * `organizations` and `apiKeys`. Its code comes into the bundle only with it. Default: off.
   *
   * @example
   * ```ts
   * import { Scim } from "@latch/core/scim"
   * const config = { adapter, providers, organizations, apiKeys, scim: Scim() }
   * ```
   */
  scim?: ScimOption;
  /**
   * An audit trail of security events (sign-ins and their failures, sign-outs, passwords, second
   * factors, administrators' and organizations' changes), stored append-only through the adapter,
   * sent to the exporters (the app's logger, OpenTelemetry) and listed at `<base>/audit`.
   * `AuditTrail()` of `@latch/core/audit`; its code comes into the bundle only with it. Default: off.
   *
   * @example
   * ```ts
   * import { AuditTrail } from "@latch/core/audit"
   * const config = { adapter, providers, audit: AuditTrail() }
   * ```
   */
  audit?: AuditTrailOption;
  /**
   * Plugins made with `definePlugin` of `@latch/core/plugins`: their endpoints are served under
   * `<basePath>/<plugin id>/…`, their hooks run around sign-in and session reads, and
   * `session.user` gains their fields. Default `[]`.
   *
   * @example
   * ```ts
   * const config = { providers, plugins: [roles({ admins: ["ada@example.com"] })] }
   * ```
   */
  plugins?: readonly Plugin[];
  /** Where Latch is mounted. Default `/auth` (`/api/auth` in the Next.js integration). */
  basePath?: string;
  /** Control the flows. */
  callbacks?: CallbacksOptions;
  /** Overrides cookie names and attributes. Advanced. Default `{}`. */
  cookies?: Partial<{ [K in keyof CookiesOptions]: Partial<CookieOption> }>;
  /** Logs debug detail (never secrets). Default `false`. */
  debug?: boolean;
  /** Audit hooks. Default `{}`. */
  events?: EventCallbacks;
  /** Experimental features; they may change without notice. */
  experimental?: {
    /** Enables the `webauthn` provider type. Logs a warning. Default `false`. */
    enableWebAuthn?: boolean;
  };
  /**
   * The site's public URL (`AUTH_URL`). When set, its origin is the origin of every URL Latch
   * writes (links in mail, callback and redirect URLs, OAuth `redirect_uri`, page links), whatever
   * the request's `Host` says, and its path gives `basePath` when none is set. Default `AUTH_URL`
   * (alias `NEXTAUTH_URL`), filled in by `setEnvDefaults`.
   *
   * @example
   * ```ts
   * const config = { siteUrl: "https://app.example.com", providers }
   * ```
   */
  siteUrl?: string;
  /** Session token encoding. Default: an encrypted JWT (JWE). */
  jwt?: Partial<JWTOptions>;
  /**
   * The languages the built-in pages may speak besides English, each from
   * `@latch/core/languages/<code>` (or all of them from `@latch/core/languages`). A page speaks the
   * one the `locale` option or the request's `Accept-Language` asks for, English when none matches.
   * Default `[]`: English only.
   *
   * @example
   * ```ts
   * import fr from "@latch/core/languages/fr"
   * import ar from "@latch/core/languages/ar"
   * const config = { providers, languages: [fr, ar] }
   * ```
   */
  languages?: readonly Language[];
  /**
   * Fixes the pages' language (a tag such as `"fr"`), or picks it per request: a function returning
   * a tag, or `undefined` to let `Accept-Language` decide. Default: `Accept-Language`.
   *
   * @example
   * ```ts
   * const config = { providers, languages, locale: (request) => new URL(request.url).searchParams.get("lang") ?? undefined }
   * ```
   */
  locale?: LocaleOption;
  /**
   * Replaces sentences of the built-in pages, per language tag and key. Default `{}`.
   *
   * @example
   * ```ts
   * const config = { providers, messages: { en: { signInTitle: "Log in to Acme" } } }
   * ```
   */
  messages?: MessageOverrides;
  /** Where log lines go. Default: the console. */
  logger?: Partial<LoggerInstance>;
  /** Your own pages instead of the built-in ones. Default `{}`. */
  pages?: PagesOptions;
  /**
   * Rate limits and per-account lockout: `RateLimit()` of `@latch/core/rate-limit`, or `false`
   * for none. Default: `RateLimit()` in production (`NODE_ENV=production`) when the config went
   * through `setEnvDefaults` (every integration does), none otherwise.
   *
   * @example
   * ```ts
   * import { RateLimit } from "@latch/core/rate-limit"
   * const config = { rateLimit: RateLimit({ routes: { credentials: { ip: 20 } } }), providers }
   * ```
   */
  rateLimit?: RateLimitConfig | false;
  /** Return the internal response object (framework authors only). */
  raw?: typeof raw;
  /**
   * The `redirect_uri` of OAuth authorization requests is this URL's `/callback/<id>`, for preview
   * deployments behind one stable callback. Default `AUTH_REDIRECT_PROXY_URL`. Enables the `state` check.
   */
  redirectProxyUrl?: string;
  /**
   * Hashes tokens, signs cookies and derives keys. Several secrets rotate: the first is used for
   * new values, each is tried when reading. Default `AUTH_SECRET`.
   */
  secret?: string | string[];
  /** How sessions are kept. */
  session?: Partial<SessionOptions>;
  /**
   * How state-changing POSTs are checked. Unset: the CSRF token of the signed double-submit cookie.
   * `originCheck`: the request's `Origin` (or `Sec-Fetch-Site`) decides when present, the token
   * only when both are absent (framework authors only).
   */
  csrfCheck?: typeof originCheck;
  /** Turn off the CSRF check (framework authors only). */
  skipCSRFCheck?: typeof skipCSRFCheck;
  /** Styles the built-in pages. */
  theme?: Theme;
  /**
   * Trust the request's `Host` / `X-Forwarded-Host` headers to give the site's origin when
   * `siteUrl` is not set. Default `AUTH_TRUST_HOST`, or true when `AUTH_URL` is set.
   */
  trustHost?: boolean;
  /** Use `Secure` cookies with `__Secure-`/`__Host-` names. Default: true for `https:` URLs. Advanced. */
  useSecureCookies?: boolean;
}
