import { describe, expect, it } from "vitest";
import type { AuthConfig } from "@latch/core";
import { Client, alice, baseConfig, origin, parseSetCookies } from "./client.js";

const cookieName = "authjs.session-token";

describe("signIn callback", () => {
  it("false stops the sign-in: AccessDenied error page, then 403", async () => {
    const client = new Client(baseConfig({ callbacks: { signIn: () => false } }));
    const response = await client.signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=AccessDenied`);
    expect(client.jar.has(cookieName)).toBe(false);
    const page = await client.fetch(response.headers.get("location")!);
    expect(page.status).toBe(403);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("a string redirects there without a session", async () => {
    const client = new Client(baseConfig({ callbacks: { signIn: () => "/pending-approval" } }));
    const response = await client.signIn();
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, origin).pathname).toBe("/pending-approval");
    expect(client.jar.has(cookieName)).toBe(false);
  });

  it("a throw becomes AccessDenied", async () => {
    const client = new Client(baseConfig({ callbacks: { signIn: () => { throw new Error("banned"); } } }));
    const response = await client.signIn();
    expect(response.headers.get("location")).toBe(`${origin}/auth/error?error=AccessDenied`);
    expect(client.jar.has(cookieName)).toBe(false);
  });

  it("receives the user, the credentials account and the submitted fields", async () => {
    const seen: unknown[] = [];
    const client = new Client(baseConfig({ callbacks: { signIn: (params) => (seen.push(params), true) } }));
    await client.signIn();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      user: alice,
      account: { provider: "credentials", type: "credentials", providerAccountId: alice.id },
      credentials: { username: "alice", password: "wonderland" },
    });
    expect((seen[0] as { credentials: Record<string, unknown> }).credentials).not.toHaveProperty("csrfToken");
  });
});

describe("redirect callback", () => {
  it("is called with { url, baseUrl } and its answer is where the sign-in goes", async () => {
    const calls: { url: string; baseUrl: string }[] = [];
    const client = new Client(baseConfig({ callbacks: { redirect: (params) => (calls.push(params), `${params.baseUrl}/landing`) } }));
    const response = await client.signIn();
    expect(calls).toContainEqual({ url: `${origin}/home`, baseUrl: origin });
    expect(response.headers.get("location")).toBe(`${origin}/landing`);
  });

  const awkward = ["/a\r\nSet-Cookie: x=1", "/\u0000x", "/日本?q=ü", "/\t/evil.example", "/a b", `${origin}/ok\nX: y`];
  for (const callbackUrl of awkward) {
    it(`the default keeps ${JSON.stringify(callbackUrl)} on this site and signs in`, async () => {
      const client = new Client(baseConfig());
      const response = await client.signIn({ username: "alice", password: "wonderland", callbackUrl });
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).toMatch(/^[\x21-\x7e]+$/);
      expect(new URL(location).origin).toBe(origin);
      expect(client.jar.has(cookieName)).toBe(true);
    });
  }

  it("the default passes plain paths and same-origin URLs through unchanged", async () => {
    for (const [callbackUrl, expected] of [["/a/b?c=d#e", `${origin}/a/b?c=d#e`], [`${origin}/x?y=1`, `${origin}/x?y=1`], [origin, origin]]) {
      const response = await new Client(baseConfig()).signIn({ username: "alice", password: "wonderland", callbackUrl: callbackUrl! });
      expect(response.headers.get("location")).toBe(expected);
    }
  });

  it("runs at sign-out too", async () => {
    const calls: { url: string; baseUrl: string }[] = [];
    const client = new Client(baseConfig({ callbacks: { redirect: (params) => (calls.push(params), params.baseUrl) } }));
    await client.signIn();
    calls.length = 0;
    const response = await client.post("/auth/signout", { csrfToken: await client.csrfToken(), callbackUrl: "/bye" });
    expect(calls).toContainEqual({ url: "/bye", baseUrl: origin });
    expect(response.headers.get("location")).toBe(origin);
  });
});

