/**
 * What the fuzzer aims at: one realistic Latch configuration (credentials with database sessions,
 * an OIDC provider at the real OpenID Provider of `@latch/testing`, email through a real SMTP
 * server, passkeys) on `@latch/pg` over PGlite, reachable two ways: `Auth()` called directly, and
 * `@latch/express` on a loopback socket spoken to in raw HTTP/1.1 (so absolute-form targets and
 * odd Host headers reach the server as written). Every request is checked against the properties
 * of {@link findingsOf}.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { Auth, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import Passkey from "@latch/core/providers/passkey";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { probeAdapter, startOpenIDProvider, startSmtpServer, type AdapterProbe, type OpenIDProvider, type SmtpTestServer } from "@latch/testing";
import express from "express";
import type { FuzzRequest, Seeds } from "./arbitraries.js";
import { sendRaw } from "./raw-http.js";

export const fuzzSecret = "fuzz-secret-3f9c1a7e5b2d4c6e8a0b1c2d3e4f5a6b";
const coreOrigin = "http://localhost:3000";

/** A response reduced to what the properties look at. */
export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

export interface FuzzTarget {
  seeds: Seeds;
  origin: string;
  /** Sends through `Auth()`; null when the request cannot be expressed as a `Request`. */
  core(req: FuzzRequest): Promise<Answer | null>;
  /** Sends raw HTTP to `@latch/express`; null when the request cannot be written on the wire. */
  express(req: FuzzRequest): Promise<Answer | null>;
  /** Row counts of every table Latch writes. */
  rows(): Promise<string>;
  probe: AdapterProbe;
  /** Log lines Latch wrote, as text. */
  logs: string[];
  close(): Promise<void>;
}

export async function startFuzzTarget(): Promise<FuzzTarget> {
  const db = new PGlite();
  await migrate(db);
  const probe = probeAdapter(PostgresAdapter(db));
  const alice = await probe.adapter.createUser!({ id: crypto.randomUUID(), email: "alice@example.com", emailVerified: null, name: "Alice" });
  const smtp: SmtpTestServer = await startSmtpServer();
  const op: OpenIDProvider = await startOpenIDProvider();
  const logs: string[] = [];
  const log = (level: string) => (code: string, ...rest: unknown[]) => {
    logs.push(`${level} ${code} ${rest.map((r) => (r instanceof Error ? `${r.message} ${String((r as { cause?: unknown }).cause ?? "")}` : String(r))).join(" ")}`);
    if (logs.length > 2000) logs.splice(0, 1000);
  };

  const config: AuthConfig = {
    secret: fuzzSecret,
    trustHost: true,
    adapter: probe.adapter,
    session: { strategy: "database" },
    experimental: { enableWebAuthn: true },
    logger: { error: log("error"), warn: log("warn"), debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (username === "alice" && password === "wonderland" ? { id: alice.id, email: alice.email, name: "Alice" } : null),
      }),
      { id: "op", name: "OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" },
      Nodemailer({ server: smtp.url, from: "Latch <no-reply@latch.test>" }),
      Passkey(),
    ],
  };

  const app = express();
  // "test" keeps Express's default error page as in development but stops it logging each error.
  app.set("env", "test");
  app.use("/auth", ExpressAuth(config));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${coreOrigin}/auth/callback/op`, `${origin}/auth/callback/op`] });

  // Real values: a CSRF pair and a signed-in session, so that fuzzed requests get past the first checks.
  const csrf = await Auth(new Request(`${coreOrigin}/auth/csrf`), config);
  const csrfCookie = cookieValue(csrf, "authjs.csrf-token");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await Auth(
    new Request(`${coreOrigin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `authjs.csrf-token=${csrfCookie}` },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }),
    }),
    config,
  );
  const sessionToken = cookieValue(signIn, "authjs.session-token");
  probe.reset();

  const count = `SELECT (SELECT count(*) FROM users) || '/' || (SELECT count(*) FROM accounts) || '/' || (SELECT count(*) FROM sessions) || '/' ||
    (SELECT count(*) FROM verification_token) || '/' || (SELECT count(*) FROM authenticators) || '/' ||
    (SELECT coalesce(max("emailVerified")::text, '-') FROM users) AS n`;

  return {
    seeds: { csrfCookie, csrfToken, sessionToken },
    origin,
    probe,
    logs,
    rows: async () => ((await db.query<{ n: string }>(count)).rows[0]!.n),
    async core(req) {
      let request: Request;
      try {
        const url = new URL(req.target, coreOrigin);
        const headers = new Headers(req.headers);
        if (req.cookies.length) headers.set("cookie", req.cookies.map(([n, v]) => `${n}=${v}`).join("; "));
        request = new Request(url, { method: req.method, headers, body: req.body });
      } catch {
        return null;
      }
      const response = await Auth(request, config);
      return { status: response.status, headers: [...response.headers], body: await response.text() };
    },
    express: (req) => rawHttp(port, req),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await op.close();
      await smtp.close();
      await db.close();
    },
  };
}

