/**
 * What the SSO suites share: Latch in an Express app (`@latch/express`) over HTTP on 127.0.0.1,
 * organizations and `@latch/sso` on `@latch/pg` (PGlite, or the real PostgreSQL in a schema of its
 * own), an organization "Acme" whose owner signs in with a password, and a browser's cookie jar.
 */
import type { Server } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import { Organizations } from "@latch/core/organizations";
import Credentials from "@latch/core/providers/credentials";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { freePort, randomDatabaseName, schemaPool } from "@latch/testing";
import express from "express";
import { Sso, postgresSsoStore, type SsoOptions, type TxtResolver } from "../src/index.js";
import { Jar } from "../../core/src/features/access-tokens/test/harness.js";

export const secret = "sso-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export const owner = { id: "sso-owner", name: "Olivia", email: "olivia@acme.test" };
export const outsider = { id: "sso-outsider", name: "Oscar", email: "oscar@other.test" };
export const acme = { id: "org-acme", name: "Acme", slug: "acme" };
export const globex = { id: "org-globex", name: "Globex", slug: "globex" };

// Cookies kept from `Set-Cookie`, sent back on the next request: the jar of core's suites.
export { Jar };

/** A PostgreSQL database for a suite. */
export interface Engine {
  readonly db: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
}

export async function pglite(): Promise<Engine> {
  const db = new PGlite();
  return { db, close: () => db.close() };
}

export async function postgres(): Promise<Engine> {
  const schema = randomDatabaseName("latch_sso");
  const pool = schemaPool(schema);
  await pool.query(`CREATE SCHEMA ${schema}`);
  return {
    db: pool,
    close: async () => {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/** Latch with SSO, listening; `txt` is what the DNS resolver of the suite answers. */
export interface SsoApp {
  readonly origin: string;
  readonly engine: Engine;
  readonly adapter: Required<Adapter> & OrganizationAdapter;
  readonly txt: Map<string, string[][]>;
  readonly config: AuthConfig;
  close(): Promise<void>;
}

export async function startApp(engine: Engine, options: Partial<SsoOptions> = {}, overrides: Partial<AuthConfig> = {}): Promise<SsoApp> {
  await migrate(engine.db as never);
  const adapter = PostgresAdapter(engine.db as never) as Required<Adapter> & OrganizationAdapter;
  for (const person of [owner, outsider]) {
    await engine.db.query(`INSERT INTO users (id, email, name, "emailVerified") VALUES ($1, $2, $3, now())`, [person.id, person.email, person.name]);
  }
  await adapter.createOrganization({ ...acme, metadata: null, createdAt: new Date() }, { organizationId: acme.id, userId: owner.id, role: "owner", createdAt: new Date() });
  await adapter.createOrganization({ ...globex, metadata: null, createdAt: new Date() }, { organizationId: globex.id, userId: outsider.id, role: "owner", createdAt: new Date() });
  const txt = new Map<string, string[][]>();
  const resolveTxt: TxtResolver = async (name) => {
    const records = txt.get(name);
    if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return records;
  };
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (password === "pw" ? ([owner, outsider].find((p) => p.email === username) ?? null) : null),
      }),
    ],
    organizations: Organizations(),
    plugins: [Sso({ store: postgresSsoStore(engine.db), resolveTxt, ...options })],
    logger: { error: (...args: unknown[]) => void (process.env.SSO_DEBUG && console.error(...args.map((a) => (a as Error)?.stack ?? a), ...args.map((a) => (a as { cause?: unknown })?.cause))), warn: () => {}, debug: () => {} },
    ...overrides,
  };
  const port = await freePort();
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/", (_req, res) => void res.send("home"));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    engine,
    adapter,
    txt,
    config,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

/** One browser at the app. */
export class Browser {
  readonly jar = new Jar();
  constructor(readonly origin: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, `${this.origin}/auth/`).toString();
    const sameSite = absolute.startsWith(this.origin);
    const response = await fetch(absolute, { redirect: "manual", ...init, headers: { ...(sameSite && { cookie: this.jar.header() }), ...(init.headers as Record<string, string>) } });
    if (sameSite) this.jar.keep(response);
    return response;
  }

  async csrf(): Promise<string> {
    return ((await (await this.fetch("csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  async signIn(email: string): Promise<this> {
    const csrfToken = await this.csrf();
    await this.fetch("callback/credentials", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, username: email, password: "pw" }) });
    if (![...this.jar.cookies.keys()].some((name) => name.includes("session-token"))) throw new Error("no session");
    return this;
  }

  /** A JSON request with the CSRF token. */
  async send(method: string, path: string, body: Record<string, unknown> = {}): Promise<Response> {
    const csrfToken = await this.csrf();
    return this.fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, csrfToken }) });
  }

  /** Posts a SAML response to the ACS as the identity provider's page does. */
  postAcs(action: string, fields: { SAMLResponse: string; RelayState?: string }): Promise<Response> {
    return this.fetch(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  }

  async session(): Promise<{ user?: { email?: string; name?: string } } | null> {
    return (await (await this.fetch("session")).json()) as never;
  }
}
