import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { fetchOf, requestOptions } from "./http.js";
import type { IssuerTemplates } from "./issuer-template.js";

/** The authorization server a provider talks to, and whether its issuer identifier is known. */
export interface ProviderServer {
  as: o.AuthorizationServer;
  /** False for a plain OAuth 2 provider configured without `issuer`: the RFC 9207 check cannot run. */
  issuerKnown: boolean;
}

/** Stands in for the issuer of a plain OAuth 2 provider that has none (oauth4webapi needs a string). */
const unknownIssuer = "urn:latch:issuer-not-configured";

// Discovery documents, kept for a while: every sign-in needs one twice (start and callback).
// A cache only; another instance simply fetches its own.
const ttlMs = 10 * 60 * 1000;
const cache = new Map<string, { server: Promise<o.AuthorizationServer>; until: number }>();

function needsDiscovery(provider: InternalOAuthProvider): boolean {
  if (provider.type === "oidc") return true;
  // Plain OAuth 2 (RFC 6749) names its endpoints; discovery (RFC 8414) only fills missing ones.
  return !provider.authorization?.url || !provider.token?.url;
}

/**
 * Checks a discovery response (OIDC Discovery 1.0 section 4.3, RFC 8414 section 3.3): the document's
 * `issuer` must be the configured one. One exception, with `templates`: a `{tenantid}` template
 * (Microsoft's multi-tenant endpoints) that is the template of the configured issuer; the ID
 * token's tenant then fills it in at the callback. Without a configured issuer the document names
 * its own, which is then checked against itself.
 */
async function processDiscovery(configured: string | undefined, response: Response, source: string, templates: IssuerTemplates | null): Promise<o.AuthorizationServer> {
  const published = ((await response.clone().json().catch(() => ({}))) as { issuer?: unknown }).issuer;
  if (templates && typeof published === "string" && templates.isTemplate(published) && (!configured || templates.covers(published, configured))) {
    return o.processDiscoveryResponse(new URL(published), response);
  }
  const expected = configured ?? (typeof published === "string" ? published : undefined);
  if (!expected) throw new TypeError(`The discovery document at ${source} names no issuer.`);
  return o.processDiscoveryResponse(new URL(expected), response);
}

async function fromWellKnown(provider: InternalOAuthProvider, wellKnown: string, templates: IssuerTemplates | null): Promise<o.AuthorizationServer> {
  const response = await fetchOf(provider)(wellKnown, { headers: { accept: "application/json" } });
  return processDiscovery(provider.issuer, response, wellKnown, templates);
}

async function discover(provider: InternalOAuthProvider, templates: IssuerTemplates | null): Promise<o.AuthorizationServer> {
  if (provider.wellKnown) return fromWellKnown(provider, provider.wellKnown, templates);
  if (!provider.issuer) throw new TypeError(`Provider "${provider.id}" needs an issuer (or wellKnown) for discovery, or explicit authorization and token URLs.`);
  const issuer = new URL(provider.issuer);
  // OpenID Connect Discovery 1.0 section 4 for oidc; RFC 8414 section 3 for plain OAuth 2.
  const response = await o.discoveryRequest(issuer, {
    algorithm: provider.type === "oidc" ? "oidc" : "oauth2",
    ...requestOptions(provider, issuer),
  });
  return processDiscovery(provider.issuer, response, issuer.href, templates);
}

function cachedDiscovery(provider: InternalOAuthProvider, templates: IssuerTemplates | null): Promise<o.AuthorizationServer> {
  // The configured issuer is part of the key, and whether templates are allowed: the document is checked against them.
  const key = `${provider.type} ${provider.wellKnown ?? ""} ${provider.issuer ?? ""} ${!templates}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.server;
  const server = discover(provider, templates);
  cache.set(key, { server, until: Date.now() + ttlMs });
  server.catch(() => cache.delete(key));
  return server;
}

/**
 * The provider's authorization server metadata: discovered from `issuer` (or `wellKnown`) for
 * oidc and for oauth providers that leave endpoints out, with the provider's explicit endpoint
 * URLs taking precedence; built from the explicit endpoints otherwise. `templates` (the flow of
 * factory-made providers) lets a `{tenantid}` issuer template stand for the configured issuer;
 * `null` (plain objects, SSO connections) matches the issuer exactly.
 */
export async function providerServer(provider: InternalOAuthProvider, templates: IssuerTemplates | null): Promise<ProviderServer> {
  const explicit = {
    authorization_endpoint: provider.authorization?.url,
    token_endpoint: provider.token?.url,
    userinfo_endpoint: provider.userinfo?.url,
  };
  if (!needsDiscovery(provider)) {
    const as: o.AuthorizationServer = { issuer: provider.issuer ?? unknownIssuer, ...explicit };
    return { as, issuerKnown: !!provider.issuer };
  }
  const discovered = await cachedDiscovery(provider, templates);
  const as: o.AuthorizationServer = {
    ...discovered,
    authorization_endpoint: explicit.authorization_endpoint ?? discovered.authorization_endpoint,
    token_endpoint: explicit.token_endpoint ?? discovered.token_endpoint,
    userinfo_endpoint: explicit.userinfo_endpoint ?? discovered.userinfo_endpoint,
  };
  return { as, issuerKnown: true };
}