describe("jwt and session callbacks", () => {
  function recording() {
    const jwt: Parameters<NonNullable<NonNullable<AuthConfig["callbacks"]>["jwt"]>>[0][] = [];
    const session: Parameters<NonNullable<NonNullable<AuthConfig["callbacks"]>["session"]>>[0][] = [];
    const config = baseConfig({
      callbacks: {
        jwt: (params) => {
          jwt.push(structuredClone(params));
          if (params.trigger === "update") return { ...params.token, nickname: (params.session as { nickname: string }).nickname };
          return params.token;
        },
        session: (params) => {
          session.push(structuredClone(params));
          return { ...params.session, nickname: params.token?.nickname ?? null };
        },
      },
    });
    return { jwt, session, config };
  }

  it("jwt gets trigger signIn with user and account at sign-in", async () => {
    const { jwt, config } = recording();
    await new Client(config).signIn();
    expect(jwt).toHaveLength(1);
    expect(jwt[0]).toMatchObject({
      trigger: "signIn",
      token: { name: alice.name, email: alice.email, picture: alice.image, sub: alice.id },
      user: alice,
      account: { provider: "credentials", providerAccountId: alice.id },
    });
  });

  it("jwt on a read has no user and no trigger; session gets { session, token }", async () => {
    const { jwt, session, config } = recording();
    const client = new Client(config);
    await client.signIn();
    jwt.length = 0;
    const body = await client.session();
    expect(jwt).toHaveLength(1);
    expect(jwt[0]!.user).toBeUndefined();
    expect(jwt[0]!.trigger).toBeUndefined();
    expect(jwt[0]!.token).toMatchObject({ sub: alice.id, email: alice.email });
    expect(session).toHaveLength(1);
    expect(session[0]).toMatchObject({
      session: { user: { name: alice.name, email: alice.email, image: alice.image } },
      token: { sub: alice.id },
    });
    expect(typeof session[0]!.session.expires).toBe("string");
    expect(body).toMatchObject({ user: { email: alice.email }, nickname: null });
  });

  it("POST /session with { csrfToken, data } runs jwt with trigger update and session = data", async () => {
    const { jwt, session, config } = recording();
    const client = new Client(config);
    await client.signIn();
    jwt.length = 0;
    session.length = 0;
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), data: { nickname: "Ally" } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: alice.email }, nickname: "Ally" });
    expect(jwt.find((c) => c.trigger === "update")).toMatchObject({ session: { nickname: "Ally" }, token: { sub: alice.id } });
    expect(session.at(-1)).toMatchObject({ trigger: "update", newSession: { nickname: "Ally" } });
    expect(parseSetCookies(response).map((c) => c.name)).toContain(cookieName);
    expect(await client.session()).toMatchObject({ nickname: "Ally" });
  });

  it("POST /session without the CSRF token answers 400 null and changes nothing", async () => {
    const { jwt, config } = recording();
    const client = new Client(config);
    await client.signIn();
    jwt.length = 0;
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { nickname: "Eve" } }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("null");
    expect(jwt.some((c) => c.trigger === "update")).toBe(false);
    expect(await client.session()).toMatchObject({ nickname: null });
  });

  it("a jwt callback returning null ends the session", async () => {
    let allow = true;
    const client = new Client(baseConfig({ callbacks: { jwt: ({ token }) => (allow ? token : null) } }));
    await client.signIn();
    allow = false;
    const response = await client.fetch("/auth/session");
    expect(await response.json()).toBeNull();
    expect(parseSetCookies(response).find((c) => c.name === cookieName)?.attributes["max-age"]).toBe("0");
  });
});

