// A stand-in for the OAuth 2 providers of the presets, because the real ones (github.com, …)
// cannot be reached from a test run offline. It listens on 127.0.0.1 and serves, for the one
// contract it is given at a time, that provider's authorization, token and API endpoints at the
// paths and with the response shapes the provider documents: it checks what a real provider checks
// (client id, redirect URI, client authentication, code, PKCE verifier, where the access token is
// sent) and answers with the provider's own JSON. Requests reach it through `routingFetch`, which
// sends `https://<host>/<path>` to `http://127.0.0.1:<port>/<host>/<path>`.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the client authenticates at the token endpoint (RFC 6749 section 2.3.1). */
export type ClientAuth = "client_secret_basic" | "client_secret_post" | "none";

/** Where an API call carries the access token. */
export type TokenPlacement =
  /** `Authorization: Bearer <token>` (RFC 6750 section 2.1); the scheme is matched case-insensitively. */
  | "bearer"
  /** A query parameter (RFC 6750 section 2.3, or the provider's own name for it). */
  | { query: string }
  /** An `Authorization` header with another scheme, e.g. `OAuth <token>`. */
  | { scheme: string }
  /** A form field of a POST body. */
  | { form: string }
  /** The bare token as the `Authorization` header, without a scheme. */
  | "raw"
  /** The last path segment: the route's key ends in `{token}`. */
  | "path";

/** An API endpoint of the provider: what it answers, and how the token must reach it. */
export interface ApiRoute {
  /** Default GET. */
  method?: "GET" | "POST";
  /** Default `bearer`. */
  token?: TokenPlacement;
  /** Query parameters the request must carry. */
  query?: Record<string, string>;
  /** Headers the request must carry (names lower-case; values matched exactly). */
  headers?: Record<string, string>;
  /** The JSON body the provider answers with. */
  body: unknown;
}

/** What the stand-in serves for one provider. */
export interface StandInContract {
  clientId: string;
  clientSecret: string;
  /** The authorization endpoint, `https://host/path` without query. */
  authorization: string;
  /** The token endpoint, `https://host/path` without query. */
  token: string;
  clientAuth: ClientAuth;
  /** The token endpoint's JSON answer, given the access token it issues. */
  tokenResponse: (accessToken: string) => Record<string, unknown>;
  /** API endpoints, keyed by `https://host/path` (no query); a key may end in `{token}`. */
  api: Record<string, ApiRoute>;
}

/** A request the stand-in received, for assertions. */
export interface StandInHit {
  method: string;
  /** `https://host/path?query` as the client meant it. */
  url: string;
  /** Why it was refused, or null when it was answered. */
  refused: string | null;
}

/** The running stand-in. */
export interface StandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Serves `contract` from now on and forgets earlier requests. */
  serve(contract: StandInContract): void;
  readonly hits: StandInHit[];
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string | null;
  used: boolean;
}

const random = () => createHash("sha256").update(`${Math.random()}${process.hrtime.bigint()}`).digest("base64url").slice(0, 24);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Decodes `Authorization: Basic` as RFC 6749 section 2.3.1 asks: both parts form-url-encoded. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
  return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
}

