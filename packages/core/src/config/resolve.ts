import type { Adapter } from "../adapter.js";
import { randomHex } from "../crypto/index.js";
import type { ProviderConfig } from "../types/providers.js";
import { defaultRedirect } from "../security/request-checks.js";
import { resolveCookies } from "../security/cookies.js";
import { featureCode, originCheck, skipCSRFCheck } from "../symbols.js";
import type { AuthConfig } from "../types/config.js";
import { limitsState } from "../limits/state.js";
import type { AccountOptions } from "../types/account-options.js";
import type { CookiesOptions } from "../types/cookies.js";
import type { SessionOptions } from "../types/session-options.js";
import type { FeatureCode } from "../types/feature.js";
import { guardAdapter } from "./adapter-guard.js";
import type { AuthContext, ResolvedCallbacks } from "./context.js";
import { guardEvents } from "./events.js";
import { resolveLogger } from "./logger.js";
import { configuredOrigin } from "./origin.js";
import { mergeProviders, withProviderUrls, type InternalProvider } from "./providers.js";

/** The parts of a resolved config that do not depend on the request; computed once per config object. */
interface StaticConfig {
  basePath: string;
  secrets: string[];
  mergedProviders: ProviderConfig[];
  session: SessionOptions;
  jwt: AuthContext["jwt"];
  callbacks: ResolvedCallbacks;
  adapter?: Adapter;
  events: AuthContext["events"];
  logger: AuthContext["logger"];
  /** Providers with their URLs, per base URL (a deployment has one or a few). */
  providersByBase: Map<string, InternalProvider[]>;
  /** Cookie names and attributes, for secure (`true`) and plain (`false`) cookies. */
  cookiesBySecurity: Map<boolean, CookiesOptions>;
  /** The origin `siteUrl` fixes, parsed once; unset when each request's own origin is used. */
  siteOrigin?: string;
  account: AccountOptions;
  /** The configured features' records, in the order they were found. */
  features: readonly FeatureCode[];
  /** The config's own options that carry a feature (`admin`, `apiKeys`…), by name, as configured. */
  featureOptions: Readonly<Record<string, unknown>>;
}

const staticCache = new WeakMap<AuthConfig, StaticConfig>();


/** `basePath` with a leading slash and no trailing one; `/auth` when unset. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? "/auth").replace(/\/+$/, "");
  if (!trimmed) return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

function secretsOf(secret: AuthConfig["secret"]): string[] {
  return (Array.isArray(secret) ? secret : [secret]).filter((s): s is string => typeof s === "string" && s.length > 0);
}

function resolveStatic(config: AuthConfig): StaticConfig {
  const logger = resolveLogger(config.logger, !!config.debug);
  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt");
  const maxAge = config.session?.maxAge ?? 30 * 24 * 60 * 60;
  const session: SessionOptions = {
    // The app's other session options as given (`ipAddress`, `providerTokens`, and the features
    // under `session`: `control`, `bearer`, `revocation`), the defaults filled in.
    ...config.session,
    strategy,
    maxAge,
    updateAge: config.session?.updateAge ?? 24 * 60 * 60,
    absoluteMaxAge: config.session?.absoluteMaxAge ?? 30 * 24 * 60 * 60,
    // 32 random bytes (256 bits) as 64 hex characters.
    generateSessionToken: config.session?.generateSessionToken ?? (() => randomHex(32)),
  };
  const mergedProviders = mergeProviders(config.providers ?? []);
  // The configured features: every value of the config, of `session`, of `account` and every
  // provider that carries a feature's record. One loop, whatever the number of features.
  const features: FeatureCode[] = [];
  const featureOptions: Record<string, unknown> = {};
  for (const values of [config, config.session, config.account, mergedProviders]) {
    for (const [name, value] of Object.entries(values ?? {})) {
      const code = (value as { [featureCode]?: FeatureCode } | null)?.[featureCode];
      if (code) {
        features.push(code);
        if (values === config) featureOptions[name] = value;
      }
    }
  }
  return {
    basePath: normalizeBasePath(config.basePath),
    secrets: secretsOf(config.secret),
    mergedProviders,
    session,
    jwt: { maxAge, ...config.jwt },
    callbacks: { redirect: defaultRedirect, ...config.callbacks } as ResolvedCallbacks,
    adapter: config.adapter ? guardAdapter(config.adapter) : undefined,
    events: guardEvents(config.events, logger),
    logger,
    providersByBase: new Map(),
    cookiesBySecurity: new Map(),
    siteOrigin: configuredOrigin(config.siteUrl),
    account: config.account ?? {},
    features,
    featureOptions,
  };
}

function cookiesFor(s: StaticConfig, secure: boolean, overrides: AuthConfig["cookies"]): CookiesOptions {
  let cookies = s.cookiesBySecurity.get(secure);
  if (!cookies) {
    const resolved = resolveCookies(secure, overrides);
    for (const cookie of Object.values(resolved)) Object.freeze(Object.freeze(cookie).options);
    cookies = Object.freeze(resolved);
    s.cookiesBySecurity.set(secure, cookies);
  }
  return cookies;
}

/** The request-independent part of `config`, cached per config object. */
export function staticConfig(config: AuthConfig): StaticConfig {
  let cached = staticCache.get(config);
  if (!cached) {
    cached = resolveStatic(config);
    staticCache.set(config, cached);
  }
  return cached;
}

