/**
 * The OAuth callback and code exchange against answers the real OpenID Provider never gives,
 * served by the stand-in of `stand-in-provider.ts` (its first lines say why it stands in): an
 * issuer template, discovery that does not announce `iss`, `alg: none`, an HS256 ID token to a
 * client without a secret, malformed token responses; plus the redirect proxy's forwarding, a
 * provider whose metadata cannot be loaded, and the error redirect `Auth()` makes of a refusal.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { Auth, type Provider } from "@latch/core";
import { OIDC } from "@latch/core/providers/oauth";
import { createState } from "../../src/flows/oauth/checks.js";
import { callback, expectRefusal, latchFor, origin, refusal, signedIn, type Latch, type Refusal } from "./flow.js";
import { startStandIn, type StandIn, type StandInIssuer, type TokenAnswer } from "./stand-in-provider.js";

const tenant = "0f9a2c4e-1b7d-4c3e-9a58-2d6f1e0b7c11";
const tenantIssuer = `http://${tenant}.localhost`;

let standIn: StandIn;
let latch: Latch;
const served: Record<string, StandInIssuer> = {};

/** An OpenID Connect provider of the stand-in issuer `id`, made by `OIDC()`: the flow that checks the ID token's signature. */
function oidc(id: string, extra: Record<string, unknown> = {}): Provider {
  return OIDC({ id, name: id, issuer: served[id]!.issuer, wellKnown: served[id]!.wellKnown, clientId: id, clientSecret: `${id}-secret`, checks: [], ...extra });
}

/** A token response with an ID token of `claims` over the defaults, for client `aud`. */
async function tokens(aud: string, iss: string, claims: Record<string, unknown> = {}, alg: "RS256" | "HS256" | "none" = "RS256", key?: string) {
  const now = Math.floor(Date.now() / 1000);
  const idToken = await standIn.idToken({ iss, sub: "u1", aud, iat: now, exp: now + 300, email: "u1@example.com", email_verified: true, ...claims }, alg, key);
  return { access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: idToken };
}

/** Makes `id`'s token endpoint answer a signed ID token (with `claims`). */
function answerTokens(id: string, claims: Record<string, unknown> = {}, iss = served[id]!.issuer): void {
  served[id]!.answer = async () => ({ body: await tokens(id, iss, claims) });
}

/** How Latch refuses a callback of `id` when its token endpoint gives `answer`. */
function refusedWith(id: string, answer: TokenAnswer): Promise<Refusal> {
  served[id]!.answer = () => answer;
  return refusal(callback(latch, id, { params: { code: "c" } }));
}

beforeAll(async () => {
  standIn = await startStandIn();
  for (const id of ["rs", "cache-a", "cache-b", "hs-public"]) served[id] = standIn.serve(id);
  served.entra = standIn.serve("entra", { issuer: "http://{tenantid}.localhost" });
  served.plain = standIn.serve("plain");
  latch = latchFor([
    oidc("rs"),
    oidc("cache-a"),
    oidc("cache-b"),
    { ...oidc("entra"), issuer: "http://common.localhost" } as Provider,
    oidc("hs-public", { clientSecret: undefined, client: { token_endpoint_auth_method: "none", id_token_signed_response_alg: "HS256" } }),
    {
      id: "plain",
      name: "plain",
      type: "oauth",
      authorization: { url: `${standIn.origin}/plain/authorize` },
      token: served.plain!.tokenEndpoint,
      userinfo: { request: () => ({ sub: "u1", email: "u1@example.com" }) },
      clientId: "plain",
      clientSecret: "plain-secret",
      checks: [],
    } as Provider,
    // Issuer "rs" again, written as a plain object as an Auth.js app has it.
    { id: "rs-plain", name: "rs-plain", type: "oidc", issuer: served.rs!.issuer, wellKnown: served.rs!.wellKnown, clientId: "rs", clientSecret: "rs-secret", checks: [] } as Provider,
    { id: "down", name: "down", type: "oidc", issuer: "http://127.0.0.1:1", clientId: "down", clientSecret: "s" } as Provider,
    { id: "no-client-id", name: "x", type: "oidc", issuer: served.rs!.issuer, clientSecret: "s" } as Provider,
    { id: "token-down", name: "x", type: "oauth", authorization: { url: "http://127.0.0.1:1/a" }, token: "http://127.0.0.1:1/token", clientId: "t", clientSecret: "s", checks: [] } as Provider,
  ]);
});

