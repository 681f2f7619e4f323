/**
 * ID tokens signed with the client secret (HS256, OpenID Connect Core 1.0 section 10.1), as LINE
 * issues them: accepted only from a provider that declares the algorithm, and only with a valid
 * signature. Driven through Latch's callback endpoint against the real OpenID Provider.
 */
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import Line from "@latch/core/providers/line";
import {
  createBrowser,
  hasSessionCookie,
  logs,
  oidcFactoryProvider,
  pgliteAdapter,
  session,
  signIn,
  startLatch,
  startOpenIDProvider,
  type LatchServer,
  type OpenIDProvider,
  type TestBrowser,
} from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;

const lineSecret = "line-channel-secret-0123456789abcdef";
const plainSecret = "plain-client-secret-0123456789abcdef";

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider();
  db = await pgliteAdapter();
  const hs256 = { token_endpoint_auth_method: "client_secret_post" as const, id_token_signed_response_alg: "HS256" };
  await op.setClient({ client_id: "line", client_secret: lineSecret, redirect_uris: [`${latch.origin}/auth/callback/line`], ...hs256 });
  await op.setClient({ client_id: "plain", client_secret: plainSecret, redirect_uris: [`${latch.origin}/auth/callback/plain`], ...hs256 });
  latch.configure({
    adapter: db.adapter,
    providers: [
      // The LINE preset as shipped, pointed at the test provider.
      Line({ issuer: op.issuer, clientId: "line", clientSecret: lineSecret }),
      // A provider that did not declare HS256: its client secret must not become a signing key.
      oidcFactoryProvider("plain", op.issuer, { clientId: "plain", clientSecret: plainSecret, client: { token_endpoint_auth_method: "client_secret_post" } }),
    ],
  });
});

afterEach(async () => {
  op.clearTampering();
  logs.length = 0;
  await db.db.query("DELETE FROM users");
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await db?.db.close();
});

/** The browser is back on the sign-in page with OAuthCallbackError, holds no session, and nothing was written. */
async function expectRefused(browser: TestBrowser, url: URL) {
  expect(url.pathname).toBe("/auth/signin");
  expect(url.searchParams.get("error")).toBe("OAuthCallbackError");
  expect(logs.map((l) => l.code)).toEqual(["OAuthCallbackError"]);
  expect(hasSessionCookie(browser, latch.origin)).toBe(false);
  expect(await db.counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
}

test("the LINE preset signs in with an HS256 ID token verified with its channel secret", async () => {
  const browser = createBrowser();
  const { url } = await signIn(browser, latch.origin, "line");
  expect(url.pathname).toBe("/dashboard");
  expect(logs).toEqual([]);
  // LINE's default scopes carry no email.
  expect((await session(browser, latch.origin))?.user).toMatchObject({ name: "Alice Example", email: "" });
  const [account] = await db.accounts();
  expect(account).toMatchObject({ provider: "line", providerAccountId: "alice" });
  const header = JSON.parse(Buffer.from(String(account!.id_token).split(".")[0]!, "base64url").toString()) as { alg: string };
  expect(header.alg).toBe("HS256");
});

test("two LINE users without an email sign up one after the other", async () => {
  op.setAccount({ sub: "bob", name: "Bob" });
  for (const sub of ["alice", "bob"]) {
    op.signInAs(sub);
    const { url } = await signIn(createBrowser(), latch.origin, "line");
    expect(url.pathname).toBe("/dashboard");
  }
  op.signInAs("alice");
  expect(logs).toEqual([]);
  expect((await db.users()).map((u) => [u.name, u.email]).sort()).toEqual([
    ["Alice Example", ""],
    ["Bob", ""],
  ]);
});

test("a provider that did not declare HS256 refuses an HS256 ID token", async () => {
  const browser = createBrowser();
  const { url } = await signIn(browser, latch.origin, "plain");
  await expectRefused(browser, url);
});

test("an HS256 ID token signed with another secret is refused", async () => {
  op.tamper("id-token-other-key");
  const browser = createBrowser();
  const { url } = await signIn(browser, latch.origin, "line");
  await expectRefused(browser, url);
});

test("an unsecured ID token (alg: none) is refused from a provider declaring HS256", async () => {
  op.tamper("id-token-alg-none");
  const browser = createBrowser();
  const { url } = await signIn(browser, latch.origin, "line");
  await expectRefused(browser, url);
});