/**
 * Resolves `config` for a request at `url`: defaults filled in, the site's origin chosen by the
 * origin rule (`siteUrl` wins over the request), providers merged with their URLs, cookie names
 * chosen for the scheme. Never writes into `config`; the result is frozen. It depends on the
 * request's origin only: `Auth()` keeps it per origin, so a warm request only looks it up.
 */
export function resolveConfig(config: AuthConfig, url: URL, plainObjectFlows?: AuthContext["plainObjectFlows"]): AuthContext {
  const s = staticConfig(config);
  const origin = s.siteOrigin ?? url.origin;
  return buildContext(config, s, origin, config.useSecureCookies ?? origin.startsWith("https:"), plainObjectFlows);
}

function buildContext(config: AuthConfig, s: StaticConfig, origin: string, useSecureCookies: boolean, plainObjectFlows?: AuthContext["plainObjectFlows"]): AuthContext {
  const baseUrl = `${origin}${s.basePath}`;
  let providers = s.providersByBase.get(baseUrl);
  if (!providers) {
    providers = withProviderUrls(s.mergedProviders, baseUrl);
    if (s.providersByBase.size > 32) s.providersByBase.clear();
    s.providersByBase.set(baseUrl, providers);
  }
  return Object.freeze({
    // The config's options that carry a feature, under their names (`ctx.admin`, `ctx.apiKeys`…), for the features' own code.
    ...s.featureOptions,
    baseUrl,
    origin,
    basePath: s.basePath,
    secrets: s.secrets,
    providers,
    cookies: cookiesFor(s, useSecureCookies, config.cookies),
    useSecureCookies,
    session: s.session,
    jwt: s.jwt,
    callbacks: s.callbacks,
    events: s.events,
    logger: s.logger,
    pages: config.pages ?? {},
    theme: config.theme ?? {},
    languages: config.languages ?? [],
    locale: config.locale,
    messages: config.messages,
    adapter: s.adapter,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    csrfCheck: config.csrfCheck === originCheck ? "origin" : "token",
    redirectProxyUrl: config.redirectProxyUrl,
    experimental: { enableWebAuthn: !!config.experimental?.enableWebAuthn },
    account: s.account,
    features: s.features,
    rateLimit: limitsState(config.rateLimit),
    plugins: config.plugins?.length ? config.plugins : undefined,
    plainObjectFlows,
  });
}
