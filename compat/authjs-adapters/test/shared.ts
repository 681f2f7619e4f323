import { newAccount, newAuthenticator, newSession, newUser, newVerificationToken, type TestDatabase } from "@latch/adapter-test";
import type { Adapter } from "@latch/core/adapters";
import { Auth, type AuthConfig } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import { handlerClient, type SmtpTestServer } from "@latch/testing";
import { expect } from "vitest";

/** Why Latch needs each method an Auth.js adapter may lack, for the suite's `missing`. */
const needs: Partial<Record<keyof Adapter, string>> = {
  getAccount: "account linking through Latch needs it",
  deleteSessions: "sign-out everywhere needs it",
  listSessions: "SessionControl() needs it",
  deleteSessionById: "SessionControl() needs it",
  deleteAuthenticator: "removing a passkey needs it",
  listAccountsByUserId: "the proof of an address reaches every account of a provider through it",
};

/**
 * The suite's `missing` for an Auth.js adapter: each method of {@link needs} the adapter lacks,
 * with the reason; the suite skips the tests that need one, saying so.
 */
export function missingMethods(adapter: Adapter): Partial<Record<keyof Adapter, string>> {
  return Object.fromEntries(
    Object.entries(needs)
      .filter(([method]) => typeof adapter[method as keyof Adapter] !== "function")
      .map(([method, why]) => [method, `the Auth.js adapter has no ${method} (${why})`]),
  );
}

/** Conformance readers that read through one of Latch's own adapters (and a plain query for tokens). */
export function readersThrough(latch: Adapter, token: TestDatabase["verificationToken"]): Omit<TestDatabase, "connect" | "disconnect"> {
  const l = latch as Required<Adapter>;
  return {
    user: (id) => l.getUser(id),
    account: ({ provider, providerAccountId }) => l.getAccount(providerAccountId, provider),
    session: async (sessionToken) => (await l.getSessionAndUser(sessionToken))?.session ?? null,
    verificationToken: token,
    authenticator: (credentialID) => l.getAuthenticator(credentialID),
  };
}

/**
 * Writes a user with an account, a session, a verification token and (when both adapters store
 * them) an authenticator with `writer`, and reads each back with `reader`.
 */
export async function sharedRows(writer: Adapter, reader: Adapter, authenticators = true): Promise<void> {
  const w = writer as Required<Adapter>;
  const r = reader as Required<Adapter>;
  const user = await w.createUser(newUser({ emailVerified: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) }));
  const account = newAccount(user.id);
  // Latch looks an account up by exactly its key, as the contract types it.
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  await w.linkAccount(account);
  const session = newSession(user.id);
  await w.createSession(session);
  const token = newVerificationToken();
  await w.createVerificationToken(token);

  expect(await r.getUser(user.id)).toMatchObject({ ...user, emailVerified: user.emailVerified });
  expect(await r.getUserByEmail(user.email)).toMatchObject({ id: user.id });
  expect(await r.getUserByAccount(key)).toMatchObject({ id: user.id });
  expect(await r.getAccount(account.providerAccountId, account.provider)).toMatchObject(account);
  const found = await r.getSessionAndUser(session.sessionToken);
  expect(found?.user).toMatchObject({ id: user.id, email: user.email });
  expect(found?.session).toMatchObject(session);
  expect(await r.useVerificationToken({ identifier: token.identifier, token: token.token })).toMatchObject(token);
  if (authenticators) {
    const authenticator = await w.createAuthenticator(newAuthenticator(user.id, { counter: 3, credentialBackedUp: true }));
    expect(await r.getAuthenticator(authenticator.credentialID)).toMatchObject(authenticator);
    expect(await r.listAuthenticatorsByUserId(user.id)).toHaveLength(1);
  }
  // The reader's writes reach the writer's rows.
  await r.updateSession({ sessionToken: session.sessionToken, expires: new Date(Date.UTC(2030, 0, 1)) });
  expect((await w.getSessionAndUser(session.sessionToken))?.session.expires).toEqual(new Date(Date.UTC(2030, 0, 1)));
  await r.deleteSession(session.sessionToken);
  expect(await w.getSessionAndUser(session.sessionToken)).toBeNull();
  await r.unlinkAccount(key);
  expect(await w.getUserByAccount(key)).toBeNull();
}

/** The origin the tests' requests to `Auth()` are made on. */
export const origin = "http://localhost:3000";
const form = { "content-type": "application/x-www-form-urlencoded" };

/** A browser of one: cookies kept between requests to `Auth()`. */
export function browser(config: AuthConfig) {
  return handlerClient((request) => Auth(request, config), { origin });
}

/** Asks for an email sign-in link for `email`, follows the link from the mail, and checks where it lands. */
export async function emailSignIn(visitor: ReturnType<typeof browser>, smtp: SmtpTestServer, email: string): Promise<void> {
  const asked = await visitor.request("/auth/signin/nodemailer", {
    method: "POST",
    headers: form,
    body: new URLSearchParams({ csrfToken: await visitor.csrf(), email, callbackUrl: `${origin}/home` }),
  });
  expect(asked.headers.get("location")).toMatch(/\/auth\/verify-request/);
  const mail = await smtp.waitForMail({ to: email });
  const link = mail.urls.find((url) => url.startsWith(`${origin}/auth/callback/nodemailer`));
  expect(link).toBeDefined();
  expect((await visitor.request(link!)).headers.get("location")).toBe(`${origin}/home`);
}

/** A configuration with database sessions on `adapter` and email sign-in through `smtp`. */
export function emailSignInConfig(adapter: Adapter, smtp: SmtpTestServer, secret: string): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [Nodemailer({ server: smtp.url, from: "Latch <no-reply@latch.test>" })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
}
