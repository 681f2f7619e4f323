import type { AuthAction } from "../types/actions.js";
import { InvalidRequest } from "../errors.js";
import type { AuthConfig } from "../types/config.js";
import type { RateLimitConfig } from "../types/rate-limit.js";
import type { ProviderConfig } from "../types/providers.js";
import { RateLimit } from "../limits/factory.js";

/** An environment: `process.env`, a platform's bindings, or any string record. */
export type EnvObject = Record<string, string | undefined>;

let defaultRateLimit: RateLimitConfig | undefined;

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  return undefined;
}

/** `AUTH_<ID>` prefix of a provider's variables: id upper-cased, `-` → `_`. */
export function providerEnvPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}

function withProviderEnv(provider: AuthConfig["providers"][number], env: EnvObject): AuthConfig["providers"][number] {
  const resolved = (typeof provider === "function" ? provider() : provider) as ProviderConfig;
  const options = { ...(resolved.options as Record<string, unknown> | undefined) };
  const prefix = providerEnvPrefix(String(options.id ?? resolved.id));
  const fill = (key: string, variable: string) => {
    if (options[key] === undefined && env[variable] !== undefined) options[key] = env[variable];
  };
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    fill("clientId", `${prefix}_ID`);
    fill("clientSecret", `${prefix}_SECRET`);
    fill("issuer", `${prefix}_ISSUER`);
  } else if (resolved.type === "email") {
    fill("apiKey", `${prefix}_KEY`);
  }
  return { ...resolved, options } as ProviderConfig;
}

/**
 * Fills the config's unset options from the environment: `secret` (`AUTH_SECRET`, alias
 * `NEXTAUTH_SECRET`, then `AUTH_SECRET_1..3` for rotation), `siteUrl` from `AUTH_URL` (alias
 * `NEXTAUTH_URL`: the origin of every URL Latch writes), `basePath` from its path, `trustHost` (`AUTH_TRUST_HOST`: `true`/`1` or `false`/`0`; otherwise
 * trusted when `AUTH_URL` is set, on platforms that set the host safely, or outside production),
 * `redirectProxyUrl` (`AUTH_REDIRECT_PROXY_URL`), `rateLimit` (`RateLimit()` with its defaults when
 * `AUTH_RATE_LIMIT` is `true`/`1`, or when it is unset and `NODE_ENV` is `production`) and the providers' `AUTH_<ID>_ID`, `_SECRET`,
 * `_ISSUER` and `_KEY`. Providers are replaced by new objects; provider objects are never mutated.
 *
 * @example
 * ```ts
 * const config = { providers: [GitHub] }
 * setEnvDefaults(process.env, config) // config.secret, config.providers[0].options.clientId, …
 * ```
 */
export function setEnvDefaults(envObject: EnvObject, config: AuthConfig): void {
  const env = envObject ?? {};
  if (!config.secret || (Array.isArray(config.secret) && config.secret.length === 0)) {
    const main = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
    const older = [env.AUTH_SECRET_1, env.AUTH_SECRET_2, env.AUTH_SECRET_3];
    const secrets = [main, ...older].filter((s): s is string => !!s);
    if (secrets.length) config.secret = secrets.length === 1 ? secrets[0] : secrets;
  }
  const siteUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (siteUrl) config.siteUrl ??= siteUrl;
  if (siteUrl) {
    try {
      const { pathname } = new URL(siteUrl);
      const path = pathname.replace(/\/+$/, "");
      if (path) {
        const warn = config.logger?.warn ?? ((code: string, message: string) => console.warn(`[latch][warn][${code}]`, message));
        if (!config.basePath) config.basePath = path;
        else if (config.basePath === path) warn("env-url-basepath-redundant", "AUTH_URL's path and basePath are the same; one of them is enough.");
        else warn("env-url-basepath-mismatch", `basePath "${config.basePath}" wins over AUTH_URL's path "${path}".`);
      }
    } catch {
      // an invalid AUTH_URL is reported when a URL is built from it
    }
  }
  if (config.trustHost === undefined) {
    config.trustHost =
      parseBoolean(env.AUTH_TRUST_HOST) ??
      (!!siteUrl || !!env.VERCEL || !!env.CF_PAGES || env.NODE_ENV !== "production");
  }
  config.redirectProxyUrl ??= env.AUTH_REDIRECT_PROXY_URL;
  // Rate limits: on in production unless the config (`rateLimit: false`) or AUTH_RATE_LIMIT says otherwise.
  if (config.rateLimit === undefined) {
    const on = parseBoolean(env.AUTH_RATE_LIMIT) ?? env.NODE_ENV === "production";
    // One default limiter per process: a config made per request (a lazy config function) must
    // not get fresh counters with each request.
    if (on) config.rateLimit = defaultRateLimit ??= RateLimit();
  }
  config.providers = (config.providers ?? []).map((p) => withProviderEnv(p, env));
}

// RFC 9110 §7.2 (Host = uri-host [":" port]); RFC 3986 §3.2.2: a registered name or a bracketed
// IP literal (underscores allowed, as container names use them). Anything else (user info,
// paths, spaces, several hosts) is not a host.
const hostPattern = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The origin a request names through its scheme and `Host` (or `X-Forwarded-Proto` and
 * `X-Forwarded-Host`); `InvalidRequest` when the scheme is not http(s) or the host is malformed.
 * Integrations use it to build the URL they pass to `Auth()` when `siteUrl` is not set.
 *
 * @example
 * ```ts
 * requestOrigin("https", "app.example.com") // → URL https://app.example.com/
 * requestOrigin("file", "app.example.com")  // throws InvalidRequest
 * ```
 */
export function requestOrigin(protocol: string, host: string | null | undefined): URL {
  const scheme = (protocol.endsWith(":") ? protocol : `${protocol}:`).toLowerCase();
  if (scheme !== "http:" && scheme !== "https:") throw new InvalidRequest("The request's protocol is not http or https.");
  if (!host || !hostPattern.test(host)) throw new InvalidRequest("The request's Host header is not a valid host.");
  try {
    return new URL(`${scheme}//${host}`);
  } catch {
    // The pattern admits what the URL parser may still refuse, such as a port above 65535.
    throw new InvalidRequest("The request's Host header is not a valid host.");
  }
}

/**
 * The absolute URL of `action`: from `AUTH_URL` when set, else from `X-Forwarded-Host`/`Host` and
 * `X-Forwarded-Proto` (or `protocol`) through {@link requestOrigin} (so a malformed host or a
 * scheme other than http(s) throws `InvalidRequest`), then `basePath` and the action.
 *
 * @example
 * ```ts
 * createActionURL("signin", "https", new Headers({ host: "example.com" }), process.env, "/auth")
 * // → https://example.com/auth/signin
 * ```
 */
export function createActionURL(action: AuthAction, protocol: string, headers: Headers, envObject: EnvObject, basePath?: string): URL {
  const envUrl = envObject?.AUTH_URL ?? envObject?.NEXTAUTH_URL;
  let url: URL;
  if (envUrl) {
    url = new URL(envUrl);
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      url = new URL(url.origin);
    }
  } else {
    url = requestOrigin(headers.get("x-forwarded-proto") ?? protocol, headers.get("x-forwarded-host") ?? headers.get("host"));
  }
  const base = `${url.pathname}/${(basePath ?? "").replace(/^\/+|\/+$/g, "")}`.replace(/\/{2,}/g, "/").replace(/\/$/, "");
  return new URL(`${base}/${action}`, url.origin);
}