afterEach(() => {
  latch.logs.length = 0;
});

afterAll(async () => {
  await standIn?.close();
});

describe("ID tokens signed with the issuer's keys", () => {
  test("a sign-in: the validated claims are the profile; without iss from an issuer that does not announce it", async () => {
    answerTokens("rs", { name: "User One" });
    const result = await signedIn(latch, "rs", { params: { code: "c" } });
    expect(result.profile).toMatchObject({ iss: served.rs!.issuer, sub: "u1", aud: "rs", name: "User One" });
    expect(result.user).toEqual({ name: "User One", email: "u1@example.com", image: null });
    expect(result.account).toMatchObject({ access_token: "at-1", token_type: "bearer", providerAccountId: "u1" });
    expect((await signedIn(latch, "rs", { params: { code: "c", iss: served.rs!.issuer } })).user.email).toBe("u1@example.com");
  });

  test("an iss parameter naming another issuer, from an issuer that does not announce iss", async () => {
    const error = await refusal(callback(latch, "rs", { params: { code: "c", iss: "http://other.example" } }));
    expectRefusal(error, "OAuthCallbackError", "The authorization response comes from another issuer.", { providerId: "rs", check: "iss" });
  });

  test("the JWKS of an issuer is fetched once and kept, also when another issuer's is fetched in between", async () => {
    for (const id of ["cache-a", "cache-a", "cache-b", "cache-a"]) {
      answerTokens(id);
      await signedIn(latch, id, { params: { code: "c" } });
    }
    expect([served["cache-a"]!.jwksHits, served["cache-b"]!.jwksHits]).toEqual([1, 1]);
  });

  test.each(["rs", "rs-plain"])("an unsecured ID token (alg: none), although the issuer lists none: refused by %s, also written as a plain object", async (id) => {
    served.rs!.answer = async () => ({ body: await tokens("rs", served.rs!.issuer, {}, "none") });
    const error = await refusal(callback(latch, id, { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", 'The ID token\'s alg "none" is not accepted.', { providerId: id, check: "alg", err: undefined });
  });

  test("a token response without the ID token OpenID Connect requires", async () => {
    const error = await refusedWith("rs", { body: { access_token: "at", token_type: "Bearer" } });
    expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "rs", err: true }, "id_token");
  });
});

test("HS256 declared by a client without a secret: the signature cannot be verified", async () => {
  served["hs-public"]!.answer = async () => ({ body: await tokens("hs-public", served["hs-public"]!.issuer, {}, "HS256", "some-secret-0123456789abcdef0123") });
  const error = await refusal(callback(latch, "hs-public", { params: { code: "c" } }));
  expectRefusal(error, "OAuthCallbackError", "The ID token's signature does not verify.", { providerId: "hs-public", check: "signature", err: true }, "an HMAC-signed ID token needs the client secret");
});

describe("a {tenantid} issuer template", () => {
  test("the tenant's iss and ID token: signed in", async () => {
    answerTokens("entra", { tid: tenant }, tenantIssuer);
    const result = await signedIn(latch, "entra", { params: { code: "c", iss: tenantIssuer } });
    expect(result.profile).toMatchObject({ iss: tenantIssuer, tid: tenant });
    expect((await signedIn(latch, "entra", { params: { code: "c" } })).profile).toMatchObject({ iss: tenantIssuer });
  });

  test("an iss whose tenant is not GUID-shaped", async () => {
    const error = await refusal(callback(latch, "entra", { params: { code: "c", iss: "http://evil.localhost" } }));
    expectRefusal(error, "OAuthCallbackError", "The authorization response comes from another issuer.", { providerId: "entra", check: "iss" });
  });

  test("an ID token without tid", async () => {
    answerTokens("entra", {}, tenantIssuer);
    const error = await refusal(callback(latch, "entra", { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", "The ID token has no tenant id (tid) to complete its issuer's template.", { providerId: "entra", check: "iss", err: undefined });
  });

  test("an error answer carrying an ID token is the token endpoint's refusal", async () => {
    const { id_token } = await tokens("entra", tenantIssuer);
    const error = await refusedWith("entra", { status: 400, body: { error: "invalid_grant", id_token } });
    expectRefusal(error, "OAuthCallbackError", "The token endpoint refused the code (invalid_grant).", { providerId: "entra", err: true });
  });

  test("a token response that is not JSON, or has no ID token: it does not pass its checks", async () => {
    const notJson = await refusedWith("entra", { body: "<html>oops</html>", contentType: "text/html" });
    expectRefusal(notJson, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "entra", err: true });
    const noIdToken = await refusedWith("entra", { body: { access_token: "at", token_type: "Bearer" } });
    expectRefusal(noIdToken, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "entra", err: true }, "id_token");
  });

  test("an ID token that is no JWT: no tenant id to read", async () => {
    const error = await refusedWith("entra", { body: { access_token: "at", token_type: "Bearer", id_token: "garbage" } });
    expectRefusal(error, "OAuthCallbackError", "The ID token has no tenant id (tid) to complete its issuer's template.", { providerId: "entra", check: "iss", err: undefined });
  });
});

describe("plain OAuth 2 token responses", () => {
  test("an ID token is kept on the account as received", async () => {
    served.plain!.answer = () => ({ body: { access_token: "at", token_type: "Bearer", id_token: "not.validated.here" } });
    const result = await signedIn(latch, "plain", { params: { code: "c" } });
    expect(result.account).toMatchObject({ access_token: "at", id_token: "not.validated.here", type: "oauth" });
    expect(result.profile).toEqual({ sub: "u1", email: "u1@example.com" });
  });

  test("a 201 answer is still refused", async () => {
    const error = await refusedWith("plain", { status: 201, body: { access_token: "at", token_type: "Bearer", id_token: "x.y.z" } });
    expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "plain", err: true });
  });

  test("a body that is not JSON", async () => {
    const error = await refusedWith("plain", { body: "access_token=at", contentType: "application/x-www-form-urlencoded" });
    expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "plain", err: true });
  });

  test("an id_token that is not a string is left in the response", async () => {
    const error = await refusedWith("plain", { body: { access_token: "at", token_type: "Bearer", id_token: 5 } });
    expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "plain", err: true });
  });

  test("without an ID token: signed in, the account has none", async () => {
    served.plain!.answer = () => ({ body: { access_token: "at-2", token_type: "Bearer" } });
    const result = await signedIn(latch, "plain", { params: { code: "c" } });
    expect(result.account).toMatchObject({ access_token: "at-2", providerAccountId: "u1" });
    expect(result.account).not.toHaveProperty("id_token");
  });

  test("an error answer: the token endpoint's refusal", async () => {
    const error = await refusedWith("plain", { status: 400, body: { error: "invalid_grant", id_token: "x.y.z" } });
    expectRefusal(error, "OAuthCallbackError", "The token endpoint refused the code (invalid_grant).", { providerId: "plain", err: true });
  });
});

