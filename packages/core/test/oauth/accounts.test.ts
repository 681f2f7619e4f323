/**
 * Plain OAuth 2 providers (explicit endpoints, userinfo) and what sign-in stores through an
 * adapter (@latch/pg on PGlite): the account row with its tokens, and the account-linking rules.
 */
import { customFetch, type Provider } from "@latch/core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  createBrowser,
  hasSessionCookie,
  oidcProvider,
  pgliteAdapter,
  session,
  signIn,
  startLatch,
  startOpenIDProvider,
  type LatchServer,
  type OpenIDProvider,
} from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;
const userinfoCalls: string[] = [];

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider();
  db = await pgliteAdapter();
  for (const id of ["plain", "custom", "op-a", "op-b", "op-trusting", "op-renamed"]) {
    await op.setClient({ client_id: id, client_secret: `${id}-secret`, redirect_uris: [`${latch.origin}/auth/callback/${id}`] });
  }
  const e = op.endpoints;
  const counting: typeof fetch = (input, init) => {
    userinfoCalls.push(String(input));
    return fetch(input, init);
  };
  latch.configure({
    adapter: db.adapter,
    providers: [
      {
        id: "plain",
        name: "Plain OAuth",
        type: "oauth",
        issuer: op.issuer,
        authorization: { url: e.authorization, params: { scope: "openid email profile" } },
        token: e.token,
        userinfo: e.userinfo,
        clientId: "plain",
        clientSecret: "plain-secret",
      },
      {
        id: "custom",
        name: "Custom userinfo",
        type: "oauth",
        authorization: { url: e.authorization, params: { scope: "openid email" } },
        token: e.token,
        userinfo: {
          url: e.userinfo,
          async request({ tokens, provider }: { tokens: { access_token?: string }; provider: { fetch: typeof fetch } }) {
            const response = await provider.fetch(e.userinfo, { headers: { authorization: `Bearer ${tokens.access_token}` } });
            return { ...((await response.json()) as object), from: "request" };
          },
        },
        profile: (profile: { sub: string; email: string; from: string }) => ({ id: profile.sub, email: profile.email, name: profile.from }),
        clientId: "custom",
        clientSecret: "custom-secret",
        [customFetch]: counting,
      } as Provider,
      oidcProvider("op-a", op.issuer, { clientId: "op-a", clientSecret: "op-a-secret" }),
      oidcProvider("op-b", op.issuer, { clientId: "op-b", clientSecret: "op-b-secret" }),
      oidcProvider("op-trusting", op.issuer, { clientId: "op-trusting", clientSecret: "op-trusting-secret", allowDangerousEmailAccountLinking: true }),
      // Gives the user another address than the one the provider verified.
      oidcProvider("op-renamed", op.issuer, {
        clientId: "op-renamed",
        clientSecret: "op-renamed-secret",
        profile: (profile: { sub: string; email: string }) => ({ id: profile.sub, email: `renamed-${profile.email}` }),
      }),
    ],
  });
});

beforeEach(async () => {
  await db.db.query("DELETE FROM users");
  op.signInAs("alice");
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await db?.db.close();
});

describe("a plain OAuth 2 provider", () => {
  test("signs in through its explicit endpoints and userinfo; the account keeps the tokens", async () => {
    const before = Math.floor(Date.now() / 1000);
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "plain");
    expect(url.pathname).toBe("/dashboard");
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "Alice Example", email: "alice@example.com" } });

    const [account] = await db.accounts();
    expect(account).toMatchObject({ provider: "plain", type: "oauth", providerAccountId: "alice", token_type: "bearer", scope: "openid email profile" });
    expect(typeof account!.access_token).toBe("string");
    expect(typeof account!.id_token).toBe("string");
    const expiresAt = Number(account!.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    const [user] = await db.users();
    expect(user).toMatchObject({ email: "alice@example.com", name: "Alice Example", emailVerified: null });
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("userinfo.request receives the tokens and the provider's fetch", async () => {
    userinfoCalls.length = 0;
    const browser = createBrowser();
    await signIn(browser, latch.origin, "custom");
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "request", email: "alice@example.com" } });
    expect(userinfoCalls).toContain(op.endpoints.userinfo);
    expect(userinfoCalls).toContain(op.endpoints.token);
  });
});

