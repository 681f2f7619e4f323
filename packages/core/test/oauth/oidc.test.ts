/**
 * Sign-in with an OpenID Connect provider over real HTTP: discovery, code + PKCE + state + nonce,
 * each client authentication method, form_post, the authorization URL, and the session.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBrowser, hasSessionCookie, oidcProvider, postSignIn, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider();
  const callback = (id: string) => [`${latch.origin}/auth/callback/${id}`];
  await op.setClient({ client_id: "basic", client_secret: "basic-secret", redirect_uris: callback("op-basic") });
  await op.setClient({ client_id: "post", client_secret: "post-secret", redirect_uris: callback("op-post"), token_endpoint_auth_method: "client_secret_post" });
  await op.setClient({ client_id: "public", redirect_uris: callback("op-public"), token_endpoint_auth_method: "none" });
  await op.setClient({ client_id: "formpost", client_secret: "fp-secret", redirect_uris: callback("op-formpost") });
  latch.configure({
    providers: [
      oidcProvider("op-basic", op.issuer, { clientId: "basic", clientSecret: "basic-secret" }),
      oidcProvider("op-post", op.issuer, { clientId: "post", clientSecret: "post-secret", client: { token_endpoint_auth_method: "client_secret_post" } }),
      oidcProvider("op-public", op.issuer, { clientId: "public" }),
      oidcProvider("op-formpost", op.issuer, { clientId: "formpost", clientSecret: "fp-secret", authorization: { params: { response_mode: "form_post" } } }),
    ],
  });
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
});

describe("the authorization request", () => {
  test("carries code, client, redirect_uri, default scope, S256 challenge, state, nonce and the sign-in query", async () => {
    const browser = createBrowser();
    const response = await postSignIn(browser, latch.origin, "op-basic", { query: { login_hint: "alice", prompt: "login" } });
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("location")!);
    expect(`${url.origin}${url.pathname}`).toBe(op.endpoints.authorization);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("basic");
    expect(params.get("redirect_uri")).toBe(`${latch.origin}/auth/callback/op-basic`);
    expect(params.get("scope")).toBe("openid profile email");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(params.get("login_hint")).toBe("alice");
    expect(params.get("prompt")).toBe("login");

    const names = response.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual(expect.arrayContaining(["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"]));
    for (const cookie of response.headers.getSetCookie().filter((c) => /^authjs\.(pkce|state|nonce)/.test(c))) {
      expect(cookie).toMatch(/Max-Age=900/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
  });

  test("answers JSON { url } to clients that ask for it", async () => {
    const browser = createBrowser();
    const csrf = (await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${latch.origin}/auth/signin/op-basic`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: latch.origin }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(op.endpoints.authorization)).toBe(true);
  });
});

describe("sign-in", () => {
  test.each([
    ["client_secret_basic", "op-basic"],
    ["client_secret_post", "op-post"],
    ["a public client (none)", "op-public"],
  ])("with %s ends signed in, at the callback URL, check cookies cleared", async (_label, id) => {
    const browser = createBrowser();
    const { url, response } = await signIn(browser, latch.origin, id, { callbackUrl: `${latch.origin}/dashboard` });
    expect(url.href).toBe(`${latch.origin}/dashboard`);
    expect(response.status).toBe(404); // the test app serves no /dashboard; the redirect is what counts
    expect(hasSessionCookie(browser, latch.origin)).toBe(true);
    const names = browser.cookies(latch.origin).map((c) => c.name);
    expect(names).not.toContain("authjs.state");
    expect(names).not.toContain("authjs.pkce.code_verifier");
    expect(names).not.toContain("authjs.nonce");
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "Alice Example", email: "alice@example.com" } });
  });

  test("with response_mode=form_post: state and nonce cookies SameSite=None; Secure, callback read from the POST body", async () => {
    const browser = createBrowser();
    const start = await postSignIn(browser, latch.origin, "op-formpost");
    const setCookies = start.headers.getSetCookie();
    for (const name of ["authjs.state=", "authjs.nonce="]) {
      const cookie = setCookies.find((c) => c.startsWith(name));
      expect(cookie).toMatch(/SameSite=None/);
      expect(cookie).toMatch(/; Secure/);
    }
    expect(new URL(start.headers.get("location")!).searchParams.get("response_mode")).toBe("form_post");

    const browser2 = createBrowser();
    const { url, urls } = await signIn(browser2, latch.origin, "op-formpost");
    expect(urls.some((u) => u.includes("/auth/callback/op-formpost"))).toBe(true);
    expect(url.href).toBe(`${latch.origin}/dashboard`);
    expect(await session(browser2, latch.origin)).toMatchObject({ user: { email: "alice@example.com" } });
  });

  test("the user the provider signs in is the one in the session", async () => {
    op.setAccount({ sub: "bob", email: "Bob@Example.com", email_verified: true, name: "Bob" });
    const browser = createBrowser();
    await signIn(browser, latch.origin, "op-basic", { query: { login_hint: "bob" } });
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "Bob", email: "bob@example.com" } });
  });
});
