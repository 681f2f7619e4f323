/**
 * Every broken callback is refused: the browser lands on the sign-in or error page with the
 * error code, holds no session cookie, and nothing is written to the adapter.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  createBrowser,
  hasSessionCookie,
  logs,
  oidcFactoryProvider,
  pgliteAdapter,
  signIn,
  startLatch,
  startOpenIDProvider,
  type LatchServer,
  type OpenIDProvider,
  type TamperKind,
  type TestBrowser,
} from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;
let db: Awaited<ReturnType<typeof pgliteAdapter>>;
const empty = { users: 0, accounts: 0, sessions: 0 };

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider();
  db = await pgliteAdapter();
  await op.setClient({ client_id: "app", client_secret: "app-secret", redirect_uris: [`${latch.origin}/auth/callback/op`] });
  latch.configure({ adapter: db.adapter, providers: [oidcFactoryProvider("op", op.issuer, { clientId: "app", clientSecret: "app-secret" })] });
});

afterEach(() => {
  op.clearTampering();
  logs.length = 0;
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
  await db?.db.close();
});

/** Where the browser ended: `signin` or `error` page, and its error code. */
function landing(url: URL): { page: string; error: string | null } {
  return { page: url.pathname.replace("/auth/", ""), error: url.searchParams.get("error") };
}

interface Refusal {
  page: string;
  error: string;
  /** The error Latch logged. */
  type: string;
}

async function expectRefused(browser: TestBrowser, url: URL, { type, ...expected }: Refusal) {
  expect(landing(url)).toEqual(expected);
  expect(logs.map((l) => l.code)).toEqual([type]);
  expect(hasSessionCookie(browser, latch.origin)).toBe(false);
  // The failed callback spent its check cookies: none is left to retry with.
  expect(browser.cookies(latch.origin).map((c) => c.name).filter((n) => /pkce|state|nonce/.test(n))).toEqual([]);
  expect(await db.counts()).toEqual(empty);
}

/** Starts a sign-in and stops with the callback URL in hand (code and state, check cookies in the jar). */
async function toCallback(browser: TestBrowser): Promise<URL> {
  const { url } = await signIn(browser, latch.origin, "op", { stopAtCallback: true });
  expect(url.pathname).toBe("/auth/callback/op");
  return url;
}

const invalidCheck: Refusal = { page: "error", error: "Configuration", type: "InvalidCheck" };
const callbackError: Refusal = { page: "signin", error: "OAuthCallbackError", type: "OAuthCallbackError" };

describe("state (RFC 6749 section 10.12)", () => {
  test("a state parameter that is not the cookie's is refused", async () => {
    const browser = createBrowser();
    const callback = await toCallback(browser);
    callback.searchParams.set("state", "forged");
    const { url } = await browser.follow(callback);
    await expectRefused(browser, url, invalidCheck);
  });

  test("a missing state parameter is refused", async () => {
    const browser = createBrowser();
    const callback = await toCallback(browser);
    callback.searchParams.delete("state");
    const { url } = await browser.follow(callback);
    await expectRefused(browser, url, invalidCheck);
  });

  test("a missing state cookie is refused", async () => {
    const browser = createBrowser();
    const callback = await toCallback(browser);
    browser.setCookie(latch.origin, "authjs.state=; Path=/; Max-Age=0");
    const { url } = await browser.follow(callback);
    await expectRefused(browser, url, invalidCheck);
  });

  test("a callback replayed in another browser (no check cookies) is refused", async () => {
    const callback = await toCallback(createBrowser());
    const attacker = createBrowser();
    const { url } = await attacker.follow(callback);
    await expectRefused(attacker, url, invalidCheck);
  });
});

describe("PKCE (RFC 7636)", () => {
  test("a missing code verifier cookie is refused", async () => {
    const browser = createBrowser();
    const callback = await toCallback(browser);
    browser.setCookie(latch.origin, "authjs.pkce.code_verifier=; Path=/; Max-Age=0");
    const { url } = await browser.follow(callback);
    await expectRefused(browser, url, invalidCheck);
  });
});

describe("the authorization code (RFC 6749 section 4.1.2)", () => {
  test("a replayed code is refused by the token endpoint", async () => {
    const first = createBrowser();
    const callback = await toCallback(first);
    const saved = first.cookies(latch.origin).map((c) => `${c.name}=${c.value}; Path=${c.path}`);
    const ok = await first.follow(callback);
    expect(ok.url.pathname).toBe("/dashboard");
    const before = await db.counts();
    expect(before.accounts).toBe(1);

    const replay = createBrowser();
    for (const cookie of saved) replay.setCookie(latch.origin, cookie);
    const { url } = await replay.follow(callback);
    expect(landing(url)).toEqual({ page: "signin", error: "OAuthCallbackError" });
    expect(hasSessionCookie(replay, latch.origin)).toBe(false);
    expect(await db.counts()).toEqual(before);
    await db.db.query("DELETE FROM users");
  });

  test("a provider error (access_denied) is an OAuthCallbackError on the sign-in page", async () => {
    op.tamper("access-denied");
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "op");
    await expectRefused(browser, url, callbackError);
  });
});

describe("ID token (OpenID Connect Core 1.0 section 3.1.3.7)", () => {
  test.each<[TamperKind, Refusal]>([
    ["id-token-other-key", callbackError],
    ["id-token-alg-none", callbackError],
    ["id-token-wrong-aud", callbackError],
    ["id-token-wrong-iss", callbackError],
    ["id-token-expired", callbackError],
    ["id-token-wrong-nonce", invalidCheck],
  ])("%s is refused", async (kind, expected) => {
    op.tamper(kind);
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "op");
    await expectRefused(browser, url, expected);
  });
});

describe("issuer identification (RFC 9207)", () => {
  test.each<TamperKind>(["authorization-response-wrong-iss", "authorization-response-no-iss"])("%s (mix-up) is refused", async (kind) => {
    op.tamper(kind);
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "op");
    await expectRefused(browser, url, callbackError);
  });
});

test("a check cookie made for another provider is refused", async () => {
  await op.setClient({ client_id: "other", client_secret: "other-secret", redirect_uris: [`${latch.origin}/auth/callback/op2`] });
  latch.configure({
    adapter: db.adapter,
    providers: [oidcFactoryProvider("op", op.issuer, { clientId: "app", clientSecret: "app-secret" }), oidcFactoryProvider("op2", op.issuer, { clientId: "other", clientSecret: "other-secret" })],
  });
  const browser = createBrowser();
  const callback = await toCallback(browser); // cookies made for "op"
  const other = new URL(callback);
  other.pathname = "/auth/callback/op2";
  const { url } = await browser.follow(other);
  await expectRefused(browser, url, invalidCheck);
});
