import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBrowser } from "./browser.js";
import { startOpenIDProvider, type OpenIDClient, type OpenIDProvider } from "./openid-provider.js";
import { attackerIssuer } from "./openid-provider-tamper.js";
import { freePort } from "./example-app.js";

const callback = "http://127.0.0.1:1/callback";
const confidential: OpenIDClient = { client_id: "confidential", client_secret: "confidential-secret", redirect_uris: [callback] };
const postClient: OpenIDClient = {
  client_id: "post",
  client_secret: "post-secret",
  redirect_uris: [callback],
  token_endpoint_auth_method: "client_secret_post",
};
const publicClient: OpenIDClient = { client_id: "public", redirect_uris: [callback], token_endpoint_auth_method: "none" };
const hmacClient: OpenIDClient = {
  client_id: "hmac",
  client_secret: "hmac-client-secret-0123456789abcdef",
  redirect_uris: [callback],
  id_token_signed_response_alg: "HS256",
};

const alice = { sub: "alice", email: "alice@example.com", email_verified: true, name: "Alice", picture: "https://example.com/a.png" };
const bob = { sub: "bob", email: "bob@example.com", email_verified: false, name: "Bob", groups: ["admins"] };

let op: OpenIDProvider;
const consoleCalls = (["log", "info", "warn", "error"] as const).map((method) => vi.spyOn(console, method));

beforeAll(async () => {
  op = await startOpenIDProvider({ clients: [confidential, postClient, publicClient, hmacClient], accounts: [alice, bob] });
});
afterAll(() => op.close());

interface Authorization {
  params: URLSearchParams;
  urls: string[];
  nonce: string;
  verifier: string;
}

function authorizationUrl(client: OpenIDClient, verifier: string, nonce: string, extra: Record<string, string> = {}): URL {
  const url = new URL(op.endpoints.authorization);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: callback,
    response_type: "code",
    scope: "openid email profile",
    state: "the-state",
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  }).toString();
  return url;
}

/** Runs the front channel of the code flow in a browser (a fresh one by default) and returns the redirect_uri parameters. */
async function authorize(client: OpenIDClient, extra: Record<string, string> = {}, browser = createBrowser()): Promise<Authorization> {
  const verifier = randomBytes(32).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const url = authorizationUrl(client, verifier, nonce, extra);
  const { url: final, urls } = await browser.follow(url, undefined, { stopAt: (u) => u.href.startsWith(callback) });
  expect(final.href.startsWith(callback)).toBe(true);
  return { params: final.searchParams, nonce, verifier, urls };
}

