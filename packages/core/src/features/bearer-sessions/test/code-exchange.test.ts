/**
 * The code exchange of apps that sign in through the system browser, through `Auth()`: the browser
 * (a cookie jar) starts at `bearer/start`, signs in and is sent back to the app's address with a
 * one-time code; the app (fetch only, no cookies) exchanges the code and its PKCE verifier for the
 * session's token. Database sessions on PGlite (codes spent through the adapter's verification
 * tokens) and JWT sessions without an adapter.
 */
import { createHash, randomBytes } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { BearerSessions } from "@latch/core/bearer";
import { PostgresAdapter } from "@latch/pg";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Client, alice, baseConfig, origin } from "../../../../test/client.js";
import { aliceDatabase } from "../../../../test/alice-database.js";

const appAddress = "com.example.app:/auth";
const verifierAndChallenge = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

const startPath = (challenge: string, redirectUri = appAddress) =>
  `/auth/bearer/start?${new URLSearchParams({ redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: "S256", state: "s-1" })}`;

/** The browser part: start, sign in, finish; the address the browser is sent back to. */
async function browserFlow(browser: Client, challenge: string): Promise<Response> {
  const start = await browser.fetch(startPath(challenge));
  expect(start.status).toBe(302);
  expect(new URL(start.headers.get("location")!).pathname).toBe("/auth/signin");
  const csrfToken = await browser.csrfToken();
  await browser.post("/auth/callback/credentials", { csrfToken, username: "alice", password: "wonderland", callbackUrl: `${origin}/auth/bearer/finish` });
  return browser.fetch("/auth/bearer/finish");
}

function exchange(config: AuthConfig, fields: Record<string, string>): Promise<Response> {
  return Auth(new Request(`${origin}/auth/bearer/exchange`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) }), config as Omit<AuthConfig, "raw">);
}

describe("the code exchange of apps", { timeout: 60_000 }, () => {
  const store = aliceDatabase();
  afterEach(() => {
    vi.useRealTimers();
  });

  const configs: [string, () => AuthConfig][] = [
    ["database sessions", () => baseConfig({ adapter: PostgresAdapter(store.db), session: { strategy: "database", bearer: BearerSessions({ redirectUris: [appAddress] }) } })],
    ["JWT sessions", () => baseConfig({ session: { strategy: "jwt", bearer: BearerSessions({ redirectUris: [appAddress] }) } })],
  ];

  test.each(configs)("%s: the app gets the session the browser signed in, once, for its verifier only", async (_name, make) => {
    const config = make();
    const browser = new Client(config);
    const { verifier, challenge } = verifierAndChallenge();
    const finish = await browserFlow(browser, challenge);
    expect(finish.status).toBe(302);
    const back = new URL(finish.headers.get("location")!);
    expect(`${back.protocol}${back.pathname}`).toBe(appAddress);
    expect(back.searchParams.get("state")).toBe("s-1");
    const code = back.searchParams.get("code")!;
    // The session left the browser.
    expect(browser.jar.has("authjs.session-token")).toBe(false);

    const wrong = await exchange(config, { code, code_verifier: verifierAndChallenge().verifier, redirect_uri: appAddress });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "InvalidBearerCode" });
    const otherAddress = await exchange(config, { code, code_verifier: verifier, redirect_uri: "com.example.other:/auth" });
    expect(otherAddress.status).toBe(400);

    const exchanged = await exchange(config, { code, code_verifier: verifier, redirect_uri: appAddress });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const session = await Auth(new Request(`${origin}/auth/session`, { headers: { authorization: `Bearer ${token}` } }), config as Omit<AuthConfig, "raw">);
    expect(await session.json()).toMatchObject({ user: { email: alice.email } });

    const again = await exchange(config, { code, code_verifier: verifier, redirect_uri: appAddress });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "InvalidBearerCode" });
  });

  test.each(configs)("%s: an address that is not listed is never redirected to", async (_name, make) => {
    const browser = new Client(make());
    const response = await browser.fetch(startPath(verifierAndChallenge().challenge, "com.evil.app:/auth"));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const plain = await browser.fetch(`/auth/bearer/start?${new URLSearchParams({ redirect_uri: appAddress, code_challenge: "short", code_challenge_method: "plain" })}`);
    expect(plain.status).toBe(400);
  });

  test.each(configs)("%s: a session the browser had before the flow started is not handed over", async (_name, make) => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-05-01T08:00:00Z") });
    const config = make();
    const browser = new Client(config);
    await browser.signIn();
    vi.setSystemTime(Date.now() + 60_000);
    // A page elsewhere sends the signed-in browser through start and straight on to finish.
    await browser.fetch(startPath(verifierAndChallenge().challenge));
    const finish = await browser.fetch("/auth/bearer/finish");
    expect(finish.status).toBe(401);
    expect(finish.headers.get("location")).toBeNull();
    expect(browser.jar.has("authjs.session-token")).toBe(true);
  });

  test("without redirectUris the exchange endpoints are not served", async () => {
    const config = baseConfig({ session: { strategy: "jwt", bearer: BearerSessions() } });
    const response = await Auth(new Request(`${origin}${startPath(verifierAndChallenge().challenge)}`), config as Omit<AuthConfig, "raw">);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });
});
