/**
 * What the organization suites share: users who sign in with the credentials provider (each
 * a browser of its own), Latch served over HTTP with `@latch/pg` on the engine, invitations
 * mailed to the testing SMTP server, and the adapter's calls counted.
 */
import type { AuthConfig } from "@latch/core";
import type { Adapter, OrganizationAdapter } from "@latch/core/adapters";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { PostgresAdapter, migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { expect } from "vitest";
import { secret } from "../../../../test/client.js";
import { Jar, type Engine } from "../../access-tokens/test/harness.js";

export const people = {
  alice: { id: "org-user-alice", name: "Alice", email: "alice@example.com" },
  bob: { id: "org-user-bob", name: "Bob", email: "bob@example.com" },
  carol: { id: "org-user-carol", name: "Carol", email: "carol@example.com" },
  dave: { id: "org-user-dave", name: "Dave", email: "dave@example.com" },
  /** Her address is not proven yet: whoever typed it may not own it. */
  erin: { id: "org-user-erin", name: "Erin", email: "erin@example.com" },
} as const;

export type Person = keyof typeof people;

/** Stores the users, every address proven but erin's. */
export async function seedPeople(engine: Engine): Promise<void> {
  for (const person of Object.values(people)) {
    await engine.db.query(`INSERT INTO users (id, email, name, "emailVerified") VALUES ($1, $2, $3, $4)`, [person.id, person.email, person.name, person === people.erin ? null : new Date()]);
  }
}

/** A credentials provider that signs each of them in by name (password "pw"). */
export function peopleProvider() {
  return Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username, password }) => (password === "pw" && typeof username === "string" && username in people ? { ...people[username as Person] } : null),
  });
}

/** `PostgresAdapter(db)` with every call counted by method name. */
export function countedAdapter(db: Engine["db"]): { adapter: Adapter & OrganizationAdapter; calls: Map<string, number>; total: () => number } {
  const inner = PostgresAdapter(db as never) as Adapter & OrganizationAdapter;
  const calls = new Map<string, number>();
  const adapter = Object.fromEntries(
    Object.entries(inner).map(([name, method]) => [name, typeof method === "function" ? (...args: unknown[]) => (calls.set(name, (calls.get(name) ?? 0) + 1), (method as (...a: unknown[]) => unknown).apply(inner, args)) : method]),
  ) as unknown as Adapter & OrganizationAdapter;
  return { adapter, calls, total: () => [...calls.values()].reduce((a, b) => a + b, 0) };
}

/** The config of the suites: database sessions, the four users, invitations mailed through `smtp`. */
export function organizationsConfig(adapter: Adapter, smtp: SmtpTestServer, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [peopleProvider(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    ...overrides,
  };
}

/** One browser of one person at `origin`. */
export class Browser {
  readonly jar = new Jar();
  constructor(readonly origin: string) {}

  async csrf(): Promise<string> {
    const response = await fetch(`${this.origin}/auth/csrf`, { headers: { cookie: this.jar.header() } });
    this.jar.keep(response);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async signIn(person: Person): Promise<this> {
    const csrfToken = await this.csrf();
    const response = await fetch(`${this.origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: this.jar.header() },
      body: new URLSearchParams({ csrfToken, username: person, password: "pw" }),
    });
    this.jar.keep(response);
    expect([...this.jar.cookies.keys()].some((name) => name.includes("session-token"))).toBe(true);
    return this;
  }

  async get(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.origin}/auth/${path}`, { redirect: "manual", ...init, headers: { cookie: this.jar.header(), ...(init.headers as Record<string, string>) } });
    this.jar.keep(response);
    return response;
  }

  /** A JSON POST with the CSRF token (unless `csrf: false`), and any further `headers`. */
  async post(path: string, body: Record<string, unknown>, { csrf = true, headers = {} as Record<string, string> } = {}): Promise<Response> {
    const token = csrf ? { csrfToken: await this.csrf() } : {};
    const response = await fetch(`${this.origin}/auth/${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/json", cookie: this.jar.header() },
      body: JSON.stringify({ ...token, ...body }),
    });
    this.jar.keep(response);
    return response;
  }

  async session(): Promise<{ user?: { email?: string }; organization?: { id: string; slug: string; role: string } | null } | null> {
    return (await (await this.get("session")).json()) as never;
  }
}

/** Opens a suite's engine with Latch's tables and the people stored, and a testing SMTP server. */
export async function openWithPeople(open: () => Promise<Engine>): Promise<{ engine: Engine; smtp: SmtpTestServer }> {
  const engine = await open();
  await migrate(engine.db as never);
  await seedPeople(engine);
  return { engine, smtp: await startSmtpServer() };
}
