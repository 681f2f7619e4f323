/**
 * The OAuth callback (`flows/oauth/callback.ts`) and the code exchange (`flows/oauth/tokens.ts`)
 * against the real OpenID Provider of @latch/testing: what a sign-in returns, and the class,
 * message and cause of each refusal (provider error, `iss`, `state`, PKCE and nonce cookies, ID
 * token checks, a replayed code, a redirect proxy's forwarding).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Provider } from "@latch/core";
import Line from "@latch/core/providers/line";
import { OIDC } from "@latch/core/providers/oauth";
import { startOpenIDProvider, type OpenIDProvider, type TamperKind } from "@latch/testing";
import { checkCookie, clearCheckCookies, createState } from "../../src/flows/oauth/checks.js";
import { authorize, callback, callbackUrl, changed, expectRefusal, latchFor, origin, refusal, signedIn, type Latch, type Refusal } from "./flow.js";

let op: OpenIDProvider;
let latch: Latch;

const clientIds = ["op", "bare", "plain", "noiss", "hs-undeclared", "picky", "as-authjs"];

/** A plain OAuth 2 provider at the test OP, its endpoints given, with `token` (the token endpoint's settings). */
function oauth(id: string, token: Record<string, unknown>, extra: Record<string, unknown> = {}): Provider {
  const { authorization, userinfo } = op.endpoints;
  const scope = "openid email profile";
  return { id, name: id, type: "oauth", authorization: { url: authorization, params: { scope } }, token: { url: op.endpoints.token, ...token }, userinfo, clientId: id, clientSecret: `${id}-secret`, ...extra } as Provider;
}

/** An OpenID Connect provider at the test OP, made by `OIDC()`: the flow that checks the ID token's signature. */
function oidc(id: string, extra: Record<string, unknown> = {}): Provider {
  return OIDC({ id, name: id, issuer: op.issuer, clientId: id, clientSecret: `${id}-secret`, ...extra });
}

beforeAll(async () => {
  op = await startOpenIDProvider();
  const redirect = (id: string) => [`${origin}/auth/callback/${id}`];
  for (const id of clientIds) {
    const hs256 = id === "hs-undeclared" ? { id_token_signed_response_alg: "HS256" } : {};
    await op.setClient({ client_id: id, client_secret: `${id}-secret`, redirect_uris: redirect(id), ...hs256 });
  }
  await op.setClient({ client_id: "line", client_secret: "line-secret-0123456789abcdef", redirect_uris: redirect("line"), token_endpoint_auth_method: "client_secret_post", id_token_signed_response_alg: "HS256" });
  latch = latchFor([
    oidc("op"),
    oidc("bare", { checks: [] }),
    oauth("plain", { conform: async (r: Response) => Response.json({ ...((await r.json()) as object), extra_field: "mended" }, { headers: r.headers }) }, { issuer: op.issuer }),
    oauth("noiss", { conform: () => undefined }),
    oidc("hs-undeclared", { client: { token_endpoint_auth_method: "client_secret_basic" } }),
    oidc("picky", {
      account: () => {
        throw new Error("account mapping broke");
      },
    }),
    Line({ issuer: op.issuer, clientId: "line", clientSecret: "line-secret-0123456789abcdef" }),
    // Written as a plain object, as an Auth.js app has it.
    { id: "as-authjs", name: "as-authjs", type: "oidc", issuer: op.issuer, clientId: "as-authjs", clientSecret: "as-authjs-secret" } as Provider,
  ]);
});

/** Signs in at the provider (which first breaks its answer as `tamper` says) and returns how Latch refused the callback. */
async function refusedAt(id: string, tamper?: TamperKind): Promise<Refusal> {
  if (tamper) op.tamper(tamper);
  const { params, cookies } = await authorize(latch, id);
  return refusal(callback(latch, id, { params, cookies }));
}

afterEach(() => {
  op.clearTampering();
  op.signInAs("alice");
  latch.logs.length = 0;
});

afterAll(async () => {
  await op?.close();
});

