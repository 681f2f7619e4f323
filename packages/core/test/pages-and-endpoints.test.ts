import { describe, expect, it } from "vitest";
import { Auth, raw, skipCSRFCheck } from "@latch/core";
import { getToken } from "@latch/core/jwt";
import { Client, alice, baseConfig, origin, parseSetCookies, secret } from "./client.js";
import { mintToken, sessionClaims } from "./token-format.js";

describe("built-in pages", () => {
  it("the sign-in page renders the credentials form with the CSRF token of its cookie", async () => {
    const client = new Client(baseConfig());
    const response = await client.fetch("/auth/signin?callbackUrl=%2Fdashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    const token = /name="csrfToken" value="([0-9a-f]{64})"/.exec(html)?.[1];
    expect(token).toBeDefined();
    expect(decodeURIComponent(client.jar.get("authjs.csrf-token")!).split("|")[0]).toBe(token);
    expect(html).toContain(`${origin}/auth/callback/credentials`);
    expect(html).toMatch(/name="username"/);
    expect(html).toMatch(/name="password"[^>]*type="password"|type="password"[^>]*name="password"/);
    expect(html).toContain(`value="${origin}/dashboard"`);
    expect(client.jar.get("authjs.callback-url")).toBe(encodeURIComponent(`${origin}/dashboard`));
  });

  it("the sign-in page keeps a valid CSRF cookie", async () => {
    const client = new Client(baseConfig());
    const token = await client.csrfToken();
    const response = await client.fetch("/auth/signin");
    expect(parseSetCookies(response).some((c) => c.name === "authjs.csrf-token")).toBe(false);
    expect(await response.text()).toContain(`value="${token}"`);
  });

  it("the sign-in page shows the error of a failed attempt", async () => {
    const response = await new Client(baseConfig()).fetch("/auth/signin?error=CredentialsSignin&code=credentials");
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it("the sign-out page posts back with the CSRF token", async () => {
    const client = new Client(baseConfig());
    const html = await (await client.fetch("/auth/signout")).text();
    const token = decodeURIComponent(client.jar.get("authjs.csrf-token")!).split("|")[0]!;
    expect(html).toContain(`value="${token}"`);
    expect(html).toContain(`${origin}/auth/signout`);
  });

  it("the error page answers 500, 403, 403 and 200", async () => {
    const client = new Client(baseConfig());
    const statuses = [];
    for (const error of ["Configuration", "AccessDenied", "Verification", "Default"]) {
      statuses.push((await client.fetch(`/auth/error?error=${error}`)).status);
    }
    expect(statuses).toEqual([500, 403, 403, 200]);
  });

  it("the error page escapes what the query says", async () => {
    const html = await (await new Client(baseConfig()).fetch("/auth/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

describe("custom pages", () => {
  const pages = { signIn: "/login", error: "/oops", signOut: "/bye" };

  it("GET /signin redirects to pages.signIn with the callback URL", async () => {
    const response = await new Client(baseConfig({ pages })).fetch("/auth/signin?callbackUrl=%2Fdashboard");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${origin}/login`);
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard`);
  });

  it("a bad password goes to pages.signIn with error and code", async () => {
    const response = await new Client(baseConfig({ pages })).signIn({ username: "alice", password: "nope" });
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("credentials");
  });

  it("GET /error redirects to pages.error with the error", async () => {
    const response = await new Client(baseConfig({ pages })).fetch("/auth/error?error=AccessDenied");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/oops?error=AccessDenied`);
  });

  it("a refused sign-in goes to pages.error", async () => {
    const response = await new Client(baseConfig({ pages, callbacks: { signIn: () => false } })).signIn();
    expect(response.headers.get("location")).toBe(`${origin}/oops?error=AccessDenied`);
  });

  it("GET /signout redirects to pages.signOut", async () => {
    const response = await new Client(baseConfig({ pages })).fetch("/auth/signout");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/bye");
    expect(location.searchParams.get("callbackUrl")).toBe(origin);
  });
});

describe("JSON endpoints", () => {
  it("GET /providers lists each provider with its URLs", async () => {
    const response = await new Client(baseConfig()).fetch("/auth/providers");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${origin}/auth/signin/credentials`,
        callbackUrl: `${origin}/auth/callback/credentials`,
      },
    });
  });

  it("GET /csrf answers a 64-hex token with no-cache headers and sets its cookie once", async () => {
    const client = new Client(baseConfig());
    const response = await client.fetch("/auth/csrf");
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("expires")).toBe("0");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = parseSetCookies(response).find((c) => c.name === "authjs.csrf-token")!;
    expect(cookie.value).toMatch(new RegExp(`^${csrfToken}%7C[0-9a-f]{64}$`));
    expect(cookie.attributes).toHaveProperty("httponly");
    expect(cookie.attributes.samesite?.toLowerCase()).toBe("lax");
    const again = await client.fetch("/auth/csrf");
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(csrfToken);
    expect(again.headers.has("set-cookie")).toBe(false);
  });

  it("GET /csrf with skipCSRFCheck → 404 and the CSRF cookie deleted", async () => {
    const response = await new Client(baseConfig({ skipCSRFCheck })).fetch("/auth/csrf");
    expect(response.status).toBe(404);
    const cookie = parseSetCookies(response).find((c) => c.name === "authjs.csrf-token");
    expect(cookie?.attributes["max-age"]).toBe("0");
  });

  it("skipCSRFCheck lets a POST without a token sign in", async () => {
    const client = new Client(baseConfig({ skipCSRFCheck }));
    const response = await client.post("/auth/callback/credentials", { username: "alice", password: "wonderland" });
    expect(response.status).toBe(302);
    expect(client.jar.has("authjs.session-token")).toBe(true);
  });

  it("GET /session without a cookie → 200 null with no-cache headers", async () => {
    const response = await new Client(baseConfig()).fetch("/auth/session");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("null");
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });
});

describe("raw", () => {
  it("returns the internal response object", async () => {
    const result = await Auth(new Request(`${origin}/auth/csrf`), { ...baseConfig(), raw });
    expect(result).not.toBeInstanceOf(Response);
    expect(result.body).toMatchObject({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(result.cookies?.map((c) => c.name)).toEqual(["authjs.csrf-token"]);
  });

  it("returns redirects as data", async () => {
    const result = await Auth(new Request(`${origin}/auth/error?error=AccessDenied`), { ...baseConfig({ pages: { error: "/oops" } }), raw });
    expect(result.redirect).toBe(`${origin}/oops?error=AccessDenied`);
  });
});

describe("getToken", () => {
  it("reads a chunked session cookie", async () => {
    const client = new Client(baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, big: "y".repeat(9000) }) } }));
    await client.signIn();
    expect(client.jar.has("authjs.session-token.1")).toBe(true);
    const token = await getToken({ req: new Request(`${origin}/api`, { headers: { cookie: client.cookieHeader() } }), secret });
    expect(token).toMatchObject({ sub: alice.id, email: alice.email, big: "y".repeat(9000) });
  });

  it("reads a Bearer header", async () => {
    const jwe = await mintToken(sessionClaims(alice), { secret });
    const token = await getToken({ req: new Request(`${origin}/api`, { headers: { authorization: `Bearer ${jwe}` } }), secret });
    expect(token).toMatchObject({ sub: alice.id });
  });

  it("reads the __Secure- cookie of an https request, and a plain headers record", async () => {
    const name = "__Secure-authjs.session-token";
    const jwe = await mintToken(sessionClaims(alice), { secret, salt: name });
    expect(await getToken({ req: new Request("https://example.com/api", { headers: { cookie: `${name}=${jwe}` } }), secret })).toMatchObject({ sub: alice.id });
    expect(await getToken({ req: { headers: { cookie: `${name}=${jwe}` } }, secret, secureCookie: true })).toMatchObject({ sub: alice.id });
  });

  it("returns the raw value with raw: true, and null for a bad token", async () => {
    const jwe = await mintToken(sessionClaims(alice), { secret });
    const req = new Request(`${origin}/api`, { headers: { cookie: `authjs.session-token=${jwe}` } });
    expect(await getToken({ req, secret, raw: true })).toBe(jwe);
    expect(await getToken({ req, secret: "wrong-secret-0123456789abcdefghijkl" })).toBeNull();
    expect(await getToken({ req: new Request(`${origin}/api`), secret })).toBeNull();
  });

  it("returns null, without throwing, for a malformed Bearer header", async () => {
    for (const authorization of ["Bearer %E0%A4%A", "Bearer ", "Bearer not.a.token", "Basic abc"]) {
      expect(await getToken({ req: new Request(`${origin}/api`, { headers: { authorization } }), secret })).toBeNull();
    }
  });
});
