/**
 * Latch as an OAuth 2.1 authorization server and OpenID Provider, on the certified `oidc-provider`
 * library: the app's own users sign in through Latch (any provider, second factors) and other
 * apps, partners and MCP clients get authorization codes (PKCE S256), ID tokens, refresh tokens,
 * client credentials and device codes against them. Node only. Mount it with `@latch/oidc-provider/express`.
 *
 * @example
 * ```ts
 * import { OAuthProvider } from "@latch/oidc-provider"
 * import { AccessTokens } from "@latch/core/access-tokens"
 * import Credentials from "@latch/core/providers/credentials"
 *
 * const authConfig = {
 *   secret: process.env.AUTH_SECRET,
 *   providers: [Credentials({ authorize: async () => null })],
 *   accessTokens: AccessTokens(),
 * }
 * const oauth = OAuthProvider({
 *   auth: authConfig,
 *   issuer: "https://app.example",
 *   clients: [{ client_id: "partner", client_secret: "a long random secret", redirect_uris: ["https://partner.example/callback"] }],
 * })
 * ```
 * @module @latch/oidc-provider
 */
import { hkdfSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthConfig } from "@latch/core";
import { accessTokenSigningKeys, type AccessTokenSigningKeys } from "@latch/core/access-tokens";
import { signOutRequest, withEnvironment } from "@latch/core/integration";
import type { Adapter as LatchAdapter } from "@latch/core/adapters";
import type { SignedInUser } from "@latch/core/plugins";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { bridgeConfig, bindingMatches, bindingOf, rateLimited, signedInWith } from "./session-bridge.js";
import { limitRequests, refusal, routedTo } from "./limits.js";
import { handleInteraction, interactionSegment } from "./interactions.js";
import { OAuthProviderConfigurationError } from "./errors.js";
import { applySoftwareStatement, type OAuthSoftwareStatements } from "./software-statements.js";
import { bindingCookieName, type AdapterFactory, type OAuthClient, type ServerState } from "./state.js";
import { logoutPage, sentencesFor, signedOutPage } from "./consent.js";
import { grantsSegment, handleGrants } from "./grants.js";
import { memoryStorage } from "./memory.js";
import { isRecorded, jwtRevocationAndIntrospection, recordIssued } from "./issued-tokens.js";

export { OAuthAccountPages } from "./account-pages.js";
export { OAuthProviderConfigurationError } from "./errors.js";
export { bindingCookieName, type AdapterFactory, type OAuthClient } from "./state.js";
export type { OAuthSoftwareStatements, SoftwareStatementIssuer } from "./software-statements.js";


/** A protected resource (an API, an MCP server) that access tokens are issued for (RFC 8707). */
export interface OAuthResource {
  /** The scopes it accepts, with a sentence each for the consent page. */
  readonly scopes: Readonly<Record<string, string>>;
  /** Lifetime of its access tokens in seconds. Default 900. */
  readonly accessTokenLifetime?: number;
}

/** Dynamic client registration (RFC 7591), off unless turned on. */
export interface OAuthRegistration {
  /** Turn `POST <basePath>/oauth2/reg` on. */
  readonly enabled: boolean;
  /** Which redirect URIs a registered client may have: each must pass. Default: none is allowed (registration refused). */
  readonly redirectUris?: (uri: string) => boolean;
  /** At most `max` registrations per client address in `windowSeconds`. Default 10 per hour. */
  readonly rateLimit?: { readonly max: number; readonly windowSeconds: number };
  /**
   * Software statements (RFC 7591 §2.3): a registration's `software_statement`, a JWT signed by
   * one of these issuers (asymmetric algorithms only, `exp`/`nbf`/`iat` checked with 30 s of
   * tolerance, an `aud` if any naming this issuer), vouches for client metadata: its claims
   * replace the body's fields of the same name, then `redirectUris` and the other checks run on
   * the result. A bad statement is refused with `invalid_software_statement`, one from an issuer
   * not listed with `unapproved_software_statement`; with `required`, a registration without
   * one is refused with `invalid_software_statement`. Default: statements are ignored (dropped).
   */
  readonly softwareStatements?: OAuthSoftwareStatements;
}