describe("a sign-in", () => {
  test("OpenID Connect: the user, the account with every token, the claims as profile, the check cookies cleared", async () => {
    const { params, cookies } = await authorize(latch, "op");
    expect(Object.keys(cookies).sort()).toEqual(["authjs.nonce", "authjs.pkce.code_verifier", "authjs.state"]);
    const before = Math.floor(Date.now() / 1000);
    const result = await signedIn(latch, "op", { params, cookies });
    const provider = latch.provider("op");
    expect(Object.keys(result).sort()).toEqual(["account", "callbackUrl", "cookies", "emailVerified", "profile", "provider", "user"]);
    expect(result.provider).toBe(provider);
    expect(result.callbackUrl).toBe(callbackUrl);
    expect(result.cookies).toEqual(clearCheckCookies(latch.ctx, provider));
    expect(result.emailVerified).toBe(true);
    expect(result.user).toEqual({ name: "Alice Example", email: "alice@example.com", image: "https://example.com/alice.png" });
    expect(result.profile).toMatchObject({ sub: "alice", iss: op.issuer, aud: "op", email: "alice@example.com", email_verified: true, nonce: expect.any(String) });
    const account = result.account as Record<string, unknown>;
    expect(account).toMatchObject({ provider: "op", type: "oidc", providerAccountId: "alice", token_type: "bearer", scope: "openid profile email" });
    expect(account.access_token).toEqual(expect.any(String));
    expect(String(account.id_token).split(".")).toHaveLength(3);
    expect(Number(account.expires_at)).toBeGreaterThanOrEqual(before + 3600);
    expect(latch.logs.filter((l) => l.code !== "authorization-url")).toEqual([]);
  });

  test("form_post: the authorization response read from the POST body", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const result = await signedIn(latch, "op", { params, cookies, method: "POST" });
    expect(result.user.email).toBe("alice@example.com");
  });

  test("a POST body field that is not a string is left out (here the code: the token request then has none)", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const body = { ...Object.fromEntries(params), code: { value: params.get("code") } };
    const error = await refusal(callback(latch, "op", { params: body, cookies, method: "POST" }));
    expectRefusal(error, "OAuthCallbackError", "The token request failed.", { providerId: "op", err: true }, "no authorization code");
  });

  test("a POST without a body: no parameters, so no iss, which this provider announces", async () => {
    const error = await refusal(callback(latch, "bare", { method: "POST" }));
    expectRefusal(error, "OAuthCallbackError", "The authorization response lacks the iss parameter its issuer announces.", { providerId: "bare", check: "iss" });
  });

  test("without any check: no check cookie is read; a state sent back without its cookie is not checked", async () => {
    const { params } = await authorize(latch, "bare");
    expect(params.has("state")).toBe(false);
    expect((await signedIn(latch, "bare", { params: changed(params, { state: "from-elsewhere" }) })).user.email).toBe("alice@example.com");
  });

  test("without any check: a state cookie with no state sent back is not read", async () => {
    const { params } = await authorize(latch, "bare");
    const stale = await checkCookie(latch.ctx, "state", latch.provider("bare"), await createState(latch.ctx));
    const result = await signedIn(latch, "bare", { params, cookies: { [stale.name]: stale.value } });
    expect(result.user.email).toBe("alice@example.com");
  });

  test("without any check: a state sent back with its cookie present is checked", async () => {
    const { params } = await authorize(latch, "bare");
    const cookie = await checkCookie(latch.ctx, "state", latch.provider("bare"), await createState(latch.ctx));
    const error = await refusal(callback(latch, "bare", { params: changed(params, { state: "another" }), cookies: { [cookie.name]: cookie.value } }));
    expectRefusal(error, "InvalidCheck", "The state parameter does not match its cookie.", { providerId: "bare", check: "state" });
  });

  test("a state naming a user to link to: the sign-in carries linkTo", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const state = await createState(latch.ctx, undefined, "user-7");
    const cookie = await checkCookie(latch.ctx, "state", latch.provider("op"), state);
    const result = await signedIn(latch, "op", { params: changed(params, { state }), cookies: { ...cookies, [cookie.name]: cookie.value } });
    expect(result.linkTo).toBe("user-7");
  });

  test("plain OAuth 2: the profile from userinfo, the ID token kept unvalidated, the token response mended by conform", async () => {
    const { params, cookies } = await authorize(latch, "plain");
    const result = await signedIn(latch, "plain", { params, cookies });
    expect(result.profile).toMatchObject({ sub: "alice", email: "alice@example.com" });
    expect(result.profile).not.toHaveProperty("aud");
    expect(result.emailVerified).toBe(false);
    const account = result.account as Record<string, unknown>;
    expect(account).toMatchObject({ provider: "plain", type: "oauth", providerAccountId: "alice", token_type: "bearer", extra_field: "mended" });
    expect(String(account.id_token).split(".")).toHaveLength(3);
  });

  test("plain OAuth 2 without a configured issuer: the iss parameter is not compared; a conform giving nothing keeps the response", async () => {
    const { params, cookies } = await authorize(latch, "noiss");
    expect(params.get("iss")).toBe(op.issuer);
    const result = await signedIn(latch, "noiss", { params, cookies });
    expect(result.user.email).toBe("alice@example.com");
    expect((result.account as Record<string, unknown>).extra_field).toBeUndefined();
  });

  test("LINE: an HS256 ID token verified with the channel secret", async () => {
    const { params, cookies } = await authorize(latch, "line");
    const result = await signedIn(latch, "line", { params, cookies });
    expect(result.profile).toMatchObject({ sub: "alice", aud: "line" });
    expect(JSON.parse(Buffer.from(String((result.account as Record<string, unknown>).id_token).split(".")[0]!, "base64url").toString())).toMatchObject({ alg: "HS256" });
  });
});

