import { requiredAdapterMethods, type AdapterMethod } from "../adapter.js";
import {
  type AuthError, MissingAdapter, MissingAdapterMethods, MissingAuthorize, MissingSecret, UnsupportedStrategy, UntrustedHost,
  InvalidProvider, InvalidEndpoints, InvalidAccountLinking, MissingEmailTransport, InvalidPlugin,
} from "../errors.js";
import type { EndpointConfig, ProviderConfig } from "../types/providers.js";
import type { AuthConfig } from "../types/config.js";
import { pluginCodeOf } from "./plugin-code.js";
import { missingMethods } from "./adapter-guard.js";
import { providerEnvPrefix } from "./env.js";
import { parseSiteUrl } from "./origin.js";
import { isAbsoluteUrl } from "./providers.js";
import { staticConfig } from "./resolve.js";
import { providerFlow } from "../symbols.js";
import type { ProviderCheck } from "./provider-check.js";
import type { WarningCode } from "../types/logger.js";

/** An endpoint URL that is still relative after merging: the provider has no `issuer` to resolve it against. */
function checkRelativeEndpoints(provider: ProviderConfig): AuthError | null {
  if (provider.type !== "oauth" && provider.type !== "oidc") return null;
  for (const key of ["authorization", "token", "userinfo"] as const) {
    const url = (provider[key] as EndpointConfig | undefined)?.url;
    if (url && !isAbsoluteUrl(url)) {
      return new InvalidEndpoints(`The ${key} URL "${url}" of provider "${provider.id}" is relative to its issuer, but it has none: set \`issuer\` (or ${providerEnvPrefix(provider.id)}_ISSUER).`);
    }
  }
  return null;
}

/** `account.linking` is a policy; `"verified-email"` trusts at least one of the oauth/oidc providers. */
function checkAccountOptions(config: AuthConfig, providers: readonly ProviderConfig[]): AuthError | null {
  const { linking = "never", trustedProviders = [] } = config.account ?? {};
  const oauthIds = providers.filter((p) => p.type === "oauth" || p.type === "oidc").map((p) => p.id);
  const wrong = (linking !== "never" && linking !== "verified-email") || !Array.isArray(trustedProviders) || trustedProviders.some((id) => !oauthIds.includes(id));
  if (wrong || (linking === "verified-email" && !trustedProviders.length)) {
    return new InvalidAccountLinking('account: linking "never" (default), or "verified-email" with trustedProviders: [oauth/oidc provider ids].');
  }
  return null;
}

/** The one-time warnings about account linking. */
function warnAboutLinking(config: AuthConfig, logger: ReturnType<typeof staticConfig>["logger"]): void {
  const providers = staticConfig(config).mergedProviders;
  const dangerous = providers.filter((p) => (p as { allowDangerousEmailAccountLinking?: boolean }).allowDangerousEmailAccountLinking).map((p) => p.id);
  if (dangerous.length) logger.warn("dangerous-email-account-linking", `${dangerous}: allowDangerousEmailAccountLinking links unverified addresses; prefer account.linking "verified-email".`);
  const { adapter } = config;
  if (!adapter || !providers.some((p) => p.type === "oauth" || p.type === "oidc")) return;
  if (!((adapter.getAccountByUserId || adapter.listAccountsByUserId) && adapter.unlinkAccount)) {
    logger.warn("unproven-accounts-kept", "The adapter lacks getAccountByUserId or unlinkAccount: OAuth accounts linked before an address is proven outlive the proof.");
  } else if (!adapter.listAccountsByUserId) {
    logger.warn("accounts-not-listed", "The adapter lacks listAccountsByUserId: an unproven user gets one account per provider.");
  }
}

/** Every provider is an object with a string `id` (a module object or anything else in the list is not). */
function checkProviderId(provider: ProviderConfig, index: number): AuthError | null {
  if (provider && typeof provider === "object" && typeof provider.id === "string" && provider.id) return null;
  const shape = provider && typeof provider === "object" ? `an object with the keys ${Object.keys(provider).join(", ")}` : String(provider);
  return new InvalidProvider(`providers[${index}] has no \`id\`: it is ${shape}. Pass a provider such as \`GitHub\` or \`GitHub({ … })\`.`);
}

