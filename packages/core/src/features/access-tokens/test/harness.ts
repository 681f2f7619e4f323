/**
 * The pieces the access-token suites share: Latch served over real HTTP (node:http in front of
 * `Auth()`), the resource server of resource-server.mjs started as a separate Node process, and
 * the PostgreSQL databases they store keys in (PGlite, and the real server when it answers).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { Auth, type AuthConfig } from "@latch/core";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";

/** Latch on a local port; `config` may be swapped between requests (another instance, another secret). */
export interface LatchServer {
  readonly origin: string;
  config: AuthConfig;
  close(): Promise<void>;
}

export async function serveLatch(config: AuthConfig): Promise<LatchServer> {
  let origin = "";
  const served: LatchServer = { origin: "", config, close: async () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const response = await Auth(new Request(`${origin}${req.url}`, { method: req.method, headers, body }), served.config as Omit<AuthConfig, "raw">);
    const out: [string, string][] = [];
    response.headers.forEach((value, name) => name !== "set-cookie" && out.push([name, value]));
    for (const cookie of response.headers.getSetCookie()) out.push(["set-cookie", cookie]);
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(served, { origin });
}

/** The resource server, a separate Node process, and a way to ask it about a token. */
export interface ResourceServer {
  /** `{ status, body }` of `GET /me` with the token, verified at `at` (seconds) when given. */
  verify(token: string, at?: number): Promise<{ status: number; body: { payload?: Record<string, unknown>; header?: Record<string, unknown>; error?: string } }>;
  close(): Promise<void>;
}

export async function startResourceServer(env: { JWKS_URL: string; ISSUER: string; AUDIENCE: string; JWKS_CACHE_MS?: string }): Promise<ResourceServer> {
  const script = fileURLToPath(new URL("./resource-server.mjs", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script], { env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the resource server exited (${code})`)));
    child.stdout!.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
  });
  child.removeAllListeners("exit");
  return {
    async verify(token, at) {
      const response = await fetch(`http://127.0.0.1:${port}/me`, { headers: { authorization: `Bearer ${token}`, ...(at === undefined ? {} : { "x-verify-at": String(at) }) } });
      return { status: response.status, body: (await response.json()) as never };
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** Cookies kept from `Set-Cookie`, sent back on the next request: a browser's jar for one origin. */
export class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  keep(response: Response): void {
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ""] = raw.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(raw)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Signs alice in with the test credentials provider over HTTP; the jar then holds her session cookie. */
export async function signIn(origin: string, jar: Jar): Promise<void> {
  const csrf = await fetch(`${origin}/auth/csrf`);
  jar.keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
  });
  jar.keep(response);
  if (![...jar.cookies.keys()].some((name) => name.includes("session-token"))) throw new Error(`the sign-in did not set a session cookie (${response.status})`);
}

/** A PostgreSQL database of a suite, and how to close it. */
export interface Engine {
  readonly db: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
}

async function pglite(): Promise<Engine> {
  const db = new PGlite();
  return { db, close: () => db.close() };
}

async function postgres(): Promise<Engine> {
  const schema = randomDatabaseName();
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

/** The databases a suite runs on, each with whether it is there: PGlite always, PostgreSQL when its server answers. */
export async function pgEngines(): Promise<[string, () => Promise<Engine>, boolean][]> {
  return [
    ["PGlite", pglite, true],
    ["PostgreSQL", postgres, await needService(services.postgres)],
  ];
}
