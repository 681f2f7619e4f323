/**
 * The handlers, the session and the client's address on web `Request`s shaped as SolidStart hands
 * them over (an `APIEvent` with h3's event under it); the built app on a real socket is
 * apps/example-solid-start's suite.
 */
import { Socket } from "node:net";
import Credentials from "@latch/core/providers/credentials";
import { describe, expect, it } from "vitest";
import { clientAddressOf, getSession, refuseForbiddenMethods, SolidAuth, type SolidAuthConfig } from "../src/index.js";

const config: SolidAuthConfig = {
  secret: "solid-start-unit-secret-0123456789abcdefghij",
  siteUrl: "http://app.example",
  prefix: "/auth",
  providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: ({ username, password }) => (password === "right" ? { id: String(username), name: String(username) } : null) })],
};

/** h3's event on Node's server: the socket's peer under `req.runtime.node.req.socket`. */
function nativeEventFrom(remoteAddress: string): unknown {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  return { req: { runtime: { name: "node", node: { req: { socket } } } } };
}

describe("clientAddressOf", () => {
  it("is the socket's peer on Node, whatever SolidStart's clientAddress and X-Forwarded-For say", () => {
    const request = new Request("http://app.example/auth/session", { headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(clientAddressOf({ request, clientAddress: "198.51.100.7", nativeEvent: nativeEventFrom("192.0.2.10") })).toBe("192.0.2.10");
  });

  it("elsewhere is SolidStart's clientAddress, unless it is an X-Forwarded-For entry", () => {
    const plain = new Request("http://app.example/auth/session");
    expect(clientAddressOf({ request: plain, clientAddress: "192.0.2.10" })).toBe("192.0.2.10");
    const forwarded = new Request("http://app.example/auth/session", { headers: { "x-forwarded-for": "203.0.113.1, 198.51.100.7" } });
    expect(clientAddressOf({ request: forwarded, clientAddress: "198.51.100.7" })).toBeUndefined();
    expect(clientAddressOf({ request: plain })).toBeUndefined();
  });
});

describe("SolidAuth", () => {
  const { GET, POST, PUT } = SolidAuth(config);

  it("serves Latch's routes under the prefix at AUTH_URL's origin, not the request's host", async () => {
    const response = await GET({ request: new Request("http://attacker.example/auth/providers") });
    const providers = (await response.json()) as Record<string, { callbackUrl: string }>;
    expect(providers.credentials?.callbackUrl).toBe("http://app.example/auth/callback/credentials");
  });

  it("refuses PUT outside a plugin's routes with a 405 JSON answer", async () => {
    const response = await PUT({ request: new Request("http://app.example/auth/session", { method: "PUT" }) });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
  });

  it("signs in with credentials, and getSession reads the session from the cookie", async () => {
    const csrf = await GET({ request: new Request("http://app.example/auth/csrf") });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const signedIn = await POST({
      request: new Request("http://app.example/auth/callback/credentials", { method: "POST", headers: { cookie, origin: "http://app.example", "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, username: "ada", password: "right" }) }),
    });
    const session = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => /session-token=./.test(c));
    expect(session).toBeDefined();
    expect((await getSession(new Request("http://app.example/", { headers: { cookie: session! } }), config))?.user?.name).toBe("ada");
    expect(await getSession(new Request("http://app.example/"), config)).toBeNull();
  });
});

describe("refuseForbiddenMethods", () => {
  it("answers 405 to TRACE and lets GET through", async () => {
    const refused = refuseForbiddenMethods({ req: new Request("http://app.example/", { method: "GET" }) });
    expect(refused).toBeUndefined();
    const trace = { req: { method: "TRACE" } as Request };
    expect(refuseForbiddenMethods(trace)?.status).toBe(405);
  });
});
