import type { Adapter, Awaitable } from "../adapter.js";
import type { CallbacksOptions, SessionCallbackInput } from "../types/callbacks.js";
import type { Session } from "../types/entities.js";
import type { AccountOptions } from "../types/account-options.js";
import type { SecondFactorsOption } from "../types/second-factor-options.js";
import type { AccessTokensOption } from "../types/access-token-options.js";
import type { AdminOption } from "../types/admin-options.js";
import type { AuditTrailOption } from "../types/audit-options.js";
import type { ApiKeysOption } from "../types/api-key-options.js";
import type { OrganizationsOption } from "../types/organization-options.js";
import type { ScimOption } from "../types/scim-options.js";
import type { CookiesOptions } from "../types/cookies.js";
import type { EventCallbacks } from "../types/events.js";
import type { LoggerInstance } from "../types/logger.js";
import type { PagesOptions } from "../types/pages.js";
import type { JWTOptions, SessionOptions } from "../types/session-options.js";
import type { Theme } from "../types/theme.js";
import type { LimitsState } from "../limits/state.js";
import type { Language, LocaleOption, MessageOverrides } from "../types/language.js";
import type { Plugin } from "../types/plugin.js";
import type { FeatureCode } from "../types/feature.js";
import type { InternalProvider } from "./providers.js";

/**
 * The callbacks: `redirect` with its default filled in; `signIn`, `jwt` and `session` only when
 * the app sets them (the code that calls each applies its default), `session` as Latch calls it
 * (the fields of the session's strategy only).
 */
export type ResolvedCallbacks = Required<Pick<CallbacksOptions, "redirect">> & Pick<CallbacksOptions, "signIn" | "jwt"> & {
  session?: (params: SessionCallbackInput) => Awaitable<Session | Record<string, unknown>>;
};

/** The configuration of one request, resolved once and read-only. */
export interface AuthContext {
  /** `origin + basePath`, no trailing slash. */
  readonly baseUrl: string;
  /** The site's origin: `siteUrl`'s (`AUTH_URL`) when set, else the request's (see `config/origin.ts`). */
  readonly origin: string;
  readonly basePath: string;
  /** Newest first; the first encrypts and hashes. */
  readonly secrets: readonly string[];
  readonly providers: readonly InternalProvider[];
  readonly cookies: CookiesOptions;
  readonly useSecureCookies: boolean;
  readonly session: SessionOptions;
  /** `maxAge` resolved; `encode` and `decode` only when the app replaces them (session/read.ts has the defaults). */
  readonly jwt: Pick<JWTOptions, "maxAge"> & Partial<Pick<JWTOptions, "encode" | "decode">>;
  readonly callbacks: ResolvedCallbacks;
  readonly events: EventCallbacks;
  readonly logger: LoggerInstance;
  readonly pages: PagesOptions;
  readonly theme: Theme;
  /** The pages' languages besides English, how one is chosen, and the app's sentences. */
  readonly languages: readonly Language[];
  readonly locale?: LocaleOption;
  readonly messages?: MessageOverrides;
  /** The adapter, each method wrapped so that a throw becomes `AdapterError`. */
  readonly adapter?: Adapter;
  readonly skipCSRFCheck: boolean;
  /** `"origin"`: the `Origin`/`Sec-Fetch-Site` headers decide when present (`originCheck`). */
  readonly csrfCheck: "token" | "origin";
  readonly redirectProxyUrl?: string;
  readonly experimental: { readonly enableWebAuthn: boolean };
  /** The account options as configured (`{}` when unset: policy `"never"`). */
  readonly account: Readonly<AccountOptions>;
  /**
   * The configured features' records (`Organizations()`, `ApiKeys()`…): their rows, checks and
   * hooks, found by `config/resolve.ts` in the config, `session`, `account` and the providers.
   * The options below are the config's own that carry a record, copied under their names by the
   * same loop (no line names them): read by the features' own code only.
   */
  readonly features: readonly FeatureCode[];
  /** The second-factor option as configured; `undefined` when second factors are off. */
  readonly secondFactor?: SecondFactorsOption;
  /** The access-token option as configured; `undefined` when access tokens are off. */
  readonly accessTokens?: AccessTokensOption;
  /** The API-key option as configured; `undefined` when API keys are off. */
  readonly apiKeys?: ApiKeysOption;
  /** The site-administration option as configured; `undefined` when it is off. */
  readonly admin?: AdminOption;
  /** The organizations option as configured; `undefined` when organizations are off. */
  readonly organizations?: OrganizationsOption;
  /** The SCIM option as configured; `undefined` when SCIM is off. */
  readonly scim?: ScimOption;
  /** The audit-trail option as configured; `undefined` when it is off. */
  readonly audit?: AuditTrailOption;
  /** The store, prefix and limits of `RateLimit()`; `undefined` when rate limits are off. */
  readonly rateLimit?: LimitsState;
  /** The configured plugins; `undefined` when there are none. */
  readonly plugins?: readonly Plugin[];
  /**
   * Per type, the loader of the flow a provider written as a plain object gets (flows/lazy.ts's
   * `plainObjectFlows`, which `Auth` of `@latch/core` passes); none under `@latch/core/slim`.
   */
  readonly plainObjectFlows?: Readonly<Partial<Record<"oauth" | "oidc" | "email", () => Promise<object>>>>;
}
