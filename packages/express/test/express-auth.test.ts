import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { ExpressAuth, getSession, CredentialsSignin, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";
import { createBrowser, parseSetCookie, type TestBrowser } from "@latch/testing";

const secret = "express-test-secret-0123456789-abcdefghijklmnop";
const alice = { id: "u-1", name: "Alice", email: "alice@example.com", image: null };
const silent = { error: () => {}, warn: () => {}, debug: () => {} };

class LockedAccount extends CredentialsSignin {
  override code = "locked";
}

function makeConfig(overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  return {
    secret,
    trustHost: true,
    logger: silent,
    pages: {},
    callbacks: {},
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        async authorize({ username, password }) {
          if (username === "mallory") throw new LockedAccount();
          if (username === "crash") throw new Error("database down");
          return username === "alice" && password === "wonderland" ? { ...alice } : null;
        },
      }),
    ],
    ...overrides,
  };
}

/** A copy that keeps functions by reference, to compare a config before and after use. */
function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  // Symbol keys too: a provider factory keeps its flow under one.
  if (value && typeof value === "object") return Object.fromEntries(Reflect.ownKeys(value).map((k) => [k, snapshot((value as Record<PropertyKey, unknown>)[k])])) as T;
  return value;
}

const config = makeConfig();
const configBefore = snapshot(config);
const lazyCalls: string[] = [];
const lazySecretConfig = makeConfig({ theme: { brandColor: "#123456" } });
const lazyConfigBefore = snapshot(lazySecretConfig);

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", true);
  app.use("/auth", ExpressAuth(config));
  app.use(
    "/lazy/auth",
    ExpressAuth((req) => {
      lazyCalls.push(req.originalUrl);
      return lazySecretConfig;
    }),
  );
  app.use("/fresh/auth", ExpressAuth(() => makeConfig()));
  app.use("/parsed/auth", express.json(), express.urlencoded({ extended: false }), ExpressAuth(makeConfig()));
  app.use("/wild/auth/*splat", ExpressAuth(makeConfig()));
  app.use("/portal/signin", ExpressAuth(makeConfig()));
  app.get("/me", async (req, res, next) => {
    try {
      res.json(await getSession(req, config));
    } catch (error) {
      next(error);
    }
  });
  app.get("/protected", async (req, res, next) => {
    try {
      const session = await getSession(req, config);
      if (!session?.user) return res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
      res.type("text").send(`Hello ${session.user.name}`);
    } catch (error) {
      next(error);
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function csrf(browser: TestBrowser, prefix = "/auth"): Promise<string> {
  const response = await browser.fetch(`${base}${prefix}/csrf`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

function form(browser: TestBrowser, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return browser.fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(browser: TestBrowser, fields: Record<string, string> = {}, prefix = "/auth", headers: Record<string, string> = {}) {
  const csrfToken = await csrf(browser, prefix);
  return form(browser, `${prefix}/callback/credentials`, { csrfToken, username: "alice", password: "wonderland", callbackUrl: `${base}/dashboard`, ...fields }, headers);
}

async function sessionOf(browser: TestBrowser, prefix = "/auth"): Promise<unknown> {
  const response = await browser.fetch(`${base}${prefix}/session`);
  expect(response.status).toBe(200);
  return response.json();
}

function sessionCookie(browser: TestBrowser, name = "authjs.session-token") {
  return browser.cookies(base).find((c) => c.name === name);
}

describe("sign-in as a browser does it", () => {
  it("csrf → credentials callback → session → sign-out", async () => {
    const browser = createBrowser();
    const response = await signIn(browser);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${base}/dashboard`);
    const header = response.headers.getSetCookie().find((h) => h.startsWith("authjs.session-token="))!;
    expect(header).toBeDefined();
    const parsed = parseSetCookie(header)!;
    expect(parsed.httpOnly).toBe(true);
    expect(parsed.sameSite?.toLowerCase()).toBe("lax");
    expect(parsed.path).toBe("/");
    expect(parsed.secure).toBe(false);
    expect(header).toMatch(/; Expires=/i);
    expect(parsed.expires! - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    expect(await sessionOf(browser)).toMatchObject({ user: { name: "Alice", email: alice.email }, expires: expect.any(String) });
    expect(await (await browser.fetch(`${base}/me`)).json()).toMatchObject({ user: { email: alice.email } });

    const out = await form(browser, "/auth/signout", { csrfToken: await csrf(browser), callbackUrl: `${base}/bye` });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`${base}/bye`);
    const cleared = out.headers.getSetCookie().find((h) => h.startsWith("authjs.session-token="));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(sessionCookie(browser)).toBeUndefined();
    expect(await sessionOf(browser)).toBeNull();
    expect(await (await browser.fetch(`${base}/me`)).json()).toBeNull();
  });

  it("a bad password goes back to sign-in with CredentialsSignin and no session", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, { password: "nope" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${base}/auth/signin?error=CredentialsSignin&code=credentials`);
    expect(response.headers.getSetCookie().some((h) => h.includes("session-token="))).toBe(false);
    expect(await sessionOf(browser)).toBeNull();
  });

  it("a CredentialsSignin subclass sends its own code", async () => {
    const response = await signIn(createBrowser(), { username: "mallory" });
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(location.searchParams.get("code")).toBe("locked");
  });

  it("any other throw in authorize is a server fault, shown as Configuration", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, { username: "crash" });
    expect(response.headers.get("location")).toBe(`${base}/auth/error?error=Configuration`);
    expect(sessionCookie(browser)).toBeUndefined();
  });

  for (const [label, token] of [["without", undefined], ["with a wrong", "0".repeat(64)]] as const) {
    it(`${label} CSRF token: refused with MissingCSRF, no session`, async () => {
      const browser = createBrowser();
      await csrf(browser);
      const fields: Record<string, string> = { username: "alice", password: "wonderland", callbackUrl: `${base}/dashboard` };
      if (token) fields.csrfToken = token;
      const response = await form(browser, "/auth/callback/credentials", fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${base}/auth/signin?error=MissingCSRF`);
      expect(sessionCookie(browser)).toBeUndefined();
    });
  }

  it("a CSRF token without its cookie is refused", async () => {
    const token = await csrf(createBrowser());
    const stranger = createBrowser();
    const response = await form(stranger, "/auth/callback/credentials", { csrfToken: token, username: "alice", password: "wonderland" });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(sessionCookie(stranger)).toBeUndefined();
  });

  for (const evil of ["https://evil.example/x", "//evil.example", "/\\evil.example", "http://127.0.0.1.evil.example/"]) {
    it(`does not follow callbackUrl ${evil}`, async () => {
      const response = await signIn(createBrowser(), { callbackUrl: evil });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!, base).origin).toBe(base);
    });
  }

  it("JSON mode answers 200 { url } with the cookies", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, {}, "/auth", { "x-auth-return-redirect": "1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${base}/dashboard` });
    expect(sessionCookie(browser)).toBeDefined();
    const failed = await signIn(createBrowser(), { password: "nope" }, "/auth", { "x-auth-return-redirect": "1" });
    expect(failed.status).toBe(200);
    const { url } = (await failed.json()) as { url: string };
    expect(new URL(url).searchParams.get("error")).toBe("CredentialsSignin");
    const out = await form(browser, "/auth/signout", { csrfToken: await csrf(browser) }, { "x-auth-return-redirect": "1" });
    expect(out.status).toBe(200);
    // no callbackUrl in the body: the one remembered in the callback-url cookie at sign-in
    expect(await out.json()).toEqual({ url: `${base}/dashboard` });
    expect(sessionCookie(browser)).toBeUndefined();
  });

  it("on https behind a proxy, uses __Secure-/__Host- names and Secure", async () => {
    const browser = createBrowser({ headers: { "x-forwarded-proto": "https" } });
    const csrfResponse = await browser.fetch(`${base}/auth/csrf`);
    const csrfHeader = csrfResponse.headers.getSetCookie().find((h) => h.startsWith("__Host-authjs.csrf-token="));
    expect(csrfHeader).toMatch(/; Secure/i);
    expect(csrfHeader).toMatch(/; Path=\//i);
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const response = await form(browser, "/auth/callback/credentials", { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" });
    expect(response.status).toBe(302);
    const httpsOrigin = base.replace("http:", "https:");
    expect(response.headers.get("location")).toBe(`${httpsOrigin}/dashboard`);
    const header = response.headers.getSetCookie().find((h) => h.startsWith("__Secure-authjs.session-token="));
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; HttpOnly/i);
    expect(response.headers.getSetCookie().some((h) => h.startsWith("authjs.session-token="))).toBe(false);
    expect(await sessionOf(browser)).toMatchObject({ user: { email: alice.email } });
  });
});

describe("getSession in app routes", () => {
  it("the per-route pattern redirects to sign-in without a session, and greets with one", async () => {
    const browser = createBrowser();
    const anonymous = await browser.fetch(`${base}/protected`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");
    await signIn(browser);
    const signedIn = await browser.fetch(`${base}/protected`);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe("Hello Alice");
  });

  it("a bad cookie reads as no session", async () => {
    const response = await fetch(`${base}/me`, { headers: { cookie: "authjs.session-token=garbage" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });
});

describe("configuration forms", () => {
  it("lazy config: called per request, works end to end", async () => {
    lazyCalls.length = 0;
    const browser = createBrowser();
    const response = await signIn(browser, { callbackUrl: "/after" }, "/lazy/auth");
    expect(response.headers.get("location")).toBe(`${base}/after`);
    expect(await sessionOf(browser, "/lazy/auth")).toMatchObject({ user: { email: alice.email } });
    expect(lazyCalls).toEqual(["/lazy/auth/csrf", "/lazy/auth/callback/credentials", "/lazy/auth/session"]);
    const providers = (await (await browser.fetch(`${base}/lazy/auth/providers`)).json()) as Record<string, { signinUrl: string }>;
    expect(providers.credentials?.signinUrl).toBe(`${base}/lazy/auth/signin/credentials`);
  });

  it("a lazy config made fresh for every request works", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, {}, "/fresh/auth");
    expect(response.status).toBe(302);
    expect(await sessionOf(browser, "/fresh/auth")).toMatchObject({ user: { email: alice.email } });
  });

  it("the user's config objects are not modified", async () => {
    const browser = createBrowser();
    await signIn(browser);
    await sessionOf(browser);
    await browser.fetch(`${base}/me`);
    await browser.fetch(`${base}/auth/signin`);
    await signIn(createBrowser(), {}, "/lazy/auth");
    expect(config).toStrictEqual(configBefore);
    expect(lazySecretConfig).toStrictEqual(lazyConfigBefore);
    expect(config.basePath).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(false);
  });

  it("works behind express.json() and express.urlencoded()", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, {}, "/parsed/auth");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${base}/dashboard`);
    const update = await browser.fetch(`${base}/parsed/auth/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await csrf(browser, "/parsed/auth"), data: { theme: "dark" } }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ user: { email: alice.email } });
    const bad = await signIn(createBrowser(), { password: "nope" }, "/parsed/auth");
    expect(bad.headers.get("location")).toBe(`${base}/parsed/auth/signin?error=CredentialsSignin&code=credentials`);
  });

  it("a wildcard mount (/wild/auth/*splat) serves the actions under /wild/auth", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, {}, "/wild/auth");
    expect(response.status).toBe(302);
    expect(await sessionOf(browser, "/wild/auth")).toMatchObject({ user: { email: alice.email } });
    const providers = (await (await browser.fetch(`${base}/wild/auth/providers`)).json()) as Record<string, { callbackUrl: string }>;
    expect(providers.credentials?.callbackUrl).toBe(`${base}/wild/auth/callback/credentials`);
    const bad = await signIn(createBrowser(), { password: "nope" }, "/wild/auth");
    expect(bad.headers.get("location")).toBe(`${base}/wild/auth/signin?error=CredentialsSignin&code=credentials`);
    // The link actions are found under a wildcard mount too (this config leaves them off).
    for (const path of ["link/github", "unlink/github"]) {
      const response = await browser.fetch(`${base}/wild/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Cannot parse the action at \/wild\/auth\/(un)?link\/github \(an opt-in feature's endpoints/);
    }
  });
});

describe("mount paths", () => {
  it("a plain mount whose last segment is an action name is kept whole", async () => {
    const browser = createBrowser();
    const response = await signIn(browser, {}, "/portal/signin");
    expect(response.status).toBe(302);
    expect(await sessionOf(browser, "/portal/signin")).toMatchObject({ user: { email: alice.email } });
    const bad = await signIn(createBrowser(), { password: "nope" }, "/portal/signin");
    expect(bad.headers.get("location")).toBe(`${base}/portal/signin/signin?error=CredentialsSignin&code=credentials`);
  });
});

describe("malformed requests over HTTP", () => {
  const cases: [string, string, RequestInit?][] = [
    ["PUT", "/auth/session"],
    ["DELETE", "/auth/session"],
    ["GET", "/auth/nope"],
    ["GET", "/auth/signin/%E0%A4%A"],
    ["GET", "/auth/callback/credentials/extra"],
    ["POST", "/auth/csrf"],
    ["GET", "/auth/signin/credentials"],
  ];
  for (const [method, path] of cases) {
    it(`${method} ${path} → 400 without a stack`, async () => {
      const response = await fetch(`${base}${path}`, { method, redirect: "manual" });
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
    });
  }

  it("bad JSON on POST /session → 400", async () => {
    const response = await fetch(`${base}/auth/session`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(response.status).toBe(400);
  });

  it("a body over 64 KiB → 413", async () => {
    const response = await fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `username=${"x".repeat(100_000)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it("a body of exactly 64 KiB arrives whole: the CSRF token at its very end still signs in", async () => {
    for (const prefix of ["/auth", "/parsed/auth"]) {
      const browser = createBrowser();
      const csrfToken = await csrf(browser, prefix);
      const fields = `username=alice&password=wonderland&callbackUrl=${encodeURIComponent(`${base}/dashboard`)}`;
      const tail = `&csrfToken=${csrfToken}`;
      const body = `${fields}&pad=${"x".repeat(64 * 1024 - fields.length - tail.length - 5)}${tail}`;
      expect(body.length).toBe(64 * 1024);
      const response = await browser.fetch(`${base}${prefix}/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(response.headers.get("location")).toBe(`${base}/dashboard`);
      expect(await sessionOf(browser, prefix)).toMatchObject({ user: { email: alice.email } });
    }
  });

  it("text/plain to the credentials callback is MissingCSRF", async () => {
    const browser = createBrowser();
    const csrfToken = await csrf(browser);
    const response = await browser.fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }).toString(),
    });
    expect(response.headers.get("location")).toBe(`${base}/auth/signin?error=MissingCSRF`);
    expect(sessionCookie(browser)).toBeUndefined();
  });

  it("duplicated and garbage cookies never fail the session read", async () => {
    const browser = createBrowser();
    await signIn(browser);
    const valid = sessionCookie(browser)!.value;
    const first = await fetch(`${base}/auth/session`, { headers: { cookie: `authjs.session-token=${valid}; authjs.session-token=junk` } });
    expect(await first.json()).toMatchObject({ user: { email: alice.email } });
    for (const cookie of ["authjs.session-token=%E0%A4%A", ";;=;", "authjs.session-token.0=abc; authjs.session-token.1=%%"]) {
      const response = await fetch(`${base}/auth/session`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
    }
  });

  it("the server keeps answering afterwards", async () => {
    expect((await fetch(`${base}/auth/session`)).status).toBe(200);
  });
});