function cookieValue(response: Response, name: string): string {
  const raw = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} cookie (HTTP ${response.status})`);
  return raw.slice(name.length + 1).split(";")[0]!;
}

/** One HTTP/1.1 exchange on a fresh connection, written byte for byte. */
async function rawHttp(port: number, req: FuzzRequest): Promise<Answer | null> {
  const bytes = await sendRaw(port, req, 10_000);
  return bytes && parseResponse(bytes);
}

function parseResponse(bytes: Buffer): Answer {
  const text = bytes.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = text.slice(0, end === -1 ? text.length : end).split("\r\n");
  const status = Number(statusLine.split(" ")[1] ?? 0);
  const headers = headerLines.map((line): [string, string] => {
    const at = line.indexOf(":");
    return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
  });
  const chunked = headers.some(([n, v]) => n === "transfer-encoding" && /chunked/i.test(v));
  let body = end === -1 ? "" : bytes.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1")).toString("utf8");
  if (chunked) body = unchunk(body);
  return { status, headers, body };
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

const stackTrace = /\n\s+at \S|\bat \S+ \(.*:\d+:\d+\)|node:internal|\/work\/|\/node_modules\/|\.ts:\d+:\d+|file:\/\//;

/**
 * The request asked for the error page of `Configuration` itself (a 500 by design, PROTOCOL §3),
 * however its path was spelled (`/x/../auth/error/./`, or `/AUTH/error`: Express matches mount
 * paths without regard to case).
 */
function asksForConfigurationPage(req: FuzzRequest): boolean {
  try {
    const url = new URL(req.target, "http://localhost");
    return /^\/auth\/error\/?$/i.test(url.pathname) && url.searchParams.getAll("error").includes("Configuration");
  } catch {
    return false;
  }
}

/** Where the response sends the user: `Location`, or the `{ url }` of JSON mode. */
function destination(answer: Answer): string {
  const location = answer.headers.find(([n]) => n === "location")?.[1];
  if (location) return location;
  if (answer.body.startsWith("{")) {
    try {
      const url = (JSON.parse(answer.body) as { url?: unknown }).url;
      if (typeof url === "string") return url;
    } catch {}
  }
  return "";
}

/**
 * The `error` code of a redirect to one of Latch's own pages (`<base>/error`, `<base>/signin`),
 * or null. A redirect to the provider is not one: it carries the sign-in POST's query, which may
 * hold any `error` parameter (PROTOCOL §6).
 */
function errorCodeOf(answer: Answer): string | null {
  try {
    const url = new URL(destination(answer), "http://localhost");
    return /\/auth\/(error|signin)\/?$/.test(url.pathname) ? url.searchParams.get("error") : null;
  } catch {
    return null;
  }
}

/** True when the response refuses the request: a 4xx/5xx, or a redirect to an error. */
export function isRefusal(answer: Answer): boolean {
  return answer.status >= 400 || errorCodeOf(answer) !== null;
}

/**
 * The properties every answer must have: no 5xx and no `Configuration` error for request input
 * (the configuration is well-formed), no stack trace or file path, no secret; a refusal leaves
 * the database as it was and makes no adapter write.
 */
export function findingsOf(req: FuzzRequest, answer: Answer, before: string, after: string, writes: string[]): string[] {
  const findings: string[] = [];
  const everything = `${answer.headers.map(([n, v]) => `${n}: ${v}`).join("\n")}\n${answer.body}`;
  if (answer.status >= 500 && !asksForConfigurationPage(req)) findings.push(`HTTP ${answer.status}`);
  if (errorCodeOf(answer) === "Configuration") findings.push("Configuration error for request input");
  if (stackTrace.test(answer.body)) findings.push("stack trace or file path in the body");
  if (everything.includes(fuzzSecret)) findings.push("the secret in the response");
  if (isRefusal(answer)) {
    if (before !== after) findings.push(`a refused request changed the database (${before} → ${after})`);
    const real = writes.filter((w) => w !== "useVerificationToken");
    if (real.length) findings.push(`a refused request wrote through the adapter (${real.join(", ")})`);
  }
  return findings;
}
