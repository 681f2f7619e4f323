/**
 * The OpenID Connect side of a connection: the settings an admin gives (issuer, client, the
 * sealed secret, claims and roles), the sign-in sent to the organization's OpenID Provider and
 * its answer at `<base>/sso/oidc/callback`. The protocol (discovery, PKCE S256, `state`, `nonce`,
 * RFC 9207 `iss`, the ID token's checks) is core's (`@latch/core/oidc-client`); this module binds
 * the sign-in to its browser, keeps its checks sealed in `sso_requests`, and decides which
 * address it may take.
 */
import { oidcAuthorizationRequest, oidcCodeExchange, type OidcClient, type OidcIdTokenClaims } from "@latch/core/oidc-client";
import type { PluginEndpointContext, PluginResponse } from "@latch/core/plugins";
import { domainOf } from "./domains.js";
import { OidcResponseRefused, OutboundRefused, SsoRequestRefused, type OidcRefusal } from "./errors.js";
import { checkHost, outboundUrl, type OutboundPolicy } from "./outbound.js";
import { domainOwner, mappingOf, signInMember, type ProvisioningAdapter } from "./provisioning.js";
import { digest, type Sealer } from "./sealing.js";
import { cookieOf, sameText } from "./cookies.js";
import type { SsoStore } from "./store.js";
import { defaultMfaMethods, type OidcConnection, type OidcConnectionSettings } from "./types.js";

/** The cookie that ties a started OpenID Connect sign-in to the browser that started it (it holds the `state`). */
export const oidcRequestCookieName = "latch-sso-oidc";

const refuse = (status: 400 | 401 | 403 | 404 | 409, code: string, message: string): never => {
  throw new SsoRequestRefused(status, code, message);
};
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item.length > 0) : []);

/** The redirect URI every OpenID connection of the app registers at its provider: `<base>/sso/oidc/callback`. */
export const oidcRedirectUri = (base: string): string => `${base}/oidc/callback`;

/**
 * The settings of an OpenID connection from an admin's request: the issuer an `https:` URL (the
 * policy decides about loopback and private addresses), the client secret sealed. On an update,
 * a missing secret keeps the one `previous` holds.
 */
export async function oidcConnectionSettings(body: Readonly<Record<string, unknown>> | undefined, sealer: Sealer | null, policy: OutboundPolicy, previous?: OidcConnectionSettings): Promise<OidcConnectionSettings> {
  const issuer = text(body?.issuer) || previous?.issuer || "";
  try {
    await checkHost(outboundUrl(issuer, policy), policy);
  } catch (error) {
    if (error instanceof OutboundRefused) refuse(400, "InvalidIssuer", `The issuer: ${error.message}`);
    throw error;
  }
  const clientId = text(body?.clientId) || previous?.clientId || refuse(400, "InvalidClient", "Give the client id the OpenID Provider registered.");
  const secret = text(body?.clientSecret);
  if (!sealer) return refuse(400, "MissingSecret", "OpenID connections need Sso({ secret }) (or AUTH_SECRET) to seal their client secret.");
  const clientSecret = secret ? sealer.seal("client secret", secret) : (previous?.clientSecret ?? refuse(400, "InvalidClient", "Give the client secret the OpenID Provider issued."));
  const scopes = strings(body?.scopes);
  const { attributeMapping, groupRoles } = mappingOf(body);
  return {
    issuer,
    clientId,
    clientSecret,
    scopes: scopes.length ? [...new Set(["openid", ...scopes])] : ["openid", "email", "profile"],
    defaultRole: text(body?.defaultRole) || "member",
    attributeMapping,
    groupRoles,
    trustIdpMfa: body?.trustIdpMfa === true,
    mfaMethods: Array.isArray(body?.mfaMethods) ? strings(body.mfaMethods) : [...defaultMfaMethods],
  };
}

