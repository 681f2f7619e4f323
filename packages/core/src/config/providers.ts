import type { EmailConfig, EndpointConfig, OAuthCheck, OAuthConfig, Provider, ProviderConfig } from "../types/providers.js";

/** A provider after its options were merged over its defaults, with the URLs Latch serves for it. */
export type InternalProvider<T extends ProviderConfig = ProviderConfig> = T & {
  /** `<base>/signin/<id>` */
  signinUrl: string;
  /** `<base>/callback/<id>` */
  callbackUrl: string;
};

/** An OAuth/OIDC provider after resolution: endpoints as objects, `checks` filled in. */
export type InternalOAuthProvider = InternalProvider<OAuthConfig<any>> & {
  authorization?: EndpointConfig;
  token?: EndpointConfig;
  userinfo?: EndpointConfig;
  checks: OAuthCheck[];
};

function asEndpoint(value: unknown): EndpointConfig | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return { url: value };
  return value as EndpointConfig;
}

function mergeEndpoint(defaults: unknown, override: unknown): EndpointConfig | undefined {
  const base = asEndpoint(defaults);
  const over = asEndpoint(override);
  if (!base) return over;
  if (!over) return base;
  return { ...base, ...over, params: { ...base.params, ...over.params } };
}

/** True for a URL with a scheme (`https:`…); any other endpoint URL is relative to the issuer. */
export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url);
}

/**
 * An endpoint given relative to the issuer (`"oauth/authorize"`), made absolute by appending it
 * to the issuer's path, which keeps a path prefix (a GitLab installed under `/gitlab`). Left as it
 * is without an issuer; `assertConfig` reports that.
 */
function resolveAgainstIssuer(endpoint: EndpointConfig | undefined, issuer: string | undefined): EndpointConfig | undefined {
  if (!endpoint?.url || !issuer || isAbsoluteUrl(endpoint.url)) return endpoint;
  return { ...endpoint, url: `${issuer.replace(/\/+$/, "")}/${endpoint.url.replace(/^\/+/, "")}` };
}

function mergeOAuth(defaults: OAuthConfig<any>, options: Record<string, unknown>): InternalOAuthProvider {
  const merged = { ...defaults, ...options } as OAuthConfig<any> & Record<string, unknown>;
  // Relative endpoints are resolved only now, against the merged issuer, so that an `issuer`
  // option or AUTH_<ID>_ISSUER moves every endpoint the provider derives from it.
  for (const key of ["authorization", "token", "userinfo"] as const) {
    merged[key] = resolveAgainstIssuer(mergeEndpoint(defaults[key], options[key]), merged.issuer) as never;
  }
  const checks: OAuthCheck[] = merged.checks ?? (merged.type === "oidc" ? ["pkce", "state", "nonce"] : ["pkce", "state"]);
  return { ...merged, checks } as InternalOAuthProvider;
}

/**
 * A module object in place of the provider function it carries (`{ default: GitHub }`, what
 * `require()` or a bundler's interop gives for an ES module's default export) stands for that
 * function; anything else is itself.
 */
function unwrapDefault(entry: unknown): unknown {
  if (entry && typeof entry === "object" && !("id" in entry) && typeof (entry as { default?: unknown }).default === "function") {
    return (entry as { default: unknown }).default;
  }
  return entry;
}

/**
 * Calls provider functions that were passed uncalled and merges each provider's `options` over its
 * defaults. Neither the user's config nor the provider objects are modified.
 */
export function mergeProviders(providers: readonly Provider[]): ProviderConfig[] {
  return providers.map((given) => {
    const entry = unwrapDefault(given);
    const provider = unwrapDefault(typeof entry === "function" ? (entry as () => unknown)() : entry) as ProviderConfig;
    const { options = {}, ...defaults } = provider as ProviderConfig & { options?: Record<string, unknown> };
    if (provider.type === "oauth" || provider.type === "oidc") {
      return mergeOAuth(defaults as OAuthConfig<any>, options);
    }
    if (provider.type === "email") {
      return { ...(defaults as EmailConfig), ...options } as EmailConfig;
    }
    return { ...defaults, ...options } as ProviderConfig;
  });
}

/** Adds the sign-in and callback URLs under `baseUrl` to each provider. */
export function withProviderUrls(providers: readonly ProviderConfig[], baseUrl: string): InternalProvider[] {
  return providers.map((p) => ({ ...p, signinUrl: `${baseUrl}/signin/${p.id}`, callbackUrl: `${baseUrl}/callback/${p.id}` }));
}
