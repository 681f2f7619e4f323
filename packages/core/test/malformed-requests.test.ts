import { describe, expect, it } from "vitest";
import { Client, alice, baseConfig, hasStackTrace, origin, secret } from "./client.js";
import { mintToken, sessionClaims } from "./token-format.js";

const client = () => new Client(baseConfig());

async function expectClean(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(hasStackTrace(text)).toBe(false);
  return text;
}

describe("requests that name no action", () => {
  const paths = [
    "/auth/nope",
    "/auth",
    "/auth/",
    "/authx/session",
    "/other/session",
    "/auth/callback/credentials/extra",
    "/auth/session/credentials",
    "/auth/signin/%E0%A4%A",
    "/auth/callback/%",
    // Three segments only for the address change's two links.
    "/auth/signin/credentials/extra/more",
    "/auth/email/change/confirm/extra",
    "/auth/email/other",
    "/auth/email/change/other",
    "/auth/password/change/confirm",
  ];
  for (const path of paths) {
    it(`GET ${path} → 400 JSON`, async () => {
      const response = await client().fetch(path);
      const text = await expectClean(response, 400);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(JSON.parse(text)).toHaveProperty("message");
    });
  }
});

describe("methods and action pairs outside the table", () => {
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    it(`${method} /auth/session → 400`, async () => {
      await expectClean(await client().fetch("/auth/session", { method }), 400);
    });
  }
  it("HEAD /auth/session → 400", async () => {
    expect((await client().fetch("/auth/session", { method: "HEAD" })).status).toBe(400);
  });
  const pairs: [string, string][] = [
    ["GET", "/auth/signin/credentials"],
    ["POST", "/auth/csrf"],
    ["POST", "/auth/providers"],
    ["POST", "/auth/error"],
    ["POST", "/auth/verify-request"],
    ["GET", "/auth/callback"],
    ["GET", "/auth/callback/credentials"],
  ];
  for (const [method, path] of pairs) {
    it(`${method} ${path} → 4xx, no session`, async () => {
      const c = client();
      const response = await c.fetch(path, { method });
      const text = await response.text();
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(hasStackTrace(text)).toBe(false);
      expect(c.jar.has("authjs.session-token")).toBe(false);
    });
  }
});

describe("bodies", () => {
  it("bad JSON on POST /session → 400", async () => {
    const response = await client().fetch("/auth/session", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    await expectClean(response, 400);
  });

  it("a JSON array on POST /session → 400", async () => {
    const response = await client().fetch("/auth/session", { method: "POST", headers: { "content-type": "application/json" }, body: "[1,2]" });
    await expectClean(response, 400);
  });

  it("a JSON array on the credentials callback → 400, no session", async () => {
    const c = client();
    const response = await c.fetch("/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/json" }, body: "[]" });
    await expectClean(response, 400);
    expect(c.jar.has("authjs.session-token")).toBe(false);
  });

  it("a JSON body with the right fields signs in like a form", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.fetch("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ csrfToken, username: "alice", password: "wonderland" }),
    });
    expect(response.status).toBe(302);
    expect(c.jar.has("authjs.session-token")).toBe(true);
  });

  it("the right fields posted one or two segments below the callback path → 400, no session", async () => {
    for (const path of ["/auth/callback/credentials/extra", "/auth/callback/credentials/extra/more"]) {
      const c = client();
      const csrfToken = await c.csrfToken();
      const response = await c.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, username: "alice", password: "wonderland" }),
      });
      expect(response.status).toBe(400);
      expect(c.jar.has("authjs.session-token")).toBe(false);
    }
  });

  it("text/plain on the credentials callback carries no body: MissingCSRF", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const response = await c.fetch("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland" }).toString(),
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("MissingCSRF");
    expect(c.jar.has("authjs.session-token")).toBe(false);
  });

  it("a body over 64 KiB → 413 (declared length)", async () => {
    const response = await client().fetch("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `a=${"x".repeat(70_000)}`,
    });
    await expectClean(response, 413);
  });

  it("a body over 64 KiB → 413 (streamed, no length)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16_384));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await client().fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    await expectClean(response, 413);
  });
});

describe("providers that do not exist", () => {
  it("POST /auth/signin/nope with a valid CSRF token → 4xx", async () => {
    const c = client();
    const response = await c.post("/auth/signin/nope", { csrfToken: await c.csrfToken() });
    const text = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(hasStackTrace(text)).toBe(false);
  });

  it("POST /auth/callback/nope with a valid CSRF token → 4xx", async () => {
    const c = client();
    const response = await c.post("/auth/callback/nope", { csrfToken: await c.csrfToken() });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("GET /auth/callback/nope → 4xx", async () => {
    const response = await client().fetch("/auth/callback/nope?code=x&state=y");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("cookies", () => {
  it("the first of a duplicated cookie wins", async () => {
    const valid = await mintToken(sessionClaims(alice), { secret });
    const first = await client().fetch("/auth/session", { headers: { cookie: `authjs.session-token=${valid}; authjs.session-token=junk` } });
    expect(await first.json()).toMatchObject({ user: { email: alice.email } });
    const second = await client().fetch("/auth/session", { headers: { cookie: `authjs.session-token=junk; authjs.session-token=${valid}` } });
    expect(second.status).toBe(200);
    expect(await second.json()).toBeNull();
  });

  const garbage = [
    ";;;",
    "=; =; ==",
    "authjs.session-token",
    "authjs.session-token=%E0%A4%A",
    "authjs.csrf-token=%ZZ|; authjs.session-token.x=1; authjs.session-token.99999999999999999999=2",
    `authjs.session-token="${"\u0001".repeat(3)}"`,
    "a=b; ".repeat(500),
  ];
  for (const cookie of garbage) {
    it(`garbage cookie ${JSON.stringify(cookie.slice(0, 40))} → 200 null`, async () => {
      const response = await client().fetch("/auth/session", { headers: { cookie } });
      const text = await expectClean(response, 200);
      expect(JSON.parse(text)).toBeNull();
    });
  }

  it("a garbage CSRF cookie is replaced, not trusted", async () => {
    const c = client();
    c.jar.set("authjs.csrf-token", "not-a-token");
    const response = await c.fetch("/auth/csrf");
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(c.jar.get("authjs.csrf-token")!).startsWith(`${csrfToken}|`)).toBe(true);
  });

  it("a CSRF token copied into the body without its hash is refused", async () => {
    const c = client();
    const token = "cd".repeat(32);
    c.jar.set("authjs.csrf-token", `${token}%7C${"0".repeat(64)}`);
    const response = await c.post("/auth/callback/credentials", { csrfToken: token, username: "alice", password: "wonderland" });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(c.jar.has("authjs.session-token")).toBe(false);
  });
});

describe("the origin of a request", () => {
  it("an invalid Host header does not crash the handler", async () => {
    const response = await client().fetch(`${origin}/auth/session`, { headers: { host: "exa mple" } });
    expect(response.status).toBe(200);
  });
});