/**
 * Client ID Metadata Documents (the OAuth draft MCP clients prefer to registration): a client
 * whose `client_id` is an https URL is known by the JSON document at that URL, fetched when it
 * first asks for authorization and cached. The document's `client_id` must be the URL itself; it
 * must not carry a secret, and Latch takes it as a public client only (`token_endpoint_auth_method`
 * `"none"`, the authorization code and refresh token grants). Off unless turned on; the
 * authorization server metadata then says `client_id_metadata_document_supported: true`. Built on
 * oidc-provider's `clientIdMetadataDocument` feature (draft 02, which it marks experimental); the
 * cache is the provider's, in memory, and starts again when the signing key rotates.
 */
export interface OAuthClientMetadataDocuments {
  /** Accept `client_id`s that are https URLs of metadata documents. */
  readonly enabled: boolean;
  /** Which document URLs may be fetched at all (before any request goes out). Default: every https URL. */
  readonly allow?: (url: URL) => boolean;
  /** The largest document read, in bytes. Default 5120. */
  readonly maxBytes?: number;
  /** How long a fetch may take, in seconds, at most 2.5. Default 2.5. */
  readonly timeoutSeconds?: number;
  /** How long a fetched document is kept, in seconds: its `Cache-Control: max-age` held between `min` and `max`. Default 30 and 86400. */
  readonly cacheSeconds?: { readonly min: number; readonly max: number };
  /**
   * The fetch the provider uses, for documents (and, when documents are on, for a client's
   * `jwks_uri` too; `timeoutSeconds` holds for both). Default: the global `fetch`, given a
   * dispatcher by oidc-provider that refuses private, loopback and other special-use addresses. A
   * replacement that ignores `init.dispatcher` drops that guard: meant for a test serving documents
   * on loopback, or an egress proxy that guards itself.
   */
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** The options of {@link OAuthProvider}. */
export interface OAuthProviderOptions {
  /** The app's Latch config, the same object its integration is given (`ExpressAuth(config)`); it must set `accessTokens: AccessTokens()`, whose keys sign. */
  readonly auth: AuthConfig;
  /** The issuer: the site's origin (`https://app.example`). Default: the origin of `siteUrl` (`AUTH_URL`). */
  readonly issuer?: string;
  /** The clients known from the start. */
  readonly clients?: readonly OAuthClient[];
  /** The protected resources by their indicator (an absolute URL), for audience-bound JWT access tokens. */
  readonly resources?: Readonly<Record<string, OAuthResource>>;
  /** Dynamic client registration. Default off. */
  readonly registration?: OAuthRegistration;
  /** Client ID Metadata Documents: https URLs as client ids. Default off. */
  readonly clientMetadataDocuments?: OAuthClientMetadataDocuments;
  /** Where the provider keeps codes, tokens, grants, sessions and registered clients: an oidc-provider adapter class (`pgStorage(pool)` of `@latch/oidc-provider/pg`). Default: memory, for one process. */
  readonly storage?: StorageFactory;
  /** How often, in seconds, the key ring is read again to see whether the key rotated (the provider is then rebuilt with the new keys). Default 60. */
  readonly keysCheckedEvery?: number;
  /** Lifetimes in seconds. */
  readonly ttl?: { readonly idToken?: number; readonly refreshToken?: number; readonly session?: number };
}


/** Makes the provider's storage, given the Latch secret (for what it seals): `pgStorage(pool)` of `@latch/oidc-provider/pg`. */
export type StorageFactory = (keys: { readonly secret: string }) => AdapterFactory;

/** The scopes of OpenID Connect, with what the consent page says of each. */
const openidScopes: Record<string, string> = {
  openid: "Know who you are",
  profile: "See your name and picture",
  email: "See your email address",
  offline_access: "Stay connected when you are away",
};

/** The running provider: the request handler for `<basePath>/oauth2/…` and what the integrations need. */
export interface OAuthProviderServer {
  /** The issuer (the site's origin). */
  readonly issuer: string;
  /** Where the provider is mounted: `<basePath>/oauth2`. */
  readonly mountPath: string;
  /** Handles a Node request under {@link mountPath}; `req.url` is the path below it, `req.originalUrl` (when set) the whole path. */
  handle(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): Promise<void>;
  /**
   * Answers a request for the authorization server's metadata (OpenID Connect Discovery 1.0 and
   * RFC 8414 alike: `/.well-known/openid-configuration`, `/.well-known/oauth-authorization-server`
   * at the origin), whatever its path.
   */
  discovery(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): Promise<void>;
  /** The protected resource metadata of `resource` (RFC 9728). */
  protectedResourceMetadata(resource: string): Record<string, unknown>;
  /** The oidc-provider instance for the current signing keys (rebuilt when the key rotates). */
  provider(): Promise<Provider>;
  /**
   * Whether the JWT access token `jti` is still live in the provider's storage: issued here, not
   * revoked (RFC 7009), its grant not revoked, not expired. What a protected resource of the same
   * app asks with `revocation: { store: server }` of `@latch/oidc-provider/resource`.
   */
  accessTokenActive(jti: string): Promise<boolean>;
}

/** Dynamic client registration's endpoint, for {@link routedTo}. */
const registrationRoute: ReadonlyMap<string, true> = new Map([["POST /REG", true]]);

/** The provider's own session cookies (and their signatures). */
const providerSessionCookies = new Set(["_session", "_session.sig", "_session.legacy", "_session.legacy.sig"]);

function cookiesOf(header: string | undefined): [string, string][] {
  if (!header) return [];
  return header.split(";").flatMap((part) => {
    const at = part.indexOf("=");
    if (at < 0) return [];
    return [[part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]];
  });
}

/** The value of cookie `name` of a `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  const found = cookiesOf(header).find(([key]) => key === name)?.[1];
  if (found === undefined) return undefined;
  try {
    return decodeURIComponent(found);
  } catch {
    return undefined;
  }
}

function originOf(value: string, what: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
    return url.origin;
  } catch {
    throw new OAuthProviderConfigurationError(`OAuthProvider: ${what} is not an http(s) URL.`);
  }
}

/** 32 bytes for `purpose`, derived from the first secret. */
function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "latch.oauth2", purpose, 32));
}

