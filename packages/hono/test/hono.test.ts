/**
 * `@latch/hono` on Node through `@hono/node-server`, on a real socket: the request-conversion
 * attacks of `@latch/testing`, CSRF on sign-out, the session in a route and behind `verifyAuth()`,
 * and the client's address handed to the rate limits through `getConnInfo`.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitOptions } from "@latch/core/rate-limit";
import { authHandler, auth, initAuthConfig, MissingAuthConfig, signIn, signOut, verifyAuth, type HonoAuthConfig } from "@latch/hono";
import { createBrowser, requestConversionAttacks, runRequestAttack, sendAttack, forgedAddressAttempt } from "@latch/testing";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";

const secret = "hono-integration-secret-0123456789abcdefghij";
const silent = { error: () => {}, warn: () => {}, debug: () => {} };
const siteUrl = "https://app.example.test";
const calls = { direct: 0, proxied: 0, unhanded: 0 };

const credentials = (counter?: keyof typeof calls) =>
  Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username, password }) => {
      if (counter) calls[counter]++;
      return password === "right" ? { id: String(username), name: String(username) } : null;
    },
  });

function config(overrides: Partial<HonoAuthConfig> = {}): HonoAuthConfig {
  return { secret, trustHost: true, logger: silent, basePath: "/auth", providers: [credentials()], ...overrides };
}

function limited(counter: keyof typeof calls, options: RateLimitOptions): HonoAuthConfig {
  return config({
    basePath: `/${counter}/auth`,
    rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, ...options }),
    providers: [credentials(counter)],
  });
}

/** One app per config, each under its own prefix, as a Hono app mounts sub-apps. */
function sub(cfg: HonoAuthConfig, withAddress = true): Hono {
  const app = new Hono();
  app.use("*", initAuthConfig(cfg));
  app.use(`${cfg.basePath}/*`, authHandler(withAddress ? { getConnInfo } : {}));
  return app;
}

const app = new Hono();
const main = new Hono();
main.use("*", initAuthConfig(config()));
main.use("/auth/*", authHandler({ getConnInfo }));
main.get("/me", async (c) => c.json(await auth(c)));
main.post("/login", async (c) => {
  const form = await c.req.parseBody();
  return signIn(c, "credentials", { username: String(form.username), password: String(form.password), redirectTo: "/me" });
});
main.post("/logout", (c) => signOut(c, { redirectTo: "/" }));
main.use("/private/*", verifyAuth());
main.get("/private/name", (c) => c.text(`${c.get("authUser").session.user?.name} ${c.get("session")?.user?.name}`));
app.route("/", sub(config({ basePath: "/site/auth", siteUrl })));
app.route("/", sub(limited("direct", {})));
app.route("/", sub(limited("proxied", { clientAddress: { trustedProxies: ["127.0.0.1", "::1"] } })));
app.route("/", sub(limited("unhanded", {}), false));
// An app whose own middleware reads every POST body before Latch does.
const parsed = new Hono();
parsed.use("/parsed/*", async (c, next) => {
  if (c.req.method === "POST") {
    if ((c.req.header("content-type") ?? "").includes("json")) await c.req.json();
    else await c.req.parseBody();
  }
  await next();
});
parsed.route("/", sub(config({ basePath: "/parsed/auth" })));
app.route("/", parsed);
app.route("/", main);

const loopback = "127.0.0.1";
const server: ServerType = await new Promise((resolve) => {
  const s = serve({ fetch: app.fetch, hostname: loopback, port: 0 }, () => resolve(s));
});
const port = (server.address() as AddressInfo).port;
const host = `${loopback}:${port}`;
const base = `http://${host}`;

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("with a trusted Host and no site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/auth", host, origin: base, siteUrlSet: false, credentials: { username: "ada", password: "right" } })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }

  it("an ordinary request keeps the Host's origin", async () => {
    const response = await sendAttack({ method: "GET", target: "/auth/providers", headers: { host } }, { host: loopback, port });
    expect(JSON.parse(response.body).credentials.callbackUrl).toBe(`${base}/auth/callback/credentials`);
  });

  it("a route outside basePath goes on to the app", async () => {
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });
});

describe("with a site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/site/auth", host, origin: siteUrl, siteUrlSet: true })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }
});