/** An OpenID connection as an admin sees it: no client secret, and the redirect URI to register. */
export function shownOidc(base: string, connection: OidcConnection) {
  const { clientSecret: _, ...rest } = connection.settings;
  return { id: connection.id, organizationId: connection.organizationId, kind: connection.kind, ...rest, rp: { redirectUri: oidcRedirectUri(base) }, createdAt: connection.createdAt };
}

/** What the OpenID endpoints need from the plugin. */
export interface OidcEndpointsSettings {
  readonly store: SsoStore;
  readonly sealer: Sealer | null;
  readonly policy: OutboundPolicy;
  /** How long a sign-in sent to the provider may take, seconds. */
  readonly requestMaxAge: number;
}

function clientOf(settings: OidcEndpointsSettings, base: string, connection: OidcConnection): OidcClient {
  const clientSecret = settings.sealer?.open("client secret", connection.settings.clientSecret);
  if (!clientSecret) return refuse(400, "MissingSecret", "The connection's client secret does not open with this app's secret.");
  return { id: `sso-${connection.id}`, issuer: connection.settings.issuer, clientId: connection.settings.clientId, clientSecret, redirectUri: oidcRedirectUri(base), fetch: guardedFetch(settings.policy) };
}

/**
 * `fetch` held to the outbound policy: the discovery document an organization's admin points to
 * names the token and key endpoints, which must not lead inside the network either.
 */
function guardedFetch(policy: OutboundPolicy): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    try {
      await checkHost(outboundUrl(url, policy), policy);
    } catch (error) {
      if (error instanceof OutboundRefused) throw new OidcResponseRefused("outbound", `The provider's endpoint ${new URL(url).origin}: ${error.message}`, { cause: error });
      throw error;
    }
    return fetch(url, { ...init, redirect: "manual" });
  };
}