async function accountOf(adapter: LatchAdapter | undefined, id: string) {
  const user = await adapter?.getUser?.(id);
  if (!user) return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      ...(user.email ? { email: user.email, email_verified: !!user.emailVerified } : {}),
      ...(user.name ? { name: user.name } : {}),
      ...(user.image ? { picture: user.image } : {}),
    }),
  };
}

function errorPage(out: { error: string; error_description?: string }): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>${escape(out.error)}</title><h1>${escape(out.error)}</h1><p>${escape(out.error_description ?? "")}</p></html>`;
}

/**
 * Makes the app an OAuth 2.1 authorization server and OpenID Provider at `<basePath>/oauth2/…`:
 * the authorization code flow with PKCE (S256 only, required of every client), refresh tokens
 * rotated on every use (a reused one revokes its grant), client credentials, the device
 * authorization grant, ID tokens, userinfo, introspection, revocation and RP-initiated logout;
 * resource indicators give audience-bound JWT access tokens signed with the keys of
 * `AccessTokens()` (one key store, one rotation). Sign-in is Latch's: the provider's session
 * follows the Latch session of the browser and ends with it.
 *
 * @throws {OAuthProviderConfigurationError} No `accessTokens`, no issuer, or a client with a grant or response type the provider does not offer.
 */
export function OAuthProvider(options: OAuthProviderOptions): OAuthProviderServer {
  const config = withEnvironment(options.auth, "/auth");
  if (!config.accessTokens) throw new OAuthProviderConfigurationError("OAuthProvider: the Latch config needs `accessTokens: AccessTokens()`; its keys sign the provider's tokens.");
  const secrets = [config.secret ?? []].flat().filter((s): s is string => typeof s === "string" && s.length > 0);
  if (!secrets.length) throw new OAuthProviderConfigurationError("OAuthProvider: the Latch config has no secret (AUTH_SECRET).");
  const given = options.issuer ?? config.siteUrl;
  if (!given) throw new OAuthProviderConfigurationError("OAuthProvider: set `issuer` (the site's origin) or AUTH_URL.");
  const issuer = originOf(given, "issuer");
  const basePath = config.basePath.replace(/\/+$/, "");
  const mountPath = `${basePath}/oauth2`;
  const clients = new Map<string, OAuthClient>();
  for (const client of options.clients ?? []) {
    for (const type of client.grant_types ?? []) {
      if (type === "implicit" || type === "password") throw new OAuthProviderConfigurationError(`OAuthProvider: client "${client.client_id}" asks for the ${type} grant, which OAuth 2.1 removed.`);
    }
    for (const type of client.response_types ?? []) {
      if (type !== "code") throw new OAuthProviderConfigurationError(`OAuthProvider: client "${client.client_id}" asks for response type "${type}"; only "code" is offered.`);
    }
    clients.set(client.client_id, client);
  }
  const scopeWords: Record<string, string> = { ...openidScopes };
  const resourceScopes = new Set(Object.values(options.resources ?? {}).flatMap((resource) => Object.keys(resource.scopes)));
  for (const resource of Object.values(options.resources ?? {})) Object.assign(scopeWords, resource.scopes);
  const bridge = bridgeConfig(config);
  const bindingKey = derivedKey(secrets[0]!, "session binding");
  const secure = issuer.startsWith("https:");
  const state: ServerState = {
    issuer,
    basePath,
    mountPath,
    config,
    bridge,
    bindingKey,
    clients,
    scopeWords,
    secure,
    storage: options.storage?.({ secret: secrets[0]! }) ?? memoryStorage(),
    signedIn: (req) => signedInWith(req.headers.cookie, bridge, issuer, basePath),
    bindingCookie: (user) => `${bindingCookieName(secure)}=${bindingOf(user, bindingKey)}; Path=${mountPath}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  };

  let built: { provider: Provider; keys: AccessTokenSigningKeys; checkedAt: number } | undefined;
  let building: Promise<Provider> | undefined;

  async function build(): Promise<Provider> {
    const keys = await accessTokenSigningKeys(config);
    if (built && built.keys.signingKid === keys.signingKid && keys.keys.length === built.keys.keys.length) {
      built.checkedAt = Date.now();
      return built.provider;
    }
    const provider = new Provider(issuer, configuration(options, state, keys));
    provider.proxy = true;
    provider.use(limitRequests(state));
    provider.use(endLatchSessionOnLogout(state));
    provider.use(jwtRevocationAndIntrospection(provider, state.storage, issuer, keys.keys));
    built = { provider, keys, checkedAt: Date.now() };
    return provider;
  }

  /** The provider for the current keys: the key ring is read again at most every `keysCheckedEvery` seconds. */
  function current(): Promise<Provider> {
    if (built && Date.now() - built.checkedAt < (options.keysCheckedEvery ?? 60) * 1000) return Promise.resolve(built.provider);
    building ??= build().finally(() => (building = undefined));
    return building;
  }

  const limits = new Map<string, { count: number; until: number }>();
  function registrationAllowed(req: IncomingMessage): boolean {
    const limit = options.registration?.rateLimit ?? { max: 10, windowSeconds: 3600 };
    const key = req.socket.remoteAddress ?? "unknown";
    const now = Date.now();
    let entry = limits.get(key);
    if (!entry || entry.until <= now) {
      if (limits.size > 10_000) limits.clear();
      limits.set(key, (entry = { count: 0, until: now + limit.windowSeconds * 1000 }));
    }
    entry.count++;
    return entry.count <= limit.max;
  }

  async function handle(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!;
    // The config's `rateLimit` counts the consent answers and grant revokes here (Latch answers
    // them); the provider's own endpoints are counted in the provider, on the path its router reads.
    const kind = req.method !== "POST" ? undefined : path.startsWith(`/${interactionSegment}/`) ? "sessionUpdate" : path === `/${grantsSegment}/revoke` ? "sessionRevoke" : undefined;
    const refused = kind && (await rateLimited(req, kind, bridge, issuer, basePath));
    if (refused) {
      const answer = refusal({ answer: "json" }, refused);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    if (path.startsWith(`/${interactionSegment}/`)) return handleInteraction(state, await current(), req, res);
    if (path === `/${grantsSegment}` || path.startsWith(`/${grantsSegment}/`)) return handleGrants(state, await current(), req, res);
    // Found as the provider's router finds it: `/REG` and `/reg/` are registrations too.
    if (routedTo(registrationRoute, req.method ?? "GET", path) && options.registration?.enabled && !registrationAllowed(req)) {
      res.writeHead(429, { "Content-Type": "application/json", "Retry-After": String(options.registration.rateLimit?.windowSeconds ?? 3600), "Cache-Control": "no-store" });
      res.end(JSON.stringify({ error: "rate_limited", error_description: "Too many client registrations from this address; try again later." }));
      return;
    }
    if (routedTo(registrationRoute, req.method ?? "GET", path) && options.registration?.enabled) {
      const body = await registrationBody(req);
      if (body === undefined) {
        res.writeHead(413, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ error: "invalid_request", error_description: "The registration request is too large." }));
        return;
      }
      if (typeof body === "string") {
        (req as IncomingMessage & { body?: unknown }).body = body;
      } else {
        const outcome = await applySoftwareStatement(body, options.registration.softwareStatements, issuer);
        if ("error" in outcome) {
          res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" });
          res.end(JSON.stringify({ error: outcome.error, error_description: outcome.description }));
          return;
        }
        (req as IncomingMessage & { body?: unknown }).body = withoutResourceScopes(outcome.metadata, resourceScopes);
      }
    }
    await unbindStaleSession(req, res);
    req.originalUrl ??= `${mountPath}${req.url ?? "/"}`;
    const provider = await current();
    if (path === "/session/end/confirm" && req.method === "POST") {
      const sessionId = cookieValue(req.headers.cookie, "_session");
      const session = sessionId ? await provider.Session.find(sessionId) : undefined;
      const user = session?.accountId ? await state.signedIn(req) : null;
      if (user && user.userId === session?.accountId) endsLatchSession.add(req);
    }
    return provider.callback()(req, res) as unknown as Promise<void>;
  }

  /**
   * Drops the provider's session cookies from a request whose provider session has signed in an
   * account while the Latch session is gone or another one (the binding cookie, set when the
   * provider's login took the Latch session, names the session it took); a session that signed
   * no one in (a device-code page's) is kept.
   */
  async function unbindStaleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers.cookie;
    const pairs = cookiesOf(header);
    const sessionId = cookieValue(header, "_session");
    if (!pairs.some(([name]) => providerSessionCookies.has(name))) return;
    const session = sessionId ? await (await current()).Session.find(sessionId) : undefined;
    if (session && !session.accountId) return;
    const user = session ? await state.signedIn(req) : null;
    if (session && bindingMatches(cookieValue(header, bindingCookieName(secure)), user, bindingKey)) return;
    req.headers.cookie = pairs
      .filter(([name]) => !providerSessionCookies.has(name))
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    // The browser forgets them too; the provider's new session cookie, set after these, replaces them.
    res.setHeader(
      "Set-Cookie",
      [...providerSessionCookies].map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`),
    );
  }

  /** Serves the provider's discovery document for a request at the origin's `/.well-known/…`. */
  async function discovery(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): Promise<void> {
    const path = "/.well-known/openid-configuration";
    req.url = path;
    req.originalUrl = `${mountPath}${path}`;
    const provider = await current();
    return provider.callback()(req, res) as unknown as Promise<void>;
  }

  function protectedResourceMetadata(resource: string): Record<string, unknown> {
    const known = options.resources?.[resource];
    return {
      resource,
      authorization_servers: [issuer],
      bearer_methods_supported: ["header"],
      ...(known && { scopes_supported: Object.keys(known.scopes) }),
    };
  }

  return { issuer, mountPath, handle, discovery, protectedResourceMetadata, provider: current, accessTokenActive: (jti) => isRecorded(state.storage, jti) };
}

/**
 * The body of a registration request, read here (at most 64 KiB; `undefined` beyond) so that
 * Latch can apply a software statement and the resources' scopes before the provider reads it.
 * A body that is not a JSON object is handed on as it came (text), for the provider to refuse.
 */
async function registrationBody(req: IncomingMessage): Promise<Record<string, unknown> | string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 65_536) return undefined;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    return text;
  }
  return metadata && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : text;
}

/**
 * A client's `scope` may name the resources' scopes, as MCP clients register with the scopes of
 * the protected resource's metadata: oidc-provider checks a registered `scope` against the OpenID
 * scopes only, so the resources' scopes are taken out of it (the resource still decides what a
 * token for it may carry).
 */
function withoutResourceScopes(metadata: Record<string, unknown>, resourceScopes: ReadonlySet<string>): Record<string, unknown> {
  const { scope, ...rest } = metadata;
  if (typeof scope !== "string") return metadata;
  const kept = scope.split(" ").filter((name) => name && !resourceScopes.has(name));
  return kept.length ? { ...rest, scope: kept.join(" ") } : rest;
}

/**
 * The logout confirmations whose provider session is the Latch session's user: only they end the
 * Latch session. (The provider also ends its session this way when a login names another account
 * than the session's: the Latch session, already the new account's, stays.)
 */
const endsLatchSession = new WeakSet<IncomingMessage>();

/**
 * RP-initiated logout that the user confirmed ends the Latch session too (the OpenID Provider is
 * the app): Latch's sign-out runs with the browser's cookies, and its cookies join the answer.
 */
function endLatchSessionOnLogout(state: ServerState) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (!endsLatchSession.has(ctx.req) || ctx.oidc?.route !== "end_session_confirm" || !ctx.oidc.params?.logout || ctx.status >= 400) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(ctx.req.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await signOutRequest({ headers, address: ctx.req.socket.remoteAddress }, { origin: state.issuer, basePath: state.basePath, config: state.config }, { redirect: false });
    const cookies = answer.headers.getSetCookie();
    if (answer.status >= 400 || !cookies.length) return;
    ctx.append("Set-Cookie", [...cookies, `${bindingCookieName(state.secure)}=; Path=${state.mountPath}; Max-Age=0; HttpOnly; SameSite=Lax${state.secure ? "; Secure" : ""}`]);
  };
}

/** The oidc-provider configuration Latch gives: every setting that carries a check is named in the tests. */
function configuration(options: OAuthProviderOptions, state: ServerState, keys: AccessTokenSigningKeys): Configuration {
  const { config, clients } = state;
  const secrets = [config.secret ?? []].flat().filter((s): s is string => typeof s === "string" && s.length > 0);
  const alg = keys.keys[0]!.alg;
  const algs = [...new Set(keys.keys.map((key) => key.alg))];
  const resources = options.resources ?? {};
  const registration = options.registration;
  const documents = options.clientMetadataDocuments;
  const timeout = Math.min(documents?.timeoutSeconds ?? 2.5, 2.5) * 1000;
  const fetchDocument = documents?.fetch ?? ((url: string, init: RequestInit) => globalThis.fetch(url, init));
  return {
    adapter: state.storage,
    clients: [...clients.values()].map(({ firstParty: _firstParty, ...metadata }) => ({ response_types: ["code"], ...metadata })),
    jwks: { keys: keys.keys.map((key) => ({ ...key })) as never },
    cookies: {
      keys: secrets.map((secret) => derivedKey(secret, "provider cookies").toString("base64url")),
      long: { httpOnly: true, sameSite: "lax", secure: state.secure },
      short: { httpOnly: true, sameSite: "lax", secure: state.secure },
    },
    claims: { acr: null, amr: null, auth_time: null, iss: null, sid: null, openid: ["sub", "auth_time", "amr"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    scopes: Object.keys(openidScopes),
    findAccount: (_ctx, id) => accountOf(config.adapter, id),
    // The only response type: no implicit or hybrid flow (OAuth 2.1).
    responseTypes: ["code"],
    // PKCE for every client, public or confidential (OAuth 2.1 §4.1.1); oidc-provider offers S256 only.
    pkce: { required: () => true },
    // Every redirect URI is matched exactly, even a client's only one.
    allowOmittingSingleRegisteredRedirectUri: false,
    // Each refresh token works once: its reuse revokes the grant.
    rotateRefreshToken: () => true,
    issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed("refresh_token") && (code.scopes.has("offline_access") || !code.scopes.has("openid")),
    clientDefaults: { grant_types: ["authorization_code"], id_token_signed_response_alg: alg, response_types: ["code"], token_endpoint_auth_method: "client_secret_basic" },
    enabledJWA: { idTokenSigningAlgValues: algs as never, userinfoSigningAlgValues: algs as never, introspectionSigningAlgValues: algs as never },
    // The scopes' claims go into the ID token too (as Google's and most providers' do), so a
    // relying party that reads the profile from the ID token alone (Auth.js, Latch) has the email.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `${state.mountPath}/interaction/${interaction.uid}` },
    ttl: {
      // A resource's own lifetime, else 15 minutes.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 900,
      AuthorizationCode: 60,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 900,
      DeviceCode: 600,
      Grant: options.ttl?.refreshToken ?? 14 * 24 * 3600,
      IdToken: options.ttl?.idToken ?? 3600,
      Interaction: 600,
      RefreshToken: options.ttl?.refreshToken ?? 14 * 24 * 3600,
      Session: options.ttl?.session ?? 14 * 24 * 3600,
    },
    extraClientMetadata: {
      // The software metadata of RFC 7591 (the provider drops fields it does not know); a
      // `software_statement` reaches the provider only verified (applySoftwareStatement).
      properties: ["latch_checked", "software_id", "software_version", "software_statement"],
      validator(ctx, key, value, metadata) {
        if (key !== "latch_checked" && value !== undefined && typeof value !== "string") throw new errors.InvalidClientMetadata(`${key} must be a string`);
        // Only a client registered over HTTP is held to the app's redirect URI patterns.
        if (key !== "latch_checked" || (ctx as KoaContextWithOIDC | undefined)?.oidc?.route !== "registration") return;
        const allowed = registration?.redirectUris;
        for (const uri of metadata.redirect_uris ?? []) {
          if (!allowed?.(uri)) throw new errors.InvalidRedirectUri(`redirect_uris: ${uri} is not allowed here`);
        }
        for (const type of metadata.grant_types ?? []) {
          if (type === "implicit" || type === "password") throw new errors.InvalidClientMetadata(`grant_types: ${type} is not offered`);
        }
      },
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = logoutPage(form, ctx.host, await sentencesFor(config, state.issuer, ctx.req), config.theme);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = "html";
          ctx.body = signedOutPage(await sentencesFor(config, state.issuer, ctx.req), config.theme);
        },
      },
      registration: { enabled: !!registration?.enabled, initialAccessToken: false },
      clientIdMetadataDocument: {
        enabled: !!documents?.enabled,
        ack: "draft-02",
        allowFetch: (_ctx, clientId) => {
          const url = new URL(clientId);
          return url.protocol === "https:" && (documents?.allow?.(url) ?? true);
        },
        // A public client of the code flow only: no secret, no key of its own, no other grant.
        allowClient: (_ctx, client) =>
          client.tokenEndpointAuthMethod === "none" && client.grantTypes!.every((type) => type === "authorization_code" || type === "refresh_token") && client.responseTypes!.every((type) => type === "code"),
        cacheDuration: documents?.cacheSeconds ?? { min: 30, max: 86_400 },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? undefined!,
        useGrantedResource: () => false,
        getResourceServerInfo(_ctx, indicator) {
          const resource = resources[indicator];
          // An audience nobody configured: `invalid_target` (RFC 8707 §2).
          if (!resource) throw new errors.InvalidTarget(`${indicator} is not a resource of this server`);
          return {
            scope: Object.keys(resource.scopes).join(" "),
            audience: indicator,
            accessTokenTTL: resource.accessTokenLifetime ?? 900,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg } },
          };
        },
      },
    },
    ...(documents?.enabled && {
      // oidc-provider's own deadline (2.5 s) stays; a shorter one set here is added to it.
      fetch: (url: string | URL | Request, init: RequestInit = {}) => fetchDocument(url instanceof Request ? url.url : String(url), { ...init, signal: init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout) }),
      fetchResponseBodyLimits: { "client_id metadata document": documents.maxBytes ?? 5120, jwks_uri: Infinity, sector_identifier_uri: Infinity },
    }),
    // Each JWT access token is recorded as it is signed, so that revoking it, or its grant, is seen.
    formats: { customizers: { jwt: recordIssued(state.storage) } },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(out);
    },
  };
}