/** Starts the stand-in on 127.0.0.1. */
export async function startStandIn(): Promise<StandIn> {
  let contract: StandInContract | undefined;
  let grants = new Map<string, Grant>();
  const issuedTokens = new Set<string>();
  const hits: StandInHit[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const local = new URL(req.url ?? "/", "http://stand-in");
    const [, host = "", ...rest] = local.pathname.split("/");
    const target = new URL(`https://${host}/${rest.join("/")}${local.search}`);
    const endpoint = `${target.origin}${target.pathname}`;
    const body = req.method === "POST" ? await readBody(req) : "";
    const hit: StandInHit = { method: req.method ?? "GET", url: target.href, refused: null };
    hits.push(hit);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const refuse = (status: number, error: string, why: string) => {
      hit.refused = why;
      json(status, { error, error_description: why });
    };
    if (!contract) return refuse(500, "server_error", "no contract");
    const c = contract;

    if (endpoint === c.authorization && req.method === "GET") {
      const q = target.searchParams;
      if (q.get("client_id") !== c.clientId) return refuse(400, "invalid_client", "unknown client_id");
      if (q.get("response_type") !== "code") return refuse(400, "unsupported_response_type", "response_type is not code");
      const redirectUri = q.get("redirect_uri");
      if (!redirectUri) return refuse(400, "invalid_request", "no redirect_uri");
      const challenge = q.get("code_challenge");
      if (challenge && q.get("code_challenge_method") !== "S256") return refuse(400, "invalid_request", "code_challenge_method is not S256");
      const code = random();
      grants.set(code, { redirectUri, challenge, used: false });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      if (q.has("state")) back.searchParams.set("state", q.get("state")!);
      res.writeHead(302, { location: back.href });
      return void res.end();
    }

    if (endpoint === c.token && req.method === "POST") {
      const form = new URLSearchParams(body);
      const basic = basicCredentials(req.headers.authorization);
      if (c.clientAuth === "client_secret_basic") {
        if (!basic || basic.id !== c.clientId || basic.secret !== c.clientSecret) return refuse(401, "invalid_client", "expected client_secret_basic");
        if (form.has("client_secret")) return refuse(400, "invalid_request", "client_secret in the body as well as the header");
      } else if (c.clientAuth === "client_secret_post") {
        if (basic) return refuse(400, "invalid_request", "Authorization header sent; expected client_secret_post");
        if (form.get("client_id") !== c.clientId || form.get("client_secret") !== c.clientSecret) return refuse(401, "invalid_client", "expected client_secret_post");
      } else if (basic || form.has("client_secret") || form.get("client_id") !== c.clientId) {
        return refuse(401, "invalid_client", "expected a public client (client_id only)");
      }
      if (form.get("grant_type") !== "authorization_code") return refuse(400, "unsupported_grant_type", "grant_type is not authorization_code");
      const grant = grants.get(form.get("code") ?? "");
      if (!grant || grant.used) return refuse(400, "invalid_grant", "unknown or used code");
      grant.used = true;
      if (form.get("redirect_uri") !== grant.redirectUri) return refuse(400, "invalid_grant", "redirect_uri differs from the authorization request's");
      const verifier = form.get("code_verifier");
      if (grant.challenge) {
        if (!verifier || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) return refuse(400, "invalid_grant", "PKCE verifier does not match");
      } else if (verifier) return refuse(400, "invalid_request", "code_verifier without a code_challenge");
      const accessToken = `at-${random()}`;
      issuedTokens.add(accessToken);
      return json(200, c.tokenResponse(accessToken));
    }

    const pathToken = endpoint.slice(endpoint.lastIndexOf("/") + 1);
    const route = c.api[endpoint] ?? c.api[`${endpoint.slice(0, endpoint.lastIndexOf("/") + 1)}{token}`];
    if (route && (route.method ?? "GET") === req.method) {
      const placement = route.token ?? "bearer";
      const authorization = req.headers.authorization ?? "";
      let token: string | null = null;
      if (placement === "bearer") token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1] ?? null;
      else if (placement === "raw") token = authorization || null;
      else if (placement === "path") token = pathToken;
      else if ("query" in placement) token = target.searchParams.get(placement.query);
      else if ("scheme" in placement) token = new RegExp(`^${placement.scheme}\\s+(.+)$`).exec(authorization)?.[1] ?? null;
      else token = new URLSearchParams(body).get(placement.form);
      if (!token || !issuedTokens.has(token)) return refuse(401, "invalid_token", `no valid access token (${JSON.stringify(placement)})`);
      for (const [key, value] of Object.entries(route.query ?? {})) {
        if (target.searchParams.get(key) !== value) return refuse(400, "invalid_request", `query ${key} is not ${value}`);
      }
      for (const [key, value] of Object.entries(route.headers ?? {})) {
        if (req.headers[key] !== value) return refuse(400, "invalid_request", `header ${key} is not ${value}`);
      }
      return json(200, route.body);
    }
    return refuse(404, "not_found", `no such endpoint: ${req.method} ${endpoint}`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    serve(next) {
      contract = next;
      grants = new Map();
      hits.length = 0;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * A `fetch` that sends every request for a loopback host where it is addressed, requests under
 * `openIdIssuer` to the OpenID Provider at `openIdOrigin` (same path), and every other
 * `https://<host>/<path>` to the stand-in. Latch gets it as the provider's `[customFetch]`, the test
 * browser as its `fetch`, so neither knows the provider is not on the Internet.
 */
export function routingFetch(standIn: string, openId?: { issuer: string; origin: string }): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return fetch(input, init);
    if (openId && `${url.origin}${url.pathname}`.startsWith(openId.issuer)) {
      return fetch(`${openId.origin}${url.pathname}${url.search}`, init);
    }
    return fetch(`${standIn}/${url.host}${url.pathname}${url.search}`, init);
  }) as typeof fetch;
}
