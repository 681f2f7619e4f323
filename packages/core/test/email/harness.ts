/**
 * Latch behind a real HTTP server for email sign-in tests: Express on 127.0.0.1, `@latch/pg` on an
 * in-memory PGlite, and a browser stand-in with a cookie jar. The Latch config can be swapped
 * between requests (a new object each time, as a redeploy would do).
 */
import { createHash } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig, Provider } from "@latch/core";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { createBrowser, type TestBrowser } from "@latch/testing";
import express from "express";

export const oldSecret = "old-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const newSecret = "new-secret-9876543210-zyxwvutsrqponmlkjihgfedcba";

/** `sha256hex(token + secret)`, computed independently of Latch. */
export function authJsHash(token: string, secret: string): string {
  return createHash("sha256").update(`${token}${secret}`).digest("hex");
}

export interface TokenRow {
  identifier: string;
  token: string;
  expires: Date;
}

export interface UserRow {
  id: string;
  email: string;
  emailVerified: Date | null;
}

export interface EmailHarness {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/auth` */
  base: string;
  db: PGlite;
  /** Every log line Latch wrote, as one string each (to check that no token leaks). */
  logs: string[];
  /** Replaces the Latch config from now on. */
  configure(overrides: Partial<AuthConfig>): void;
  tokens(): Promise<TokenRow[]>;
  user(email: string): Promise<UserRow | null>;
  /** GET /csrf then POST /signin/<providerId>; the response is not followed. */
  requestLink(browser: TestBrowser, providerId: string, email: string): Promise<Response>;
  /** The session as `/session` shows it. */
  session(browser: TestBrowser): Promise<{ user?: { email?: string } } | null>;
  close(): Promise<void>;
}

/** Starts the server with `providers`, a database session strategy and the old secret. */
export async function startEmailHarness(providers: Provider[]): Promise<EmailHarness> {
  const db = new PGlite();
  await migrate(db);
  const adapter = PostgresAdapter(db);
  const logs: string[] = [];
  const write = (level: string) => (code: string, ...rest: unknown[]) => {
    logs.push(`${level} ${code} ${rest.map((r) => (r instanceof Error ? `${r.message} ${JSON.stringify(r.cause ?? {}, replacer)}` : JSON.stringify(r, replacer))).join(" ")}`);
  };
  const defaults: AuthConfig = {
    secret: oldSecret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers,
    logger: { error: write("error"), warn: write("warn"), debug: write("debug") },
  };
  let config: AuthConfig = defaults;

  const app = express();
  app.use("/auth", ExpressAuth(() => config));
  app.get("/done", (_req, res) => void res.send("done"));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/auth`;

  return {
    origin,
    base,
    db,
    logs,
    configure(overrides) {
      config = { ...defaults, ...overrides };
    },
    async tokens() {
      return (await db.query<TokenRow>("SELECT identifier, token, expires FROM verification_token")).rows;
    },
    async user(email) {
      return (await db.query<UserRow>(`SELECT id, email, "emailVerified" FROM users WHERE email = $1`, [email])).rows[0] ?? null;
    },
    async requestLink(browser, providerId, email) {
      const { csrfToken } = (await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string };
      return browser.fetch(`${base}/signin/${providerId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email, callbackUrl: `${origin}/done` }),
      });
    },
    async session(browser) {
      return (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

function replacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { message: value.message, cause: value.cause } : value;
}

export { createBrowser };
