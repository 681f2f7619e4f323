/**
 * Every address Latch hands an adapter is in the stored spelling (PROTOCOL §6 "Email identifier":
 * NFKC, trimmed, lower case), whatever flow it came from: an OpenID Connect sign-in whose provider
 * sends another spelling, then an email-link sign-in with the address as a person types it, which
 * must reach the same user. Driven over HTTP through Latch behind Express with the real OpenID
 * Provider and a real SMTP server, on PGlite. The adapter is @latch/pg with every address it
 * receives recorded: Auth.js's adapters store the address as given and cannot run here, so the
 * record shows what they would be handed.
 */
import type { Adapter } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createBrowser, oidcProvider, pgliteAdapter, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let smtp: SmtpTestServer;

beforeAll(async () => {
  [latch, op, smtp] = await Promise.all([startLatch(), startOpenIDProvider(), startSmtpServer()]);
  await op.setClient({ client_id: "op", client_secret: "op-secret", redirect_uris: [`${latch.origin}/auth/callback/op`] });
}, 180_000);

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await smtp?.close();
});

/** `adapter` with the address of every createUser, updateUser and getUserByEmail call recorded. */
function recording(adapter: Adapter, seen: string[]): Adapter {
  return {
    ...adapter,
    createUser: (user) => (seen.push(user.email), adapter.createUser!(user)),
    updateUser: (user) => (user.email !== undefined && seen.push(user.email), adapter.updateUser!(user)),
    getUserByEmail: (email) => (seen.push(email), adapter.getUserByEmail!(email)),
  };
}

test("an OpenID Connect user whose provider spells the address otherwise is found by an email-link sign-in; the adapter only ever sees the stored spelling", async () => {
  const store = await pgliteAdapter();
  const seen: string[] = [];
  latch.configure({
    adapter: recording(store.adapter, seen),
    session: { strategy: "database" },
    providers: [
      oidcProvider("op", op.issuer, { clientId: "op", clientSecret: "op-secret" }),
      Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" }),
    ],
  });
  // Mixed case, a full-width letter and a trailing space, as a provider may send them.
  op.setAccount({ sub: "ada", email: "Ada.Lovelace@ＥXAMPLE.com ", email_verified: true, name: "Ada" });
  op.signInAs("ada");
  const first = createBrowser();
  await signIn(first, latch.origin, "op");
  expect((await session(first, latch.origin))?.user?.name).toBe("Ada");
  expect((await store.users()).map((user) => user.email)).toEqual(["ada.lovelace@example.com"]);

  const second = createBrowser();
  const { csrfToken } = (await (await second.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
  await second.fetch(`${latch.origin}/auth/signin/nodemailer`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email: "ada.lovelace@example.com" }),
  });
  const mail = await smtp.waitForMail({ to: "ada.lovelace@example.com" });
  const link = mail.urls.find((url) => new URL(url).pathname === "/auth/callback/nodemailer")!;
  await second.follow(link);
  expect((await session(second, latch.origin))?.user?.name).toBe("Ada");
  expect(await store.counts()).toMatchObject({ users: 1 });

  expect(seen.length).toBeGreaterThan(0);
  for (const email of seen) expect(email).toBe(email.normalize("NFKC").trim().toLowerCase());
  await store.db.close();
}, 120_000);
