/**
 * `@latch/fastify` on a real socket: the request-conversion attacks of `@latch/testing`, the app's
 * own JSON route next to Latch's, encapsulation, CSRF on sign-out, the session in a route, and
 * the socket's address handed to the rate limits (Fastify's `trustProxy` on, and not read).
 */
import type { AddressInfo } from "node:net";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitOptions } from "@latch/core/rate-limit";
import { getSession, latch, signIn, signOut, type FastifyAuthConfig } from "@latch/fastify";
import { createBrowser, requestConversionAttacks, runRequestAttack, sendAttack, forgedAddressAttempt } from "@latch/testing";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";

const secret = "fastify-integration-secret-0123456789abcdefghij";
const silent = { error: () => {}, warn: () => {}, debug: () => {} };
const siteUrl = "https://app.example.test";
const calls = { direct: 0, proxied: 0 };

const credentials = (counter?: keyof typeof calls) =>
  Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username, password }) => {
      if (counter) calls[counter]++;
      return password === "right" ? { id: String(username), name: String(username) } : null;
    },
  });

function config(overrides: Partial<FastifyAuthConfig> = {}): FastifyAuthConfig {
  return { secret, trustHost: true, logger: silent, providers: [credentials()], ...overrides };
}

function limited(counter: keyof typeof calls, options: RateLimitOptions): FastifyAuthConfig {
  return config({
    basePath: `/${counter}/auth`,
    rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, ...options }),
    providers: [credentials(counter)],
  });
}

// Fastify's own proxy trust is on: Latch still reads the socket.
const app = Fastify({ trustProxy: true });
await app.register(async (child) => {
  await child.register(latch, config());
  child.get("/me", async (request) => (await request.auth()) ?? "null");
  child.get("/me-too", async (request) => (await getSession(request))?.user?.name ?? "nobody");
  // The app's own JSON route, parsed by Fastify's JSON parser next to Latch's raw bodies.
  child.post("/echo", async (request) => ({ got: request.body }));
  // The app's own sign-in route; Fastify parses JSON out of the box (forms need @fastify/formbody).
  child.post("/login", async (request, reply) => {
    const { username, password } = request.body as { username: string; password: string };
    return signIn(request, reply, "credentials", { username, password, redirectTo: "/me-too" });
  });
  child.post("/logout", (request, reply) => signOut(request, reply, { redirectTo: "/" }));
});
await app.register(async (child) => {
  await child.register(latch, config({ basePath: "/site/auth", siteUrl }));
});
await app.register(async (child) => {
  await child.register(latch, limited("direct", {}));
});
await app.register(async (child) => {
  await child.register(latch, limited("proxied", { clientAddress: { trustedProxies: ["127.0.0.1", "::1"] } }));
});
// Under a prefix: basePath names the whole path.
await app.register(
  async (child) => {
    await child.register(latch, config({ basePath: "/v1/auth" }));
  },
  { prefix: "/v1" },
);
// A sibling context without the plugin: the decoration does not leak into it.
await app.register(async (child) => {
  child.get("/outside", async (request) => ({ decorated: typeof (request as { auth?: unknown }).auth }));
});

const loopback = "127.0.0.1";
await app.listen({ host: loopback, port: 0 });
const port = (app.server.address() as AddressInfo).port;
const host = `${loopback}:${port}`;
const base = `http://${host}`;

afterAll(() => app.close());

