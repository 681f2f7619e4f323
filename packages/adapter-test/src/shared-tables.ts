import { newAccount, newAuthenticator, newSession, newUser, newVerificationToken } from "./fixtures.js";
import type { Adapter, AdapterSecondFactor } from "@latch/core/adapters";
import { expect } from "vitest";

type Full = Required<Adapter>;

/**
 * Writes one of every record with `writer` and reads each back with `reader`, both on one
 * database: what a switch from one adapter to the other finds, without a data migration. Then
 * deletes through `reader` and checks that `writer` no longer finds the rows. Call it in a test.
 *
 * @example
 * ```ts
 * test("written by @latch/drizzle, read by @latch/pg", () => writtenByOneReadByOther(DrizzleAdapter(db), PostgresAdapter(pool)))
 * ```
 */
export async function writtenByOneReadByOther(writer: Adapter, reader: Adapter): Promise<void> {
  const w = writer as Full;
  const r = reader as Full;
  const user = await w.createUser(newUser({ emailVerified: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) }));
  const account = newAccount(user.id);
  await w.linkAccount(account);
  const earned = { auth_time: 1_760_000_000, mfa_time: 1_760_000_030, amr: ["pwd" as const, "otp" as const, "mfa" as const] };
  const session = await w.createSession({ ...newSession(user.id), createdAt: new Date(Date.UTC(2026, 1, 1)), userAgent: "Firefox on Linux", ip: "192.0.2.7", ...earned });
  const token = newVerificationToken();
  await w.createVerificationToken(token);
  const authenticator = await w.createAuthenticator(newAuthenticator(user.id, { counter: 7, credentialBackedUp: true }));
  const password = await w.setPassword({ userId: user.id, hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g", updatedAt: new Date(Date.UTC(2026, 2, 3)) });
  const factor: AdapterSecondFactor = {
    id: crypto.randomUUID(),
    userId: user.id,
    kind: "totp",
    secret: "eyJhbGciOiJkaXIifQ..secret",
    lastUsedStep: 59_000_000,
    attempts: 2,
    confirmedAt: new Date(Date.UTC(2026, 3, 4)),
    expires: null,
    createdAt: new Date(Date.UTC(2026, 3, 4)),
  };
  await w.replaceSecondFactors(user.id, "totp", [factor]);

  expect(await r.getUser(user.id)).toEqual(user);
  expect(await r.getUserByEmail(user.email)).toEqual(user);
  expect(await r.getUserByAccount(account)).toEqual(user);
  expect(await r.getAccount(account.providerAccountId, account.provider)).toEqual(account);
  const found = await r.getSessionAndUser(session.sessionToken);
  expect(found?.user).toEqual(user);
  expect(found?.session).toMatchObject({ sessionToken: session.sessionToken, userId: user.id, expires: session.expires, id: session.id, ...earned });
  const details = { id: session.id, createdAt: new Date(Date.UTC(2026, 1, 1)), userAgent: "Firefox on Linux", ip: "192.0.2.7", ...earned };
  expect(await r.listSessions(user.id)).toEqual([expect.objectContaining(details)]);
  expect(await r.getAuthenticator(authenticator.credentialID)).toEqual(authenticator);
  expect(await r.getPassword(user.id)).toEqual(password);
  expect(await r.listSecondFactors(user.id)).toEqual([factor]);
  expect(await r.useVerificationToken(token)).toEqual(token);
  // The reader's deletes reach the writer's rows: the session by its opaque id, then the user.
  expect(await r.deleteSessionById(user.id, session.id!)).toMatchObject({ sessionToken: session.sessionToken });
  expect(await w.getSessionAndUser(session.sessionToken)).toBeNull();
  await r.deleteUser(user.id);
  expect(await w.getUser(user.id)).toBeNull();
  expect(await w.getAccount(account.providerAccountId, account.provider)).toBeNull();
}