/** The cookie: `SameSite=Lax` (the provider redirects back with a top-level GET), `Secure` over https. */
function requestCookie(ctx: PluginEndpointContext, base: string, state: string, maxAge: number): string {
  const path = `${new URL(base).pathname}/oidc`;
  const secure = new URL(ctx.request.url).protocol === "https:" ? "; Secure" : "";
  return `${oidcRequestCookieName}=${state}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Sends the browser to the organization's OpenID Provider; the checks are kept sealed until the callback. */
export async function startOidcSignIn(ctx: PluginEndpointContext, settings: OidcEndpointsSettings, base: string, connection: OidcConnection, callbackUrl: string, loginHint?: string): Promise<PluginResponse> {
  try {
    await checkHost(outboundUrl(connection.settings.issuer, settings.policy), settings.policy);
  } catch (error) {
    if (error instanceof OutboundRefused) refuse(400, "InvalidIssuer", `The issuer: ${error.message}`);
    throw error;
  }
  const started = await oidcAuthorizationRequest(clientOf(settings, base, connection), { scope: connection.settings.scopes.join(" "), ...(loginHint && { loginHint }) });
  const checks = settings.sealer!.seal("pending sign-in", JSON.stringify({ nonce: started.nonce, codeVerifier: started.codeVerifier }));
  await settings.store.saveRequest({ id: digest(started.state), requestId: checks, connectionId: connection.id, callbackUrl, expires: new Date(Date.now() + settings.requestMaxAge * 1000) });
  return ctx.text("", { status: 303, headers: { Location: started.url, "Cache-Control": "no-store", "Set-Cookie": requestCookie(ctx, base, started.state, settings.requestMaxAge) } });
}

/** The check core reports (`cause.check`) as the refusal's reason. */
function reasonOf(error: unknown): OidcRefusal | null {
  const type = (error as { type?: unknown })?.type;
  if (type !== "OAuthCallbackError" && type !== "InvalidCheck") return null;
  const check = (error as { cause?: { check?: unknown } }).cause?.check;
  const known: Record<string, OidcRefusal> = { iss: "iss", aud: "aud", azp: "aud", nonce: "nonce", state: "state", signature: "signature", alg: "signature", error: "error", discovery: "discovery" };
  return (typeof check === "string" && known[check]) || "token";
}

/** The refusal of an endpoint the discovery document names, under core's wrapping (`cause`, or `cause.err`). */
function refusalWithin(error: unknown): OidcResponseRefused | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (current instanceof OidcResponseRefused) return current;
    const cause = (current as { cause?: unknown }).cause;
    current = cause instanceof Error ? cause : (cause as { err?: unknown } | undefined)?.err;
  }
  return null;
}

/** The claim as a list of strings (a provider may send one group as a string). */
function claimList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return strings(value);
}

/**
 * `GET <base>/sso/oidc/callback`: the pending sign-in found by its `state` and bound to this
 * browser, core's checks of the answer and the ID token, then the address: taken when the provider
 * says it verified it (`email_verified: true`) or when it is under a domain the organization
 * verified; refused when another organization verified its domain.
 */
export async function completeOidcSignIn(ctx: PluginEndpointContext, settings: OidcEndpointsSettings, base: string, adapter: () => ProvisioningAdapter): Promise<PluginResponse> {
  const params = new URLSearchParams(Object.entries(ctx.query));
  const state = params.get("state") ?? "";
  const pending = state ? await settings.store.takeRequest(digest(state)) : null;
  if (!pending) throw new OidcResponseRefused("state", "The answer does not belong to a sign-in started here.");
  if (pending.expires.getTime() <= Date.now()) throw new OidcResponseRefused("expired", "The sign-in took too long; start again.");
  if (!sameText(cookieOf(ctx.request, oidcRequestCookieName), state)) throw new OidcResponseRefused("browser", "The sign-in was started in another browser.");
  const connection = await settings.store.getConnection(pending.connectionId);
  if (!connection || connection.kind !== "oidc") throw new OidcResponseRefused("state", "The sign-in's connection is gone.");
  const opened = settings.sealer?.open("pending sign-in", pending.requestId);
  const checks = opened ? (JSON.parse(opened) as { nonce: string; codeVerifier: string }) : null;
  if (!checks) throw new OidcResponseRefused("state", "The sign-in's checks do not open with this app's secret.");

  let claims: OidcIdTokenClaims;
  try {
    claims = await oidcCodeExchange(clientOf(settings, base, connection), params, { state, ...checks });
  } catch (error) {
    const outbound = refusalWithin(error);
    if (outbound) throw outbound;
    const reason = reasonOf(error);
    if (reason) throw new OidcResponseRefused(reason, (error as Error).message, { cause: error });
    throw error;
  }

  const mapping = connection.settings.attributeMapping;
  const rawEmail = claims[mapping.email ?? "email"];
  const email = typeof rawEmail === "string" ? rawEmail.trim().toLowerCase() : "";
  if (!email || !domainOf(email)) throw new OidcResponseRefused("no-email", "The ID token carries no address.");
  const owner = await domainOwner(settings.store, connection, email);
  // An organization's provider does not speak for a domain another organization verified.
  if (owner === "other") throw new OidcResponseRefused("other-organization", "Another organization verified this address's domain.");
  if (owner === "none" && claims.email_verified !== true) throw new OidcResponseRefused("unverified-email", "The provider did not verify the address, and its domain is not one the organization verified.");
  const rawName = claims[mapping.name ?? "name"];
  const groups = claimList(claims[mapping.groups ?? "groups"]);
  const amr = claimList(claims.amr);
  const { trustIdpMfa, mfaMethods } = connection.settings;
  return signInMember(ctx, adapter(), connection, {
    accountId: claims.sub,
    email,
    name: typeof rawName === "string" ? rawName : null,
    groups,
    // Only the organization's verified domain proves the address to Latch (PROTOCOL §6): a
    // provider an organization's admin configured may not link an address it merely asserts.
    emailProven: owner === "this",
    secondFactor: trustIdpMfa && amr.some((method) => mfaMethods.includes(method)),
    profile: { sub: claims.sub, email, name: rawName ?? null, groups, amr, iss: claims.iss },
    callbackUrl: pending.callbackUrl,
  });
}
