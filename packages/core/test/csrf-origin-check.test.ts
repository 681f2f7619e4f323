/**
 * The origin check (`csrfCheck: originCheck`) driven through `Auth()`: the `Origin` header, or
 * `Sec-Fetch-Site` without it, decides whether a sign-in, sign-out or session update may pass
 * without a CSRF token; only a request with neither header falls back to the token. Each refusal
 * is paired with the same request from the site's own origin, which passes, so the refusal is the
 * check's doing.
 */
import { describe, expect, it } from "vitest";
import { originCheck } from "@latch/core";
import { Client, baseConfig, origin } from "./client.js";

const credentials = { username: "alice", password: "wonderland", callbackUrl: "/home" };
const config = () => baseConfig({ csrfCheck: originCheck });

function expectRefused(response: Response, client: Client) {
  expect(client.jar.has("authjs.session-token")).toBe(false);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/[?&]error=MissingCSRF/);
}

describe("origin check: a form post without a CSRF token", () => {
  it("from the site's own Origin signs in", async () => {
    const client = new Client(config());
    const response = await client.post("/auth/callback/credentials", credentials, { origin });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${origin}/home`);
    expect(client.jar.has("authjs.session-token")).toBe(true);
  });

  it("from another Origin is refused", async () => {
    const client = new Client(config());
    expectRefused(await client.post("/auth/callback/credentials", credentials, { origin: "https://evil.example" }), client);
  });

  it("from the opaque Origin `null` is refused", async () => {
    const client = new Client(config());
    expectRefused(await client.post("/auth/callback/credentials", credentials, { origin: "null" }), client);
  });

  it("from another Origin is refused even with a valid CSRF token (Origin decides)", async () => {
    const client = new Client(config());
    const csrfToken = await client.csrfToken();
    expectRefused(await client.post("/auth/callback/credentials", { ...credentials, csrfToken }, { origin: "http://localhost:3001" }), client);
  });

  it("with Sec-Fetch-Site: same-origin and no Origin signs in", async () => {
    const client = new Client(config());
    await client.post("/auth/callback/credentials", credentials, { "sec-fetch-site": "same-origin" });
    expect(client.jar.has("authjs.session-token")).toBe(true);
  });

  it.each(["cross-site", "same-site", "none"])("with Sec-Fetch-Site: %s and no Origin is refused", async (site) => {
    const client = new Client(config());
    expectRefused(await client.post("/auth/callback/credentials", credentials, { "sec-fetch-site": site }), client);
  });

  it("Origin wins over Sec-Fetch-Site", async () => {
    const client = new Client(config());
    expectRefused(await client.post("/auth/callback/credentials", credentials, { origin: "https://evil.example", "sec-fetch-site": "same-origin" }), client);
  });

  it("with neither header, the token is required", async () => {
    const client = new Client(config());
    expectRefused(await client.post("/auth/callback/credentials", credentials), client);
    const csrfToken = await client.csrfToken();
    await client.post("/auth/callback/credentials", { ...credentials, csrfToken });
    expect(client.jar.has("authjs.session-token")).toBe(true);
  });

  it("without the option, the site's own Origin still needs the token", async () => {
    const client = new Client(baseConfig());
    expectRefused(await client.post("/auth/callback/credentials", credentials, { origin }), client);
  });
});

describe("origin check: JSON and other actions", () => {
  it("a cross-site JSON post is refused, a same-origin one passes", async () => {
    for (const [from, signedIn] of [["https://evil.example", false], [origin, true]] as const) {
      const client = new Client(config());
      const response = await client.fetch("/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/json", origin: from },
        body: JSON.stringify(credentials),
      });
      expect(client.jar.has("authjs.session-token")).toBe(signedIn);
      if (!signedIn) expect(response.headers.get("location")).toMatch(/error=MissingCSRF/);
    }
  });

  it("sign-out from another origin keeps the session; from the site it ends it", async () => {
    const client = new Client(config());
    await client.post("/auth/callback/credentials", credentials, { origin });
    const refused = await client.post("/auth/signout", { callbackUrl: "/" }, { origin: "https://evil.example" });
    expect(refused.headers.get("location")).toMatch(/error=MissingCSRF/);
    expect(await client.session()).toMatchObject({ user: { email: "alice@example.com" } });
    await client.post("/auth/signout", { callbackUrl: "/" }, { origin });
    expect(await client.session()).toBeNull();
  });

  it("GET /csrf still answers 200 with a token", async () => {
    const response = await new Client(config()).fetch("/auth/csrf");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { csrfToken: string }).csrfToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the origin compared is siteUrl's when set, not the request's", async () => {
    const client = new Client(baseConfig({ csrfCheck: originCheck, siteUrl: "https://app.example" }));
    expectRefused(await client.post("/auth/callback/credentials", credentials, { origin }), client);
    await client.post("/auth/callback/credentials", credentials, { origin: "https://app.example" });
    expect(client.jar.has("__Secure-authjs.session-token") || client.jar.has("authjs.session-token")).toBe(true);
  });
});
