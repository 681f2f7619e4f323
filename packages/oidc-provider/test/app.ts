/**
 * The app of the suites: Express on 127.0.0.1, Latch with `Password()` on PostgreSQL (PGlite in
 * memory by default, or a pool), `AccessTokens()` keys stored through the adapter, and the
 * provider mounted at `/auth/oauth2` with its discovery at the origin's root. A browser of one
 * (a cookie jar, redirects followed by hand) signs in over HTTP.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import express from "express";
import type { AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate, type Queryable } from "@latch/pg";
import { CookieJar, freePort } from "@latch/testing";
import { OAuthProvider, type OAuthProviderOptions, type OAuthProviderServer } from "../src/index.js";
import { accessTokenOf, oauthProvider, requireAccessToken, wellKnown } from "../src/express.js";

export const password = "violet staircase 42";
export const resource = "https://api.example.test/";
export const shortResource = "https://short.example.test/";
/** The `service` client's secret (client credentials; the resource's own client for introspection). */
export const serviceSecret = "service-secret-0123456789abcdef0123456789";

/** What a suite gets: the running app and its parts. */
export interface TestApp {
  origin: string;
  config: AuthConfig;
  oauth: OAuthProviderServer;
  db: Queryable;
  /** A user with {@link password}. */
  member(): Promise<{ id: string; email: string }>;
  close(): Promise<void>;
}

/** The RP's redirect URI (never served: the browser stops there). */
export const rpCallback = "http://rp.example.test/callback";

/** Starts the app; `db` is a PGlite in memory unless given (then already migrated and set to its schema). */
export async function startApp(options: { db?: Queryable; provider?: Partial<OAuthProviderOptions>; strategy?: "jwt" | "database"; accessTokens?: Parameters<typeof AccessTokens>[0]; auth?: Partial<AuthConfig> } = {}): Promise<TestApp> {
  let db = options.db;
  let pglite: PGlite | undefined;
  if (!db) {
    pglite = new PGlite();
    await migrate(pglite);
    db = pglite;
  }
  const adapter = PostgresAdapter(db);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config: AuthConfig = {
    secret: "oidc-provider-suite-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    session: { strategy: options.strategy ?? "database" },
    providers: [Password()],
    accessTokens: AccessTokens({ algorithm: "ES256", ...options.accessTokens }),
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    ...options.auth,
  };
  const oauth = OAuthProvider({
    auth: config,
    issuer: origin,
    clients: [
      {
        client_id: "first-party",
        token_endpoint_auth_method: "none",
        redirect_uris: [rpCallback],
        post_logout_redirect_uris: ["http://rp.example.test/signed-out"],
        grant_types: ["authorization_code", "refresh_token"],
        firstParty: true,
        client_name: "Our own app",
      },
      {
        client_id: "partner",
        client_secret: "partner-secret-0123456789abcdef0123456789",
        redirect_uris: [rpCallback],
        grant_types: ["authorization_code", "refresh_token"],
        client_name: "Partner Analytics",
      },
      {
        client_id: "service",
        client_secret: serviceSecret,
        redirect_uris: [],
        response_types: [],
        grant_types: ["client_credentials"],
      },
      {
        client_id: "tv",
        token_endpoint_auth_method: "none",
        redirect_uris: [],
        response_types: [],
        grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
        firstParty: true,
      },
    ],
    resources: {
      [resource]: { scopes: { "notes:read": "Read your notes", "notes:write": "Change your notes" } },
      [shortResource]: { scopes: { "short:read": "Read briefly" }, accessTokenLifetime: 1 },
    },
    ...options.provider,
  });
  const app = express();
  app.set("trust proxy", false);
  app.use(wellKnown(oauth));
  app.use(oauth.mountPath, oauthProvider(oauth));
  app.use("/auth", ExpressAuth(config));
  // Two protected resources of the same origin: the notes API and a short-lived one.
  app.get("/api/notes", requireAccessToken({ issuer: origin, resource, scopes: ["notes:read"] }), (_req, res) => {
    res.json({ subject: accessTokenOf(res)!.subject, scopes: accessTokenOf(res)!.scopes });
  });
  app.post("/api/notes", requireAccessToken({ issuer: origin, resource, scopes: ["notes:write"] }), (_req, res) => {
    res.json({ written: true });
  });
  // The notes API again, refusing revoked tokens: by the provider's storage, by introspection
  // with the `service` client's credentials, and by introspection with a wrong secret.
  app.get("/api/live-notes", requireAccessToken({ issuer: origin, resource, scopes: ["notes:read"], revocation: { store: oauth } }), (_req, res) => {
    res.json({ subject: accessTokenOf(res)!.subject });
  });
  app.get("/api/introspected-notes", requireAccessToken({ issuer: origin, resource, scopes: ["notes:read"], introspection: { clientId: "service", clientSecret: serviceSecret } }), (_req, res) => {
    res.json({ subject: accessTokenOf(res)!.subject });
  });
  app.get("/api/misconfigured-notes", requireAccessToken({ issuer: origin, resource, scopes: ["notes:read"], introspection: { clientId: "service", clientSecret: `${serviceSecret}-not` } }), (_req, res) => {
    res.json({ subject: accessTokenOf(res)!.subject });
  });
  app.get("/api/short", requireAccessToken({ issuer: origin, resource: shortResource }), (_req, res) => {
    res.json({ ok: true });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    origin,
    config,
    oauth,
    db,
    async member() {
      const user = { id: randomUUID(), email: `member-${randomUUID()}@example.test`, name: "Ada Member", image: null, emailVerified: new Date() };
      await adapter.createUser!(user);
      await adapter.setPassword!({ userId: user.id, hash: await hashPassword(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }), updatedAt: new Date() });
      return user;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pglite?.close();
    },
  };
}