describe("jwt callback returning null, and custom token formats", () => {
  it("null at sign-in: signed in nowhere, no session cookie, the session reads null", async () => {
    const client = new Client(baseConfig({ callbacks: { jwt: ({ trigger, token }) => (trigger === "signIn" ? null : token) } }));
    const response = await client.signIn();
    expect(response.status).toBe(302);
    expect(parseSetCookies(response).some((c) => c.name === cookieName && c.value !== "")).toBe(false);
    expect(client.jar.has(cookieName)).toBe(false);
    expect(await client.session()).toBeNull();
  });

  it("null on update: the update answers null and clears the cookie", async () => {
    const client = new Client(baseConfig({ callbacks: { jwt: ({ trigger, token }) => (trigger === "update" ? null : token) } }));
    await client.signIn();
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), data: { name: "Eve" } }),
    });
    expect(await response.json()).toBeNull();
    expect(parseSetCookies(response).find((c) => c.name === cookieName)?.attributes["max-age"]).toBe("0");
  });

  it("an update without a session answers null and sets no session cookie", async () => {
    const client = new Client(baseConfig());
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), data: { name: "Eve" } }),
    });
    expect(await response.json()).toBeNull();
    expect(parseSetCookies(response).some((c) => c.name === cookieName)).toBe(false);
  });

  it("a custom encode whose tokens carry no iat or exp: read, re-issued with a fresh expiry", async () => {
    const jwt = {
      encode: async ({ token }: { token?: Record<string, unknown> }) => btoa(JSON.stringify(token ?? {})),
      decode: async ({ token }: { token?: string }) => (token ? JSON.parse(atob(token)) : null),
    };
    const client = new Client(baseConfig({ jwt }));
    await client.signIn();
    const before = Date.now();
    const response = await client.fetch("/auth/session");
    const session = (await response.json()) as { user: { email: string }; expires: string };
    expect(session.user.email).toBe(alice.email);
    // No iat: the token counts as stale and is written again; no exp: the expiry runs from now.
    expect(parseSetCookies(response).some((c) => c.name === cookieName && c.value !== "")).toBe(true);
    expect(new Date(session.expires).valueOf()).toBeGreaterThan(before + 29 * 86_400_000);
  });

  it("a custom decode that gives nothing: no session, and the cookie is cleared", async () => {
    const jwt = { encode: async () => "opaque", decode: async () => undefined as never };
    const client = new Client(baseConfig({ jwt }));
    await client.signIn();
    expect(client.jar.get(cookieName)).toBe("opaque");
    const response = await client.fetch("/auth/session");
    expect(await response.json()).toBeNull();
    expect(parseSetCookies(response).find((c) => c.name === cookieName)?.attributes["max-age"]).toBe("0");
  });
});

describe("events", () => {
  it("signIn gets what authorize returned; session and signOut get the token", async () => {
    const events: [string, unknown][] = [];
    const client = new Client(
      baseConfig({
        events: {
          signIn: (message) => void events.push(["signIn", structuredClone(message)]),
          session: (message) => void events.push(["session", structuredClone(message)]),
          signOut: (message) => void events.push(["signOut", structuredClone(message)]),
        },
      }),
    );
    await client.signIn();
    expect(events).toHaveLength(1);
    expect(events[0]![0]).toBe("signIn");
    expect(events[0]![1]).toMatchObject({ user: alice, account: { provider: "credentials", type: "credentials" } });
    expect((events[0]![1] as { user: unknown }).user).toEqual(alice);

    await client.session();
    expect(events[1]).toEqual(["session", expect.objectContaining({ session: expect.objectContaining({ user: expect.objectContaining({ email: alice.email }) }), token: expect.objectContaining({ sub: alice.id }) })]);

    await client.post("/auth/signout", { csrfToken: await client.csrfToken() });
    expect(events[2]![0]).toBe("signOut");
    expect(events[2]![1]).toMatchObject({ token: { sub: alice.id, email: alice.email } });
  });

  it("signOut without a session gets { token: null }", async () => {
    const events: unknown[] = [];
    const client = new Client(baseConfig({ events: { signOut: (message) => void events.push(message) } }));
    const response = await client.post("/auth/signout", { csrfToken: await client.csrfToken() });
    expect(response.status).toBe(302);
    expect(events).toEqual([{ token: null }]);
  });

  it("a throwing event does not fail the sign-in", async () => {
    const client = new Client(baseConfig({ events: { signIn: () => { throw new Error("audit log down"); } } }));
    const response = await client.signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/home`);
    expect(client.jar.has(cookieName)).toBe(true);
  });
});