describe("with a trusted Host and no site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/auth", host, origin: base, siteUrlSet: false, credentials: { username: "ada", password: "right" } })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }

  it("an ordinary request keeps the Host's origin", async () => {
    const response = await sendAttack({ method: "GET", target: "/auth/providers", headers: { host } }, { host: loopback, port });
    expect(JSON.parse(response.body).credentials.callbackUrl).toBe(`${base}/auth/callback/credentials`);
  });

  it("a body over the limit is refused with 413", async () => {
    const response = await fetch(`${base}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a".repeat(70_000) });
    expect(response.status).toBe(413);
  });
});

describe("with a site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/site/auth", host, origin: siteUrl, siteUrlSet: true })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }
});

describe("next to the app", () => {
  it("the app's JSON route still gets its parsed body", async () => {
    const response = await fetch(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: [1, 2] }) });
    expect(await response.json()).toEqual({ got: { a: [1, 2] } });
  });

  it("under a prefix, the routes are at basePath", async () => {
    const providers = (await (await fetch(`${base}/v1/auth/providers`)).json()) as { credentials: { callbackUrl: string } };
    expect(providers.credentials.callbackUrl).toBe(`${base}/v1/auth/callback/credentials`);
  });

  it("a basePath outside the prefix it is registered under is refused at start", async () => {
    const other = Fastify();
    other.register(async (child) => void (await child.register(latch, config())), { prefix: "/v2" });
    await expect(other.ready()).rejects.toThrow(/registered under the prefix "\/v2", but basePath is "\/auth"/);
    await other.close();
  });

  it("the plugin decorates the requests of its own context only", async () => {
    expect(await (await fetch(`${base}/outside`)).json()).toEqual({ decorated: "undefined" });
  });
});

describe("sessions", () => {
  it("signs in with a JSON body, reads the session in routes, and a cross-site sign-out without the CSRF token keeps it", async () => {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${base}/auth/csrf`)).json()) as { csrfToken: string };
    expect(await (await browser.fetch(`${base}/me-too`)).text()).toBe("nobody");
    const signIn = await browser.fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, username: "ada", password: "right" }),
    });
    expect(signIn.status).toBeLessThan(400);
    expect(((await (await browser.fetch(`${base}/me`)).json()) as { user: { name: string } }).user.name).toBe("ada");
    expect(await (await browser.fetch(`${base}/me-too`)).text()).toBe("ada");

    const forged = await browser.fetch(`${base}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://attacker.example" },
      body: new URLSearchParams({ csrfToken: "forged" }),
    });
    expect(forged.headers.getSetCookie().some((c) => c.includes("session-token=;"))).toBe(false);
    expect(await (await browser.fetch(`${base}/me-too`)).text()).toBe("ada");

    await browser.fetch(`${base}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(await (await browser.fetch(`${base}/me-too`)).text()).toBe("nobody");
  });

  it("a malformed Host reads no session instead of throwing", async () => {
    const response = await sendAttack({ method: "GET", target: "/me", headers: { host: "user@evil.example" } }, { host: loopback, port });
    expect(response.status).toBe(200);
    expect(response.body).toBe("null");
  });
});

describe("signIn and signOut from the app's own routes", () => {
  const post = (fields: Record<string, string>, origin: string) => ({
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(fields),
  });
  const name = async (browser: ReturnType<typeof createBrowser>) => (await browser.fetch(`${base}/me-too`)).text();

  it("signs in from the site itself, and out again", async () => {
    const browser = createBrowser();
    const wrong = await browser.fetch(`${base}/login`, post({ username: "ada", password: "wrong" }, base));
    expect(wrong.headers.get("location")).toMatch(/\/auth\/signin\?.*error=CredentialsSignin/);
    const right = await browser.fetch(`${base}/login`, post({ username: "ada", password: "right" }, base));
    expect(right.headers.get("location")).toBe(`${base}/me-too`);
    expect(await name(browser)).toBe("ada");
    const out = await browser.fetch(`${base}/logout`, post({}, base));
    expect(out.headers.get("location")).toBe(`${base}/`);
    expect(await name(browser)).toBe("nobody");
  });

  it("a request from another site signs nobody in, and nobody out", async () => {
    const browser = createBrowser();
    const forged = await browser.fetch(`${base}/login`, post({ username: "ada", password: "right" }, "https://attacker.example"));
    expect(forged.headers.getSetCookie().some((c) => /session-token=[^;]/.test(c))).toBe(false);
    expect(await name(browser)).toBe("nobody");
    await browser.fetch(`${base}/login`, post({ username: "ada", password: "right" }, base));
    await browser.fetch(`${base}/logout`, post({}, "https://attacker.example"));
    expect(await name(browser)).toBe("ada");
  });
});

const attempt = (mount: string, i: number, forwardedFor: string) => forgedAddressAttempt(`${base}${mount}`, i, forwardedFor);

describe("the socket's address reaches the rate limits", () => {
  it("a forged X-Forwarded-For does not make a new client, with Fastify's trustProxy on: 429 after the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt("/direct/auth", i, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    expect(calls.direct).toBe(5);
  });

  it("behind a proxy the config trusts, the forwarded address is the client", async () => {
    for (let i = 0; i < 8; i++) expect((await attempt("/proxied/auth", i, `198.51.100.${i}`)).status).toBe(302);
    expect(calls.proxied).toBe(8);
  });
});