describe("an OpenID Connect provider", () => {
  test("stores an oidc account with the ID token and a database session", async () => {
    const browser = createBrowser();
    await signIn(browser, latch.origin, "op-a");
    const [account] = await db.accounts();
    expect(account).toMatchObject({ provider: "op-a", type: "oidc", providerAccountId: "alice", token_type: "bearer" });
    expect(String(account!.id_token).split(".")).toHaveLength(3);
    expect(await db.counts()).toEqual({ users: 1, accounts: 1, sessions: 1 });
  });
});

describe("emailVerified of a user created by an OpenID sign-in", () => {
  async function createdUser(providerId: string) {
    await signIn(createBrowser(), latch.origin, providerId);
    const users = await db.users();
    expect(users).toHaveLength(1);
    return users[0]!;
  }

  test("is set when the provider asserts email_verified: true for the user's address", async () => {
    const before = Date.now();
    const user = await createdUser("op-a");
    expect(user.email).toBe("alice@example.com");
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect((user.emailVerified as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test("stays null when the provider says false, says it as a string, or verified another address", async () => {
    op.setAccount({ sub: "bob", email: "bob@example.com", email_verified: false, name: "Bob" });
    op.signInAs("bob");
    expect((await createdUser("op-a")).emailVerified).toBeNull();
    await db.db.query("DELETE FROM users");

    op.setAccount({ sub: "carl", email: "carl@example.com", email_verified: "true" as unknown as boolean, name: "Carl" });
    op.signInAs("carl");
    expect((await createdUser("op-a")).emailVerified).toBeNull();
    await db.db.query("DELETE FROM users");

    op.signInAs("alice");
    const renamed = await createdUser("op-renamed");
    expect(renamed.email).toBe("renamed-alice@example.com");
    expect(renamed.emailVerified).toBeNull();
  });
});

describe("account linking", () => {
  test("the same email from a second provider is refused (OAuthAccountNotLinked) by default", async () => {
    await signIn(createBrowser(), latch.origin, "op-a");
    const before = await db.counts();
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "op-b");
    expect(url.pathname).toBe("/auth/signin");
    expect(url.searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(hasSessionCookie(browser, latch.origin)).toBe(false);
    expect(await db.counts()).toEqual(before);
  });

  test("allowDangerousEmailAccountLinking links it to the user with that email", async () => {
    await signIn(createBrowser(), latch.origin, "op-a");
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "op-trusting");
    expect(url.pathname).toBe("/dashboard");
    const accounts = await db.accounts();
    expect(accounts.map((a) => a.provider)).toEqual(["op-a", "op-trusting"]);
    expect(new Set(accounts.map((a) => a.userId)).size).toBe(1);
    expect((await db.counts()).users).toBe(1);
  });

  test("a signed-in user adds the account of another provider to their own user", async () => {
    const browser = createBrowser();
    await signIn(browser, latch.origin, "op-a");
    op.setAccount({ sub: "alice-work", email: "alice@work.example", email_verified: true, name: "Alice at work" });
    op.signInAs("alice-work");
    const { url } = await signIn(browser, latch.origin, "op-b");
    expect(url.pathname).toBe("/dashboard");
    const accounts = await db.accounts();
    expect(accounts.map((a) => [a.provider, a.providerAccountId])).toEqual([["op-a", "alice"], ["op-b", "alice-work"]]);
    expect(new Set(accounts.map((a) => a.userId)).size).toBe(1);
    expect(await session(browser, latch.origin)).toMatchObject({ user: { email: "alice@example.com" } });
  });
});
