/**
 * The request interceptor and the wrapped Route Handler, with Next.js's own `NextRequest` and
 * `NextFetchEvent` (no server needed): `authorized`, the sign-in redirect, failing closed.
 */
import { describe, expect, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { NextFetchEvent } from "next/dist/server/web/spec-extension/fetch-event.js";
import Credentials from "@latch/core/providers/credentials";
import { encode } from "@latch/core/jwt";
import type { Adapter } from "@latch/core/adapters";
import { prepareConfig, type NextAuthConfig } from "../src/config.js";
import { intercept, wrapRoute } from "../src/interceptor.js";
import { readSession } from "../src/session.js";
import { MissingSecretError } from "@latch/core/errors";

const secret = "interceptor-test-secret-0123456789abcdef";
const origin = "http://app.test";
const env = { AUTH_SECRET: secret, AUTH_URL: origin };

function config(extra: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    providers: [Credentials({ authorize: () => null })],
    logger: { error: () => {}, warn: () => {} },
    callbacks: { authorized: ({ auth }) => !!auth?.user },
    ...extra,
  };
}

async function sessionCookie(): Promise<string> {
  const token = await encode({ token: { name: "Ada", email: "ada@example.com", sub: "1" }, secret, salt: "authjs.session-token" });
  return `authjs.session-token=${token}`;
}

function request(path: string, cookie?: string): NextRequest {
  return new NextRequest(`${origin}${path}`, { headers: { host: "app.test", ...(cookie ? { cookie } : {}) } });
}

const event = () => new NextFetchEvent({ request: request("/"), page: "/" } as never);

describe("the interceptor", () => {
  test("signed out, authorized false: redirect to the sign-in page with the requested URL as callbackUrl", async () => {
    const response = await intercept(prepareConfig(config(), env), request("/dashboard?tab=1"), event());
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location")!, origin);
    expect(location.pathname).toBe("/api/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard?tab=1`);
  });

  test("pages.signIn is where it sends, and that page itself is not redirected (no loop)", async () => {
    const prepared = prepareConfig(config({ pages: { signIn: "/login" } }), env);
    const away = await intercept(prepared, request("/dashboard"), event());
    expect(new URL(away.headers.get("location")!, origin).pathname).toBe("/login");
    const onPage = await intercept(prepared, request("/login"), event());
    expect(onPage.headers.get("location")).toBeNull();
    expect(onPage.headers.get("x-middleware-next")).toBe("1");
  });

  test("pages.signIn on another host: a refused request for the same path is redirected there, never let through", async () => {
    const prepared = prepareConfig(config({ pages: { signIn: "https://login.example.com/" } }), env);
    for (const path of ["/", "/?next=1"]) {
      const response = await intercept(prepared, request(path), event());
      expect(response.status).toBe(307);
      expect(response.headers.get("x-middleware-next")).toBeNull();
      const location = new URL(response.headers.get("location")!);
      expect(location.origin).toBe("https://login.example.com");
      expect(location.pathname).toBe("/");
      expect(location.searchParams.get("callbackUrl")).toBe(`${origin}${path}`);
    }
  });

  test("signed in: the request goes on, and the session cookie is refreshed on the response", async () => {
    // updateAge 0: every read renews the token, as an old enough token would be.
    const response = await intercept(prepareConfig(config({ session: { updateAge: 0 } }), env), request("/dashboard", await sessionCookie()), event());
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });

  test("a Response from authorized is answered as it is", async () => {
    const prepared = prepareConfig(config({ callbacks: { authorized: () => new Response("no", { status: 403 }) } }), env);
    const response = await intercept(prepared, request("/dashboard", await sessionCookie()), event());
    expect(response.status).toBe(403);
  });

  test("a wrapped interceptor sees req.auth, and is not called when authorized says no", async () => {
    const handler = vi.fn((req: { auth: unknown }) => Response.json({ auth: req.auth }));
    const prepared = prepareConfig(config(), env);
    const refused = await intercept(prepared, request("/dashboard"), event(), handler as never);
    expect(refused.status).toBe(307);
    expect(handler).not.toHaveBeenCalled();
    const allowed = await intercept(prepared, request("/dashboard", await sessionCookie()), event(), handler as never);
    expect(await allowed.json()).toMatchObject({ auth: { user: { name: "Ada" } } });
  });

  test("no secret: treated as signed out (redirected), never let through", async () => {
    const errors: string[] = [];
    const prepared = prepareConfig(config({ logger: { error: (code) => void errors.push(code) } }), { AUTH_URL: origin });
    const response = await intercept(prepared, request("/dashboard", await sessionCookie()), event());
    expect(response.status).toBe(307);
    expect(errors).toContain("MissingSecret");
  });

  test("an adapter that throws: the session is null (logged), and the interceptor redirects", async () => {
    const logged: string[] = [];
    const failing: Adapter = {
      getSessionAndUser: async () => {
        throw new Error("database down");
      },
    };
    const prepared = prepareConfig(config({ adapter: failing, logger: { error: (code) => void logged.push(code), warn: () => {} } }), env);
    const cookie = "authjs.session-token=5f0e7a4c-0000-4000-8000-000000000000";
    expect((await readSession(prepared, new Headers({ cookie, host: "app.test" }))).session).toBeNull();
    expect(logged.length).toBeGreaterThan(0);
    const response = await intercept(prepared, request("/dashboard", cookie), event());
    expect(response.status).toBe(307);
  });

  test("an authorized callback that throws refuses the request", async () => {
    const prepared = prepareConfig(config({ callbacks: { authorized: () => { throw new Error("bug"); } } }), env);
    const response = await intercept(prepared, request("/dashboard", await sessionCookie()), event());
    expect(response.status).toBe(307);
  });
});

describe("readSession", () => {
  test("throws MissingSecretError without a secret", async () => {
    const prepared = prepareConfig(config(), {});
    await expect(readSession(prepared, new Headers({ host: "app.test" }))).rejects.toBeInstanceOf(MissingSecretError);
  });

  test("a malformed Host gives no session, even with a valid cookie", async () => {
    const prepared = prepareConfig(config(), { AUTH_SECRET: secret, AUTH_TRUST_HOST: "true" });
    const read = await readSession(prepared, new Headers({ host: "bad host/x", cookie: await sessionCookie() }));
    expect(read.session).toBeNull();
    const good = await readSession(prepared, new Headers({ host: "app.test", cookie: await sessionCookie() }));
    expect(good.session?.user?.name).toBe("Ada");
  });

  test("a forged session cookie gives null", async () => {
    const prepared = prepareConfig(config(), env);
    const read = await readSession(prepared, new Headers({ host: "app.test", cookie: "authjs.session-token=forged.value.x.y.z" }));
    expect(read.session).toBeNull();
  });
});

describe("a wrapped Route Handler", () => {
  test("req.auth carries the session; authorized is not asked", async () => {
    const prepared = prepareConfig(config({ callbacks: { authorized: () => false } }), env);
    const handler = (req: { auth: { user?: { name?: string | null } } | null }) => Response.json({ name: req.auth?.user?.name ?? null }, { status: req.auth ? 200 : 401 });
    const signedOut = await wrapRoute(prepared, request("/api/me"), { params: Promise.resolve({}) }, handler as never);
    expect(signedOut.status).toBe(401);
    const signedIn = await wrapRoute(prepared, request("/api/me", await sessionCookie()), { params: Promise.resolve({}) }, handler as never);
    expect(await signedIn.json()).toEqual({ name: "Ada" });
  });
});