describe("sessions", () => {
  it("signs in, reads the session in a route and through verifyAuth(), and a cross-site sign-out without the CSRF token keeps it", async () => {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${base}/auth/csrf`)).json()) as { csrfToken: string };
    expect((await browser.fetch(`${base}/private/name`)).status).toBe(401);
    const signIn = await browser.fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "right" }),
    });
    expect(signIn.status).toBe(302);
    expect(((await (await browser.fetch(`${base}/me`)).json()) as { user: { name: string } }).user.name).toBe("ada");
    expect(await (await browser.fetch(`${base}/private/name`)).text()).toBe("ada ada");

    const forged = await browser.fetch(`${base}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://attacker.example" },
      body: new URLSearchParams({ csrfToken: "forged" }),
    });
    expect(forged.headers.getSetCookie().some((c) => c.includes("session-token=;"))).toBe(false);
    expect(((await (await browser.fetch(`${base}/me`)).json()) as { user: { name: string } }).user.name).toBe("ada");

    await browser.fetch(`${base}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(await (await browser.fetch(`${base}/me`)).json()).toBeNull();
  });

  it("a malformed Host never reaches the route: @hono/node-server refuses it", async () => {
    const response = await sendAttack({ method: "GET", target: "/me", headers: { host: "user@evil.example" } }, { host: loopback, port });
    expect(response.status).toBe(400);
    expect(response.body).toBe("");
  });
});

describe("setup mistakes", () => {
  it("authHandler() without initAuthConfig says what to register", async () => {
    const bare = new Hono();
    let thrown: unknown;
    bare.onError((error, c) => ((thrown = error), c.text("setup", 500)));
    bare.use("/auth/*", authHandler());
    await bare.request("http://127.0.0.1/auth/session");
    expect(thrown).toBeInstanceOf(MissingAuthConfig);
    expect((thrown as Error).message).toContain("initAuthConfig");
  });
});

describe("a body the app's middleware read first", () => {
  for (const type of ["application/x-www-form-urlencoded", "application/json"]) {
    it(`still reaches Latch: ${type}`, async () => {
      const browser = createBrowser();
      const { csrfToken } = (await (await browser.fetch(`${base}/parsed/auth/csrf`)).json()) as { csrfToken: string };
      const fields = { csrfToken, username: "ada", password: "right" };
      const signIn = await browser.fetch(`${base}/parsed/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": type },
        body: type.includes("json") ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
      });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).not.toContain("error");
      const session = (await (await browser.fetch(`${base}/parsed/auth/session`)).json()) as { user: { name: string } };
      expect(session.user.name).toBe("ada");
    });
  }
});

describe("signIn and signOut from the app's own routes", () => {
  const form = (fields: Record<string, string>, origin: string) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields),
  });
  const name = async (browser: ReturnType<typeof createBrowser>) => ((await (await browser.fetch(`${base}/me`)).json()) as { user?: { name: string } } | null)?.user?.name;

  it("signs in with the app's form from the site itself, and out again", async () => {
    const browser = createBrowser();
    const wrong = await browser.fetch(`${base}/login`, form({ username: "ada", password: "wrong" }, base));
    expect(wrong.headers.get("location")).toMatch(/\/auth\/signin\?.*error=CredentialsSignin/);
    expect(await name(browser)).toBeUndefined();
    const right = await browser.fetch(`${base}/login`, form({ username: "ada", password: "right" }, base));
    expect(right.headers.get("location")).toBe(`${base}/me`);
    expect(await name(browser)).toBe("ada");
    const out = await browser.fetch(`${base}/logout`, form({}, base));
    expect(out.headers.get("location")).toBe(`${base}/`);
    expect(await name(browser)).toBeUndefined();
  });

  it("a form posted from another site signs nobody in, and nobody out", async () => {
    const browser = createBrowser();
    const forged = await browser.fetch(`${base}/login`, form({ username: "ada", password: "right" }, "https://attacker.example"));
    expect(forged.headers.getSetCookie().some((c) => /session-token=[^;]/.test(c))).toBe(false);
    expect(await name(browser)).toBeUndefined();
    await browser.fetch(`${base}/login`, form({ username: "ada", password: "right" }, base));
    await browser.fetch(`${base}/logout`, form({}, "https://attacker.example"));
    expect(await name(browser)).toBe("ada");
  });
});

const attempt = (mount: string, i: number, forwardedFor: string) => forgedAddressAttempt(`${base}${mount}`, i, forwardedFor);

describe("the client's address reaches the rate limits through getConnInfo", () => {
  it("a forged X-Forwarded-For does not make a new client: 429 after the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt("/direct/auth", i, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    expect(calls.direct).toBe(5);
  });

  it("without getConnInfo the limit per address cannot apply", async () => {
    for (let i = 0; i < 8; i++) expect((await attempt("/unhanded/auth", i, "198.51.100.1")).status).toBe(302);
    expect(calls.unhanded).toBe(8);
  });

  it("behind a proxy the config trusts, the forwarded address is the client", async () => {
    for (let i = 0; i < 8; i++) expect((await attempt("/proxied/auth", i, `198.51.100.${i}`)).status).toBe(302);
    expect(calls.proxied).toBe(8);
  });
});