function findProblem(config: AuthConfig, warnings: Map<WarningCode, string>): AuthError | null {
  const s = staticConfig(config);
  if (!s.secrets.length) {
    return new MissingSecret("Please define a `secret`: set AUTH_SECRET to a random string of at least 32 characters (for example the output of `openssl rand -base64 33`).");
  }
  if (config.siteUrl !== undefined) {
    const parsed = parseSiteUrl(config.siteUrl);
    if (!(parsed instanceof URL)) return parsed;
  } else if (!config.trustHost) {
    return new UntrustedHost("The request's host is not trusted. Set `trustHost: true` or AUTH_TRUST_HOST=true when a proxy you control sets the Host header, or AUTH_URL to your site's URL.");
  }
  const ids = new Set<string>();
  const needs = new Set<AdapterMethod>();
  for (const [index, provider] of s.mergedProviders.entries()) {
    const idProblem = checkProviderId(provider, index);
    if (idProblem) return idProblem;
    if (ids.has(provider.id)) return new InvalidProvider(`Two providers have the id "${provider.id}". Give one of them another \`id\`.`);
    ids.add(provider.id);
    const endpointProblem = checkRelativeEndpoints(provider);
    if (endpointProblem) return endpointProblem;
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(`The credentials provider "${provider.id}" needs an \`authorize\` function.`);
    }
    if (provider.type === "email") {
      // An SMTP provider (Nodemailer) given `server: process.env.EMAIL_SERVER` with the variable unset has nowhere to send.
      if ("server" in provider && !(provider as { server?: unknown }).server) {
        return new MissingEmailTransport(`The email provider "${provider.id}" has no \`server\` (is EMAIL_SERVER set?): give it an SMTP URL or transport options.`);
      }
      if (!config.adapter) return new MissingAdapter(`The email provider "${provider.id}" needs an adapter to store verification tokens; set \`adapter\` in the config.`);
      requiredAdapterMethods.email.forEach((m) => needs.add(m));
    }
    // The passkey flow and its WebAuthn library come only with the factory (so that apps without passkeys never load them).
    if (provider.type === "webauthn" && !provider[providerFlow]) return new InvalidProvider(`The webauthn provider "${provider.id}" must be made with \`Passkey()\` from "@latch/core/providers/passkey".`);
    // The rules of a type whose providers come from a factory (Passkey()) come with it.
    const flowProblem = (provider[providerFlow] as { check?: ProviderCheck } | undefined)?.check?.({
      provider, config, providers: s.mergedProviders, index, needs, warn: (code, message) => warnings.set(code, message),
    });
    if (flowProblem) return flowProblem;
  }
  const accountProblem = checkAccountOptions(config, s.mergedProviders);
  if (accountProblem) return accountProblem;
  if (config.plugins?.length) {
    // The plugins check themselves: the code and its messages come with `definePlugin`.
    const code = pluginCodeOf(config.plugins);
    const problem = code ? code.check(config.plugins, config.adapter) : new InvalidPlugin("Make each plugin with `definePlugin` of \"@latch/core/plugins\".");
    if (problem) return problem;
  }
  // Each configured feature checks itself (its code and messages come with its option) and names its adapter methods.
  for (const feature of s.features) {
    const problem = feature.check?.(config.adapter, s.session, needs);
    if (problem) return problem;
  }
  if (s.session.strategy === "database") {
    if (!config.adapter) return new MissingAdapter("The database session strategy needs an adapter; set `adapter`, or use `session: { strategy: \"jwt\" }`.");
    requiredAdapterMethods.database.forEach((m) => needs.add(m));
  } else if (s.session.strategy !== "jwt") {
    return new UnsupportedStrategy(`Unknown session strategy "${String(s.session.strategy)}": use "jwt" or "database".`);
  }
  if (config.adapter) {
    const missing = missingMethods(config.adapter, [...needs]);
    if (missing.length) return new MissingAdapterMethods(missing);
  }
  return null;
}

/**
 * Checks that a config can work at all, and returns the first problem found with a message that
 * says how to fix it. Logs the one-time warnings: `Auth()` calls it once per config object.
 */
export function assertConfig(config: AuthConfig): AuthError | null {
  // The providers' checks record their warnings here (Passkey()'s come with its flow).
  const warnings = new Map<WarningCode, string>();
  const problem = findProblem(config, warnings);
  const { logger } = staticConfig(config);
  if (!problem) {
    if (config.debug) logger.warn("debug-enabled", "Debug logging is on; turn it off in production.");
    if (config.skipCSRFCheck) logger.warn("csrf-disabled", "The CSRF check is off; make sure your framework checks the request origin.");
    for (const [code, message] of warnings) logger.warn(code, message);
    warnAboutLinking(config, logger);
  }
  return problem;
}
