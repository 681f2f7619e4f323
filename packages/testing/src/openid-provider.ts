/**
 * A real, certified OpenID Provider (`oidc-provider`) running in-process over plain HTTP on the
 * loopback interface, whose end-user signs in and consents without a human.
 */
import type { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { JWK } from "jose";
import type Provider from "oidc-provider";
import type { ClientMetadata } from "oidc-provider";
import { defaultAccount, type OpenIDAccount } from "./openid-provider-accounts.js";
import { createSigningKey, importProvider, providerConfiguration } from "./openid-provider-config.js";
import { automaticInteractions, type DecideInteraction } from "./openid-provider-interaction.js";
import { ProviderStore } from "./openid-provider-store.js";
import { TamperQueue, tamperAuthorizationResponse, tamperIdToken, type TamperKind } from "./openid-provider-tamper.js";

export type { OpenIDAccount } from "./openid-provider-accounts.js";
export { createSigningKey } from "./openid-provider-config.js";

/** An ID-token signing key pair, as {@link createSigningKey} makes it. */
export type OpenIDSigningKey = Awaited<ReturnType<typeof createSigningKey>>;

/** A client (relying party) registered at the provider; fields are OAuth 2.0 dynamic registration metadata (RFC 7591). */
export interface OpenIDClient {
  client_id: string;
  /** Required unless `token_endpoint_auth_method` is `none`. */
  client_secret?: string;
  redirect_uris: string[];
  /** Default `client_secret_basic`; `none` makes a public client, which must use PKCE. */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
  /** Default `["code"]`. */
  response_types?: ClientMetadata["response_types"];
  /** Default `["authorization_code", "refresh_token"]`. */
  grant_types?: string[];
  /**
   * Default `web`. A `native` client may use `http://127.0.0.1:<any port>/…` when it registered
   * the same URI with any port (RFC 8252 section 7.3).
   */
  application_type?: "web" | "native";
  /** Any other client metadata oidc-provider accepts. */
  [metadata: string]: unknown;
}

/** Options of {@link startOpenIDProvider}. */
export interface OpenIDProviderOptions {
  /** Registered clients; more can be added with {@link OpenIDProvider.setClient}. */
  clients?: OpenIDClient[];
  /** End-users; default one account, `alice` ({@link defaultAccount}). */
  accounts?: OpenIDAccount[];
  /** `sub` of the account that signs in; default the first account. A matching `login_hint` (sub or email) wins. */
  signInAs?: string;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port; default the port of `issuer`, else a random free port. */
  port?: number;
  /**
   * Issuer identifier; default `http://<host>:<port>`. An origin loses a trailing slash. It may have
   * a path (`https://id.example/oauth2`, kept as given): the provider is then served under that path
   * on its port, as a provider mounted there is, and every endpoint URL carries it.
   */
  issuer?: string;
  /**
   * When false (the default), every authorization request signs the end-user in again, so that
   * {@link OpenIDProvider.signInAs} and `access-denied` take effect even with an existing provider
   * session. When true, a provider session is reused (single sign-on, `prompt=none` works).
   */
  sso?: boolean;
  /** Require PKCE from confidential clients too; public clients always need it. */
  requirePkce?: boolean;
  /** Tampering applied to every matching response from the start (see {@link OpenIDProvider.tamper}). */
  tamper?: TamperKind;
  /** Lifetime of access tokens in seconds; default 3600. */
  accessTokenTtl?: number;
  /** Rotate refresh tokens: each refresh returns a new one and the used one stops working. Default false. */
  rotateRefreshTokens?: boolean;
  /**
   * Claims released with a scope, beyond OpenID Connect Core's assignment, e.g. `{ openid: ["battle_tag"] }`
   * for a provider that puts a claim of its own in every ID token. An account claim named nowhere is
   * released with `profile`.
   */
  scopeClaims?: Record<string, string[]>;
  /**
   * The key ID tokens are signed with (from {@link createSigningKey}); default a new one. Sharing one
   * saves generating an RSA key when a test starts many providers.
   */
  signingKey?: OpenIDSigningKey;
  /** Report provider errors: `true` prints to stderr, a function receives each line. Default silent. */
  log?: boolean | ((line: string) => void);
}

/** A running provider, from {@link startOpenIDProvider}. */
export interface OpenIDProvider {
  /** Issuer identifier (`http://127.0.0.1:<port>` by default); discovery is at `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly host: string;
  readonly port: number;
  /** The registered clients, as configured (after defaults). */
  readonly clients: readonly OpenIDClient[];
  /** The accounts; changes to an account object show in the next token and userinfo response. */
  readonly accounts: OpenIDAccount[];
  /** Endpoint URLs, as discovery announces them. */
  readonly endpoints: { authorization: string; token: string; userinfo: string; jwks: string; discovery: string };
  /** The public signing keys (the JWKS document). */
  readonly jwks: { keys: JWK[] };
  /** The underlying oidc-provider instance (a Koa application), for what this wrapper does not cover. */
  readonly provider: Provider;
  /** Registers a client or replaces the one with the same `client_id`. Rejects invalid metadata. */
  setClient(client: OpenIDClient): Promise<void>;
  /** Removes a client. */
  removeClient(clientId: string): void;
  /** Adds an account or replaces the one with the same `sub`. */
  setAccount(account: OpenIDAccount): void;
  /** Chooses who signs in from now on; `null` makes every sign-in end with `access_denied`. */
  signInAs(sub: string | null): void;
  /**
   * Breaks the next response `kind` applies to (token response for `id-token-*`, authorization
   * response otherwise), or every one with `{ always: true }` until {@link OpenIDProvider.clearTampering}.
   */
  tamper(kind: TamperKind, options?: { always?: boolean }): void;
  /** Cancels all pending tampering. */
  clearTampering(): void;
  /** How many refresh-token grants reached the token endpoint (successful and refused), since start. */
  readonly refreshGrants: { succeeded: number; refused: number };
  /** Stops the provider and closes open connections. */
  close(): Promise<void>;
}

/**
 * Starts an OpenID Provider on the loopback interface.
 *
 * It supports the authorization code flow with PKCE (S256), `nonce`, ID tokens signed RS256 (or
 * HS256 with the client secret, for a client registered with `id_token_signed_response_alg: "HS256"`),
 * userinfo, discovery, JWKS, refresh tokens for clients allowed the `refresh_token` grant, and
 * RFC 9207 `iss` in authorization responses. Sign-in and consent complete by themselves: a client
 * following redirects with a cookie jar goes from the authorization URL to its `redirect_uri`.
 *
 * @example
 * ```ts
 * const op = await startOpenIDProvider({
 *   clients: [{ client_id: "app", client_secret: "s3cret", redirect_uris: ["http://127.0.0.1:3000/auth/callback/op"] }],
 *   accounts: [{ sub: "bob", email: "bob@example.com", email_verified: true, name: "Bob" }],
 * });
 * // op.issuer → "http://127.0.0.1:49152"
 * op.tamper("id-token-wrong-nonce"); // the next token response carries a bad nonce
 * await op.close();
 * ```
 */
export async function startOpenIDProvider(options: OpenIDProviderOptions = {}): Promise<OpenIDProvider> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer();
  const port = await listen(server, host, options.port ?? portOf(options.issuer));
  // An origin loses its trailing slash; an issuer with a path is kept exactly (Roblox's ends in `/`).
  const given = options.issuer ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const issuer = new URL(given).pathname === "/" ? given.replace(/\/$/, "") : given;
  const log = logger(options.log);

  const accounts = [...(options.accounts ?? [defaultAccount])];
  let current: string | null = options.signInAs ?? accounts[0]?.sub ?? null;
  const tampering = new TamperQueue();
  if (options.tamper) tampering.add(options.tamper, true);

  const base = issuer.replace(/\/+$/, "");
  const endpoints = {
    authorization: `${base}/auth`,
    token: `${base}/token`,
    userinfo: `${base}/me`,
    jwks: `${base}/jwks`,
    discovery: `${base}/.well-known/openid-configuration`,
  };

  const signingKey = options.signingKey ?? (await createSigningKey());
  const store = new ProviderStore();
  const oidc = await importProvider(log !== undefined);
  const configuration = providerConfiguration(oidc, {
    store,
    accounts,
    signingKey,
    sso: options.sso === true,
    requirePkce: options.requirePkce === true,
    accessTokenTtl: options.accessTokenTtl,
    rotateRefreshTokens: options.rotateRefreshTokens === true,
    scopeClaims: options.scopeClaims,
  });
  const provider = new oidc.default(issuer, configuration);
  // A listener of its own keeps Koa from printing errors; oidc-provider reports them as events.
  const events = provider as unknown as EventEmitter;
  events.on("error", (err: Error) => log?.(`error: ${err.message}`));
  events.on("server_error", (_ctx: unknown, err: Error) => log?.(`server_error: ${err.stack ?? err.message}`));
  for (const event of ["authorization.error", "grant.error", "userinfo.error", "jwks.error", "discovery.error", "pushed_authorization_request.error"] as const) {
    events.on(event, (_ctx: unknown, err: { error?: string; error_description?: string }) =>
      log?.(`${event}: ${err.error ?? ""} ${err.error_description ?? ""}`.trim()),
    );
  }
  // Refresh grants that reach the token endpoint, counted where they arrive.
  const refreshGrants = { succeeded: 0, refused: 0 };
  provider.use(async (ctx, next) => {
    const refresh = ctx.path === "/token" && ctx.method === "POST";
    await next();
    if (!refresh || (ctx.oidc as { params?: { grant_type?: unknown } } | undefined)?.params?.grant_type !== "refresh_token") return;
    if (ctx.status === 200) refreshGrants.succeeded++;
    else refreshGrants.refused++;
  });
  events.on("authorization.success", (_ctx: unknown, parameters: Record<string, unknown>) => {
    const kind = tampering.take("authorization");
    if (kind) tamperAuthorizationResponse(kind, parameters);
  });

  const decide: DecideInteraction = (params) => {
    if (tampering.take("interaction") === "access-denied") return { deny: true };
    const hint = typeof params.login_hint === "string" ? params.login_hint : undefined;
    const hinted = hint === undefined ? undefined : accounts.find((a) => a.sub === hint || a.email === hint);
    const sub = hinted?.sub ?? current;
    if (sub === null) return { deny: true };
    // An account's `amr` is how its sign-in went: the provider's session, and so its ID tokens, carry it.
    const amr = accounts.find((a) => a.sub === sub)?.amr;
    return { accountId: sub, ...(Array.isArray(amr) && { amr: amr.filter((method): method is string => typeof method === "string") }) };
  };
  provider.use(automaticInteractions(provider, decide, (id) => store.adapter("Session").destroy(id)));
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.path !== "/token" || !hasIdToken(body)) return;
    const kind = tampering.take("token");
    if (kind) body.id_token = await tamperIdToken(kind, body.id_token, signingKey);
  });
  // An issuer with a path is served under it, the way an application mounts the provider there:
  // oidc-provider reads the mount path from `originalUrl` and puts it in every URL it writes.
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, "");
  const handle = provider.callback();
  server.on("request", (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    const url = req.url ?? "/";
    // The end-user interaction pages (`/interaction/<uid>`) stay at the root, as the provider's config puts them.
    if (!mountPath || (url !== mountPath && !url.startsWith(`${mountPath}/`) && !url.startsWith(`${mountPath}?`))) return void handle(req, res);
    req.originalUrl = url;
    req.url = url.slice(mountPath.length) || "/";
    handle(req, res);
  });

  const clients: OpenIDClient[] = [];
  const setClient = async (client: OpenIDClient) => {
    const metadata = withClientDefaults(client);
    await provider.Client.validate(metadata as ClientMetadata).catch((err: { error_description?: string }) => {
      throw new Error(`client ${client.client_id}: ${err.error_description ?? String(err)}`, { cause: err });
    });
    store.putClient(metadata as ClientMetadata);
    const index = clients.findIndex((c) => c.client_id === client.client_id);
    if (index === -1) clients.push(metadata);
    else clients[index] = metadata;
  };
  try {
    for (const client of options.clients ?? []) await setClient(client);
  } catch (err) {
    await closeServer(server);
    throw err;
  }

  return {
    issuer,
    host,
    port,
    clients,
    accounts,
    endpoints,
    jwks: { keys: [signingKey.publicJwk] },
    provider,
    refreshGrants,
    setClient,
    removeClient(clientId) {
      store.deleteClient(clientId);
      const index = clients.findIndex((c) => c.client_id === clientId);
      if (index !== -1) clients.splice(index, 1);
    },
    setAccount(account) {
      const index = accounts.findIndex((a) => a.sub === account.sub);
      if (index === -1) accounts.push(account);
      else accounts[index] = account;
    },
    signInAs(sub) {
      current = sub;
    },
    tamper(kind, tamperOptions) {
      tampering.add(kind, tamperOptions?.always === true);
    },
    clearTampering() {
      tampering.clear();
    },
    close: () => closeServer(server),
  };
}

function withClientDefaults(client: OpenIDClient): OpenIDClient {
  return {
    token_endpoint_auth_method: "client_secret_basic",
    response_types: ["code"],
    grant_types: ["authorization_code", "refresh_token"],
    ...client,
  };
}

function hasIdToken(body: unknown): body is { id_token: string } {
  return typeof body === "object" && body !== null && typeof (body as { id_token?: unknown }).id_token === "string";
}

function logger(option: OpenIDProviderOptions["log"]): ((line: string) => void) | undefined {
  if (typeof option === "function") return option;
  return option ? (line) => process.stderr.write(`[openid-provider] ${line}\n`) : undefined;
}

function portOf(issuer: string | undefined): number {
  return issuer ? Number(new URL(issuer).port) : 0;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

