/**
 * Latch behind a real HTTP server for passkey tests: Express on 127.0.0.1 (opened in the browser
 * as http://localhost:<port>, a secure context), `@latch/pg` on an in-memory PGlite, the passkey
 * provider, database sessions. The config can be swapped between requests.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import Passkey, { type PasskeyUserConfig } from "@latch/core/providers/passkey";
import { SessionControl } from "@latch/core/sessions";
import { webAuthnScript } from "@latch/core/webauthn-script";
import { ExpressAuth, getSession } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import express from "express";

export const secret = "passkey-test-secret-0123456789-abcdefghijklmnop";

export interface Counts {
  users: number;
  accounts: number;
  authenticators: number;
  sessions: number;
  /** Verification tokens: email links and the server's records of passkey challenges. */
  tokens: number;
}

export interface AuthenticatorRow {
  credentialID: string;
  userId: string;
  providerAccountId: string;
  counter: number;
  transports: string | null;
}

export interface PasskeyHarness {
  /** `http://localhost:<port>` */
  origin: string;
  /** `<origin>/auth` */
  base: string;
  db: PGlite;
  /** Log lines Latch wrote (`<level> <code> <message>`). */
  logs: string[];
  /** Replaces the config from now on: provider options and top-level overrides. */
  configure(passkey?: PasskeyUserConfig, overrides?: Partial<AuthConfig>): void;
  counts(): Promise<Counts>;
  authenticators(): Promise<AuthenticatorRow[]>;
  close(): Promise<void>;
}

/**
 * Starts the app: `/auth` is Latch, `/` prints the signed-in user's email (or `nobody`), `/add`
 * has an "Add a passkey" button.
 */
export async function startPasskeyHarness(passkey: PasskeyUserConfig = {}): Promise<PasskeyHarness> {
  const db = new PGlite();
  await migrate(db);
  const adapter = PostgresAdapter(db);
  const logs: string[] = [];
  const write = (level: string) => (code: string, ...rest: unknown[]) => {
    logs.push(`${level} ${code} ${rest.map((r) => (r instanceof Error ? r.message : String(r))).join(" ")}`);
  };
  const make = (options: PasskeyUserConfig, overrides: Partial<AuthConfig> = {}): AuthConfig => ({
    secret,
    trustHost: true,
    adapter,
    providers: [Passkey(options)],
    session: { control: SessionControl() },
    experimental: { enableWebAuthn: true },
    logger: { error: write("error"), warn: write("warn"), debug: () => {} },
    ...overrides,
  });
  let config = make(passkey);

  const app = express();
  app.use("/auth", ExpressAuth(() => config));
  app.get("/", async (req, res) => {
    const session = await getSession(req, config);
    res.type("html").send(`<!doctype html><title>home</title><p id="who">${session?.user?.email ?? "nobody"}</p>`);
  });
  // A page of the app (not Latch) that adds a passkey to the signed-in user with the embeddable script.
  app.get("/add", (_req, res) => {
    res.type("html").send(`<!doctype html><title>add</title>
<form data-latch-webauthn="passkey" data-latch-action="register"><button type="submit">Add a passkey</button></form>
<script type="module">${webAuthnScript({ baseUrl: "/auth" })}</script>`);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

  const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
  return {
    origin,
    base: `${origin}/auth`,
    db,
    logs,
    configure(options = {}, overrides = {}) {
      config = make(options, overrides);
    },
    async counts() {
      return { users: await count("users"), accounts: await count("accounts"), authenticators: await count("authenticators"), sessions: await count("sessions"), tokens: await count("verification_token") };
    },
    async authenticators() {
      const { rows } = await db.query<AuthenticatorRow>(`SELECT "credentialID", "userId", "providerAccountId", counter::int AS counter, transports FROM authenticators`);
      return rows;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