/** A browser of one: a cookie jar, and redirects followed one by one. */
export class Browser {
  readonly jar = new CookieJar();
  constructor(readonly origin: string) {}

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie) headers.set("cookie", cookie);
    // A browser names the page's origin on a form's POST; here every form is the site's own.
    if ((init.method ?? "GET") !== "GET" && !headers.has("origin")) headers.set("origin", new URL(url).origin);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.jar.storeResponse(url, response);
    return response;
  }

  /** Follows redirects from `url` until one leaves for `stopAt` (answered with that URL) or a page answers. */
  async follow(url: string | URL, stopAt = "http://rp.example.test/"): Promise<{ url: string; response: Response }> {
    let current = new URL(url);
    for (let hop = 0; hop < 20; hop++) {
      if (current.href.startsWith(stopAt)) return { url: current.href, response: new Response(null) };
      const response = await this.fetch(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: current.href, response };
      current = new URL(location, current);
    }
    throw new Error("too many redirects");
  }

  /** Submits the first form of `page` (its hidden fields, plus `extra`) as the browser would. */
  async submit(page: string, pageUrl: string, extra: Record<string, string> = {}): Promise<Response> {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
    if (!form) throw new Error(`no form on ${pageUrl}: ${page}`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      if (name) fields.set(name, value.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&"));
    }
    for (const [name, value] of Object.entries(extra)) fields.set(name, value);
    return this.fetch(new URL(form[1]!.replace(/&amp;/g, "&"), pageUrl), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: fields });
  }

  /** Signs in with `Password()` over HTTP, as the sign-in page's form does. */
  async signIn(email: string, secret = password): Promise<void> {
    const { csrfToken } = (await (await this.fetch(`${this.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await this.fetch(`${this.origin}/auth/callback/password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password: secret, callbackUrl: `${this.origin}/` }),
    });
    if (response.status !== 302 || response.headers.get("location") !== `${this.origin}/`) throw new Error(`sign-in failed: ${response.status} ${response.headers.get("location")}`);
  }

  /** Signs out of Latch over HTTP. */
  async signOut(): Promise<void> {
    const { csrfToken } = (await (await this.fetch(`${this.origin}/auth/csrf`)).json()) as { csrfToken: string };
    await this.fetch(`${this.origin}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${this.origin}/` }),
    });
  }
}

/** A resource whose tokens a resource served elsewhere must refuse (another audience). */
export const elsewhereResource = "https://elsewhere.example.test/";

/**
 * The app as the authorization server of a resource served by another app (an example's API at
 * `resource`): `notes:read` and `notes:write` for it, and {@link elsewhereResource} beside it.
 */
export function startIssuerFor(resource: string): Promise<TestApp> {
  return startApp({
    provider: {
      resources: {
        [resource]: { scopes: { "notes:read": "Read your notes", "notes:write": "Change your notes" } },
        [elsewhereResource]: { scopes: { "notes:read": "Read your notes elsewhere" } },
      },
    },
  });
}

/** An access token of the `service` client (client credentials) for `indicator` with `scope`, from the token endpoint the discovery names. */
export async function serviceToken(app: Pick<TestApp, "origin">, indicator: string, scope: string): Promise<string> {
  const { token_endpoint } = (await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json()) as { token_endpoint: string };
  const response = await fetch(token_endpoint, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from("service:service-secret-0123456789abcdef0123456789").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", resource: indicator, scope }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`no token for ${indicator} (${scope}): ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