/** Exchanges a code at the token endpoint the way `client` authenticates. */
function exchange(client: OpenIDClient, code: string, verifier: string): Promise<Response> {
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: callback, code_verifier: verifier });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (client.token_endpoint_auth_method === "client_secret_post") {
    body.set("client_id", client.client_id);
    body.set("client_secret", client.client_secret ?? "");
  } else if (client.token_endpoint_auth_method === "none") {
    body.set("client_id", client.client_id);
  } else {
    headers.authorization = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`;
  }
  return fetch(op.endpoints.token, { method: "POST", headers, body });
}

async function signIn(client: OpenIDClient = confidential, extra: Record<string, string> = {}) {
  const auth = await authorize(client, extra);
  const response = await exchange(client, auth.params.get("code") ?? "", auth.verifier);
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as { id_token: string; access_token: string; refresh_token?: string };
  return { ...auth, tokens };
}

function verify(idToken: string, clientId = confidential.client_id) {
  return jwtVerify(idToken, createRemoteJWKSet(new URL(op.endpoints.jwks)), { issuer: op.issuer, audience: clientId });
}

describe("startOpenIDProvider", () => {
  it("publishes discovery with PKCE S256, RFC 9207 iss and its JWKS", async () => {
    const discovery = (await (await fetch(op.endpoints.discovery)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(op.issuer);
    expect(op.issuer).toBe(`http://127.0.0.1:${op.port}`);
    expect(discovery.authorization_endpoint).toBe(op.endpoints.authorization);
    expect(discovery.token_endpoint).toBe(op.endpoints.token);
    expect(discovery.userinfo_endpoint).toBe(op.endpoints.userinfo);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    const jwks = (await (await fetch(op.endpoints.jwks)).json()) as { keys: { kid: string; d?: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual(op.jwks.keys.map((k) => k.kid));
    expect(jwks.keys[0]?.d).toBeUndefined();
  });

  it("signs the configured account in without a human and issues verifiable tokens", async () => {
    const { params, nonce, tokens, urls } = await signIn();
    expect(urls.filter((u) => new URL(u).pathname.startsWith("/interaction/"))).toHaveLength(2); // login, consent
    expect(params.get("state")).toBe("the-state");
    expect(params.get("iss")).toBe(op.issuer);
    const { payload } = await verify(tokens.id_token);
    expect(payload).toMatchObject({ sub: "alice", nonce, email: "alice@example.com", email_verified: true, name: "Alice" });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const userinfo = await fetch(op.endpoints.userinfo, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: "alice", email: "alice@example.com", picture: "https://example.com/a.png" });
  });

  it("refuses a replayed authorization code", async () => {
    const { params, verifier } = await authorize(confidential);
    const code = params.get("code") ?? "";
    const first = await exchange(confidential, code, verifier);
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    const userinfo = () => fetch(op.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
    expect((await userinfo()).status).toBe(200);
    const replay = await exchange(confidential, code, verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    // The replay also revokes what the code had obtained (RFC 6749 section 4.1.2).
    expect((await userinfo()).status).toBe(401);
  });

  it("refuses a wrong PKCE verifier", async () => {
    const { params } = await authorize(confidential);
    const response = await exchange(confidential, params.get("code") ?? "", randomBytes(32).toString("base64url"));
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("authenticates client_secret_post and public PKCE clients", async () => {
    expect((await verify((await signIn(postClient)).tokens.id_token, "post")).payload.sub).toBe("alice");
    expect((await verify((await signIn(publicClient)).tokens.id_token, "public")).payload.sub).toBe("alice");
  });

  it("requires PKCE from public clients", async () => {
    const { params } = await authorize(publicClient, { code_challenge: "", code_challenge_method: "" });
    expect(params.get("error")).toBe("invalid_request");
    expect(params.get("code")).toBeNull();
  });

  it("signs in the account named by login_hint or signInAs, and denies with signInAs(null)", async () => {
    const hinted = await signIn(confidential, { login_hint: "bob@example.com" });
    expect(decodeJwt(hinted.tokens.id_token)).toMatchObject({ sub: "bob", email_verified: false, groups: ["admins"] });
    op.signInAs("bob");
    try {
      expect(decodeJwt((await signIn()).tokens.id_token).sub).toBe("bob");
      op.signInAs(null);
      const denied = await authorize(confidential);
      expect(denied.params.get("error")).toBe("access_denied");
    } finally {
      op.signInAs("alice");
    }
  });

  it("signs in again on every request by default, in the same browser", async () => {
    const browser = createBrowser();
    const first = await authorize(confidential, {}, browser);
    expect(browser.cookies(op.issuer).map((c) => c.name)).toContain("_session");
    op.signInAs("bob");
    try {
      const second = await authorize(confidential, {}, browser);
      const response = await exchange(confidential, second.params.get("code") ?? "", second.verifier);
      expect(decodeJwt(((await response.json()) as { id_token: string }).id_token).sub).toBe("bob");
      expect(first.params.get("code")).not.toBe(second.params.get("code"));
    } finally {
      op.signInAs("alice");
    }
  });

  it("registers clients at run time", async () => {
    await op.setClient({ client_id: "late", client_secret: "late-secret", redirect_uris: [callback] });
    expect((await verify((await signIn(op.clients.find((c) => c.client_id === "late"))).tokens.id_token, "late")).payload.sub).toBe("alice");
    await expect(op.setClient({ client_id: "bad", redirect_uris: ["not a url"] })).rejects.toThrow();
    op.removeClient("late");
    const response = await fetch(authorizationUrl({ ...confidential, client_id: "late" }, "v".repeat(43), "n"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("invalid_client");
  });
});

describe("tampering", () => {
  const jwks = () => createRemoteJWKSet(new URL(op.endpoints.jwks));

  it("signs the next ID token with a key outside the JWKS, once", async () => {
    op.tamper("id-token-other-key");
    const { tokens } = await signIn();
    expect(decodeProtectedHeader(tokens.id_token).kid).toBe(op.jwks.keys[0]?.kid);
    await expect(verify(tokens.id_token)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    await expect(verify((await signIn()).tokens.id_token)).resolves.toBeDefined();
  });

  it("MACs an HS256 client's ID token with its secret, and with another secret when tampered", async () => {
    const key = new TextEncoder().encode(hmacClient.client_secret);
    const options = { issuer: op.issuer, audience: hmacClient.client_id, algorithms: ["HS256"] };
    const { tokens } = await signIn(hmacClient);
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe("HS256");
    await expect(jwtVerify(tokens.id_token, key, options)).resolves.toBeDefined();
    op.tamper("id-token-other-key");
    const tampered = (await signIn(hmacClient)).tokens.id_token;
    expect(decodeProtectedHeader(tampered).alg).toBe("HS256");
    await expect(jwtVerify(tampered, key, options)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it("sends an unsecured ID token with alg none", async () => {
    op.tamper("id-token-alg-none");
    const { tokens } = await signIn();
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe("none");
    expect(tokens.id_token.endsWith(".")).toBe(true);
    expect(decodeJwt(tokens.id_token).sub).toBe("alice");
    await expect(verify(tokens.id_token)).rejects.toThrow();
  });

  it.each([
    ["id-token-wrong-aud", "aud"],
    ["id-token-wrong-iss", "iss"],
  ] as const)("%s keeps a valid signature but fails the %s check", async (kind, claim) => {
    op.tamper(kind);
    const { tokens } = await signIn();
    await expect(jwtVerify(tokens.id_token, jwks())).resolves.toBeDefined();
    await expect(verify(tokens.id_token)).rejects.toMatchObject({ code: "ERR_JWT_CLAIM_VALIDATION_FAILED", claim });
  });

  it("sends an expired ID token", async () => {
    op.tamper("id-token-expired");
    const { tokens } = await signIn();
    await expect(verify(tokens.id_token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it("sends an ID token with another nonce", async () => {
    op.tamper("id-token-wrong-nonce");
    const { tokens, nonce } = await signIn();
    const { payload } = await verify(tokens.id_token);
    expect(payload.nonce).toEqual(expect.any(String));
    expect(payload.nonce).not.toBe(nonce);
  });

  it("answers an authorization request with another issuer's iss (mix-up), or none", async () => {
    op.tamper("authorization-response-wrong-iss");
    expect((await authorize(confidential)).params.get("iss")).toBe(attackerIssuer);
    op.tamper("authorization-response-no-iss");
    const { params } = await authorize(confidential);
    expect(params.get("iss")).toBeNull();
    expect(params.get("code")).toEqual(expect.any(String));
    expect((await authorize(confidential)).params.get("iss")).toBe(op.issuer);
  });

  it("denies access once, and tampers every response with always until cleared", async () => {
    op.tamper("access-denied");
    expect((await authorize(confidential)).params.get("error")).toBe("access_denied");
    op.tamper("id-token-wrong-nonce", { always: true });
    for (let i = 0; i < 2; i++) {
      const { tokens, nonce } = await signIn();
      expect(decodeJwt(tokens.id_token).nonce).not.toBe(nonce);
    }
    op.clearTampering();
    const { tokens, nonce } = await signIn();
    expect(decodeJwt(tokens.id_token).nonce).toBe(nonce);
  });
});

describe("fixed port and issuer", () => {
  it("listens where it is told and announces the given issuer", async () => {
    const port = await freePort();
    const fixed = await startOpenIDProvider({ issuer: `http://localhost:${port}`, clients: [confidential] });
    try {
      expect(fixed.port).toBe(port);
      const discovery = (await (await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).json()) as { issuer: string };
      expect(discovery.issuer).toBe(`http://localhost:${port}`);
    } finally {
      await fixed.close();
    }
  });

  it("rejects invalid client metadata", async () => {
    await expect(startOpenIDProvider({ clients: [{ client_id: "no-secret", redirect_uris: [callback] }] })).rejects.toThrow(/client_secret/);
  });

  it("serves an issuer with a path under that path", async () => {
    const mounted = await startOpenIDProvider({ issuer: "http://127.0.0.1:0/tenant/v2.0", port: 0 });
    try {
      const base = `http://127.0.0.1:${mounted.port}/tenant/v2.0`;
      const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      expect(discovery.issuer).toBe("http://127.0.0.1:0/tenant/v2.0");
      expect(discovery.authorization_endpoint).toBe(`${base}/auth`);
      expect(discovery.jwks_uri).toBe(`${base}/jwks`);
    } finally {
      await mounted.close();
    }
  });

  it("reuses the provider session with sso: true", async () => {
    const sso = await startOpenIDProvider({ sso: true, clients: [confidential] });
    try {
      const browser = createBrowser();
      const url = () => {
        const u = new URL(sso.endpoints.authorization);
        u.search = new URLSearchParams({ client_id: "confidential", redirect_uri: callback, response_type: "code", scope: "openid" }).toString();
        return u;
      };
      const stopAt = (u: URL) => u.href.startsWith(callback);
      expect((await browser.follow(url(), undefined, { stopAt })).urls).toHaveLength(6); // auth, login, resume, consent, resume, callback
      const again = await browser.follow(url(), undefined, { stopAt });
      expect(again.urls).toHaveLength(2);
      expect(again.url.searchParams.get("code")).toEqual(expect.any(String));
    } finally {
      await sso.close();
    }
  });

  it("printed nothing to the console", () => {
    for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();
  });
});