describe("refusals", () => {
  test("the provider's error: OAuthCallbackError naming it, its description logged", async () => {
    op.signInAs(null);
    const { params, cookies } = await authorize(latch, "op");
    expect(params.get("error")).toBe("access_denied");
    const error = await refusal(callback(latch, "op", { params, cookies }));
    expectRefusal(error, "OAuthCallbackError", "The provider returned an error: access_denied.", { providerId: "op", error: "access_denied" });
    expect(latch.logs.filter((l) => l.code === "OAuthCallbackError")).toEqual([
      { level: "debug", code: "OAuthCallbackError", args: [{ providerId: "op", error: "access_denied", error_description: params.get("error_description") }] },
    ]);
  });

  test("an iss parameter naming another issuer", async () => {
    const error = await refusedAt("op", "authorization-response-wrong-iss");
    expectRefusal(error, "OAuthCallbackError", "The authorization response comes from another issuer.", { providerId: "op", check: "iss" });
  });

  test("no iss parameter although the provider announces it", async () => {
    const error = await refusedAt("op", "authorization-response-no-iss");
    expectRefusal(error, "OAuthCallbackError", "The authorization response lacks the iss parameter its issuer announces.", { providerId: "op", check: "iss" });
  });

  test("a state that is not the cookie's", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const error = await refusal(callback(latch, "op", { params: changed(params, { state: await createState(latch.ctx) }), cookies }));
    expectRefusal(error, "InvalidCheck", "The state parameter does not match its cookie.", { providerId: "op", check: "state" });
  });

  test("no state sent back while the cookie holds one", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const error = await refusal(callback(latch, "op", { params: changed(params, { state: null }), cookies }));
    expectRefusal(error, "InvalidCheck", "The state parameter does not match its cookie.", { providerId: "op", check: "state" });
  });

  test("a state that matches its cookie but does not open", async () => {
    const { params, cookies } = await authorize(latch, "op");
    const cookie = await checkCookie(latch.ctx, "state", latch.provider("op"), "not-a-sealed-state");
    const error = await refusal(callback(latch, "op", { params: changed(params, { state: "not-a-sealed-state" }), cookies: { ...cookies, [cookie.name]: cookie.value } }));
    expectRefusal(error, "InvalidCheck", "The state has expired or does not open.", { providerId: "op", check: "state" });
  });

  for (const [role, name] of [
    ["pkceCodeVerifier", "authjs.pkce.code_verifier"],
    ["nonce", "authjs.nonce"],
  ] as const) {
    test(`the ${role} cookie missing`, async () => {
      const { params, cookies } = await authorize(latch, "op");
      const { [name]: _dropped, ...rest } = cookies;
      const error = await refusal(callback(latch, "op", { params, cookies: rest }));
      expectRefusal(error, "InvalidCheck", `The ${role} cookie is missing.`, { providerId: "op", check: role, err: undefined });
    });
  }

  test("an ID token with another nonce", async () => {
    const error = await refusedAt("op", "id-token-wrong-nonce");
    expectRefusal(error, "InvalidCheck", "The ID token's nonce is not the one sent.", { providerId: "op", check: "nonce", err: true });
  });

  test("an ID token signed with a key the provider does not publish", async () => {
    const error = await refusedAt("op", "id-token-other-key");
    expectRefusal(error, "OAuthCallbackError", "The ID token's signature does not verify.", { providerId: "op", check: "signature", err: true });
  });

  test("a provider written as a plain object: the ID token's signature is not checked, as in Auth.js (the token endpoint's TLS stands in), and Latch says so once, at its first callback", async () => {
    // The same tampered token that `OIDC()` refuses above.
    const { params, cookies } = await authorize(latch, "as-authjs");
    op.tamper("id-token-other-key");
    const result = await signedIn(latch, "as-authjs", { params, cookies });
    expect(result.profile).toMatchObject({ sub: "alice", iss: op.issuer });
    const again = await authorize(latch, "as-authjs");
    await signedIn(latch, "as-authjs", again);
    expect(latch.logs.filter((l) => l.code === "plain-object-oidc").map((l) => [l.level, ...l.args])).toEqual([
      ["warn", "as-authjs: an OIDC provider written as a plain object has its ID token's signature unchecked, as in Auth.js; make it with OIDC({ … }) of @latch/core/providers/oauth to check it."],
    ]);
  });

  test("an HS256 ID token signed with another secret", async () => {
    const error = await refusedAt("line", "id-token-other-key");
    expectRefusal(error, "OAuthCallbackError", "The ID token's signature does not verify.", { providerId: "line", check: "signature", err: true });
  });

  test("an HS256 ID token from a provider that did not declare HS256", async () => {
    const error = await refusedAt("hs-undeclared");
    expectRefusal(error, "OAuthCallbackError", 'The ID token\'s alg "HS256" is not accepted.', { providerId: "hs-undeclared", check: "alg", err: undefined });
  });

  for (const [kind, claim] of [
    ["id-token-wrong-aud", "aud"],
    ["id-token-wrong-iss", "iss"],
    ["id-token-expired", "exp"],
  ] as const) {
    test(`an ID token with a wrong ${claim}: the check names the claim`, async () => {
      op.tamper(kind);
      const { params, cookies } = await authorize(latch, "op");
      const error = await refusal(callback(latch, "op", { params, cookies }));
      expectRefusal(error, "OAuthCallbackError", "The token response did not pass its checks.", { providerId: "op", check: claim, err: true });
    });
  }

  test("a code used twice: the token endpoint's refusal names its error", async () => {
    const { params, cookies } = await authorize(latch, "bare");
    await signedIn(latch, "bare", { params });
    const error = await refusal(callback(latch, "bare", { params, cookies }));
    expectRefusal(error, "OAuthCallbackError", "The token endpoint refused the code (invalid_grant).", { providerId: "bare", err: true });
  });

  test("an account() callback that throws: OAuthCallbackError with the error as cause", async () => {
    const error = await refusedAt("picky");
    expectRefusal(error, "OAuthCallbackError", "The sign-in with the provider failed.", { providerId: "picky", err: true }, "account mapping broke");
  });
});