describe("before the code exchange", () => {
  test("metadata that cannot be loaded: CallbackRouteError", async () => {
    const error = await refusal(callback(latch, "down", { params: { code: "c" } }));
    expectRefusal(error, "CallbackRouteError", 'Could not load the metadata of provider "down".', { providerId: "down", err: true });
  });

  test("no client id: CallbackRouteError naming the variable", async () => {
    const error = await refusal(callback(latch, "no-client-id", { params: { code: "c" } }));
    expectRefusal(error, "CallbackRouteError", 'Provider "no-client-id" has no clientId. Set it, or AUTH_NO_CLIENT_ID_ID.', { providerId: "no-client-id" });
  });

  test("a token endpoint that cannot be reached", async () => {
    const error = await refusal(callback(latch, "token-down", { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", "The token request failed.", { providerId: "token-down", err: true });
  });

  test("behind a redirect proxy the state is required, whatever the provider's checks", async () => {
    const proxied = latchFor([oidc("rs")], { redirectProxyUrl: "https://proxy.example/auth" });
    const error = await refusal(callback(proxied, "rs", { params: { code: "c" } }));
    expectRefusal(error, "InvalidCheck", "The state cookie is missing.", { providerId: "rs", check: "state", err: undefined });
  });
});

describe("the redirect proxy's forwarding", () => {
  test("a state naming another deployment's callback: forwarded there with every parameter, and logged", async () => {
    for (const target of ["http://preview.example/auth/callback/rs", "https://preview.example/auth/callback/rs?keep=1"]) {
      latch.logs.length = 0;
      const state = await createState(latch.ctx, target);
      const result = await callback(latch, "rs", { params: { code: "c1", state, iss: "i" } });
      const expected = new URL(target);
      for (const [key, value] of Object.entries({ code: "c1", state, iss: "i" })) expected.searchParams.set(key, value);
      expect(result).toEqual({ redirect: expected.toString() });
      expect(latch.logs).toEqual([{ level: "debug", code: "redirect-proxy", args: [{ provider: "rs", to: expected.origin }] }]);
    }
  });

  test("not forwarded: this deployment, a scheme other than http(s), no URL, a state that does not open", async () => {
    served.rs!.answer = () => ({ status: 400, body: { error: "invalid_grant" } });
    const states = [
      ...(await Promise.all([`${origin}/auth/callback/rs`, "ftp://preview.example/cb", "xhttp://preview.example/cb", "httpsx://preview.example/cb", "not a url"].map((target) => createState(latch.ctx, target)))),
      await createState(latch.ctx),
      "not-sealed",
    ];
    for (const state of states) {
      const error = await refusal(callback(latch, "rs", { params: { code: "c", state } }));
      expectRefusal(error, "OAuthCallbackError", "The token endpoint refused the code (invalid_grant).", { providerId: "rs", err: true });
    }
    expect(latch.logs.filter((l) => l.code === "redirect-proxy")).toEqual([]);
  });
});

test("through Auth(): a refused callback redirects to the sign-in page with OAuthCallbackError and logs the error", async () => {
  served.rs!.answer = () => ({ status: 400, body: { error: "invalid_grant" } });
  const response = await Auth(new Request(`${origin}/auth/callback/rs?code=c`), latch.config);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/signin`);
  expect(location.searchParams.get("error")).toBe("OAuthCallbackError");
  const logged = latch.logs.filter((l) => l.level === "error");
  expect(logged.map((l) => l.code)).toEqual(["OAuthCallbackError"]);
  expect(logged[0]!.args[0]).toMatchObject({ type: "OAuthCallbackError", message: "The token endpoint refused the code (invalid_grant).", cause: { providerId: "rs" } });
});

describe("answers oauth4webapi refuses before any check of Latch's", () => {
  test("an authorization response of another flow (an ID token in it): not valid, with the library's error as cause", async () => {
    const error = await refusal(callback(latch, "rs", { params: { code: "c", id_token: "x.y.z" } }));
    expectRefusal(error, "OAuthCallbackError", "The authorization response is not valid.", { providerId: "rs", err: true }, "not supported");
  });

  test("a token.conform giving something that is not a Response: an error without a cause, reported as a failed check", async () => {
    const conformed = latchFor([oidc("rs", { token: { conform: () => ({ not: "a response" }) } })]);
    answerTokens("rs");
    const error = await refusal(callback(conformed, "rs", { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "rs", err: true }, "must be an instance of Response");
  });
});
