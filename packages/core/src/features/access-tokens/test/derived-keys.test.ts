/**
 * `AccessTokens()` with keys derived from the secret (no adapter, JWT sessions): Latch served over
 * HTTP, its tokens verified by a resource server in a separate Node process that knows only the
 * JWKS address (jose's `createRemoteJWKSet`); the refusals of `GET token`; `AUTH_SECRET` rotation.
 */
import { AccessTokens } from "@latch/core/access-tokens";
import { PostgresAdapter } from "@latch/pg";
import { decodeProtectedHeader } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alice, baseConfig, quietLogger, secret } from "../../../../test/client.js";
import { Jar, serveLatch, signIn, startResourceServer, type LatchServer, type ResourceServer } from "./harness.js";

const newSecret = "a-new-secret-9876543210-zyxwvutsrqponmlkjihgfedcba";

describe("access tokens with keys derived from the secret", { timeout: 60_000 }, () => {
  let latch: LatchServer;
  let resource: ResourceServer;
  const option = AccessTokens({ claims: ({ userId }) => ({ role: userId === alice.id ? "admin" : "user", sub: "forged", iss: "forged" }) });

  beforeAll(async () => {
    latch = await serveLatch(baseConfig({ accessTokens: option }));
    resource = await startResourceServer({ JWKS_URL: `${latch.origin}/auth/jwks`, ISSUER: `${latch.origin}/auth`, AUDIENCE: latch.origin, JWKS_CACHE_MS: "0" });
  });
  afterAll(async () => {
    await resource?.close();
    await latch?.close();
  });

  async function tokenOf(jar: Jar, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${latch.origin}/auth/token`, { headers: { cookie: jar.header(), ...headers } });
  }

  test("a signed-in user's token verifies at the resource server, with the registered claims and the app's", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const response = await tokenOf(jar);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const { token, expires } = (await response.json()) as { token: string; expires: string };
    const verified = await resource.verify(token);
    expect(verified.status).toBe(200);
    const { payload, header } = verified.body;
    expect(header).toMatchObject({ alg: "EdDSA", typ: "JWT" });
    // The app's claims are added; the registered ones stay Latch's.
    expect(payload).toMatchObject({ iss: `${latch.origin}/auth`, sub: alice.id, aud: latch.origin, role: "admin" });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(900);
    expect(new Date(expires).valueOf()).toBe((payload!.exp as number) * 1000);
    expect(payload!.jti).toMatch(/^[0-9a-f-]{36}$/);
    const again = (await (await tokenOf(jar)).json()) as { token: string };
    expect((await resource.verify(again.token)).body.payload!.jti).not.toBe(payload!.jti);
  });

  test("the JWKS is public and holds the public key only", async () => {
    const response = await fetch(`${latch.origin}/auth/jwks`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(keys[0]).not.toHaveProperty("d");
  });

  test("a signed-out caller is refused with JSON 401 NotSignedIn", async () => {
    const response = await fetch(`${latch.origin}/auth/token`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "NotSignedIn", message: expect.any(String) });
  });

  test("a token that is not Latch's, or that was changed, is refused by the resource server", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const { token } = (await (await tokenOf(jar)).json()) as { token: string };
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "someone-else" })).toString("base64url");
    expect((await resource.verify(`${header}.${forged}.${signature}`)).body.error).toBe("ERR_JWS_SIGNATURE_VERIFICATION_FAILED");
  });

  test("another site's page gets no token with the user's cookie: Origin or Sec-Fetch-Site elsewhere is 403", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const elsewhere: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of elsewhere) {
      const response = await tokenOf(jar, headers);
      expect(response.status).toBe(403);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ error: "CrossSiteTokenRequest" });
      expect(body).not.toMatch(/eyJ/);
    }
    // The site's own page (a same-origin fetch) and a client that is not a browser get one.
    expect((await tokenOf(jar, { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await tokenOf(jar, { origin: latch.origin })).status).toBe(200);
  });

  test("rotating AUTH_SECRET: tokens of the old secret verify while it is listed, and no longer once it is gone", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const old = (await (await tokenOf(jar)).json()) as { token: string };
    const rotated = { secret: [newSecret, secret], accessTokens: option };
    try {
      latch.config = baseConfig(rotated);
      const fresh = (await (await tokenOf(jar)).json()) as { token: string };
      expect(decodeProtectedHeader(fresh.token).kid).not.toBe(decodeProtectedHeader(old.token).kid);
      expect((await resource.verify(old.token)).status).toBe(200);
      expect((await resource.verify(fresh.token)).status).toBe(200);
      latch.config = baseConfig({ secret: newSecret, accessTokens: option });
      expect((await resource.verify(old.token)).body.error).toBe("ERR_JWKS_NO_MATCHING_KEY");
      expect((await resource.verify(fresh.token)).status).toBe(200);
    } finally {
      latch.config = baseConfig({ accessTokens: option });
    }
  });

  test("two instances with the same secret sign with the same key", async () => {
    const other = await serveLatch(baseConfig({ accessTokens: AccessTokens() }));
    try {
      const [a, b] = await Promise.all([latch.origin, other.origin].map(async (origin) => ((await (await fetch(`${origin}/auth/jwks`)).json()) as { keys: { kid: string }[] }).keys));
      expect(a).toEqual(b);
    } finally {
      await other.close();
    }
  });

  test("ES256 keys derive too, and their tokens verify", async () => {
    const es = await serveLatch(baseConfig({ accessTokens: AccessTokens({ algorithm: "ES256", audience: "https://api.example" }) }));
    const verifier = await startResourceServer({ JWKS_URL: `${es.origin}/auth/jwks`, ISSUER: `${es.origin}/auth`, AUDIENCE: "https://api.example" });
    try {
      const jar = new Jar();
      await signIn(es.origin, jar);
      const { token } = (await (await fetch(`${es.origin}/auth/token`, { headers: { cookie: jar.header() } })).json()) as { token: string };
      const verified = await verifier.verify(token);
      expect(verified.status).toBe(200);
      expect(verified.body.header).toMatchObject({ alg: "ES256" });
    } finally {
      await verifier.close();
      await es.close();
    }
  });
});

describe("access-token configuration", () => {
  async function answer(config: Parameters<typeof baseConfig>[0]): Promise<{ status: number; body: string; logs: ReturnType<typeof quietLogger>["logs"] }> {
    const { logs, logger } = quietLogger();
    const server = await serveLatch(baseConfig({ ...config, logger }));
    try {
      const response = await fetch(`${server.origin}/auth/jwks`);
      return { status: response.status, body: await response.text(), logs };
    } finally {
      await server.close();
    }
  }

  test("off: token and jwks are not served", async () => {
    const server = await serveLatch(baseConfig());
    try {
      for (const path of ["token", "jwks"]) {
        const response = await fetch(`${server.origin}/auth/${path}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: "UnknownAction", message: `Cannot parse the action at /auth/${path} (an opt-in feature's endpoints answer only while it is configured).` });
      }
    } finally {
      await server.close();
    }
  });

  test("RS256 keys are never derived from the secret: refused at start", async () => {
    const { status, body } = await answer({ accessTokens: AccessTokens({ algorithm: "RS256" }) });
    expect(status).toBe(500);
    expect(body).toContain("InvalidAccessTokens");
    expect(body).toContain("RS256");
  });

  test("a grace period shorter than the token lifetime is refused at start", async () => {
    const { status, body } = await answer({ accessTokens: AccessTokens({ lifetime: 3600, rotation: { grace: 60 } }) });
    expect(status).toBe(500);
    expect(body).toContain("rotation.grace");
  });

  test("an adapter without the signing-key methods is refused at start, unless the keys come from the secret", async () => {
    // The refusal comes at start, before any query: a pool that never connects is enough (and,
    // unlike an embedded engine, costs nothing to start on a loaded machine).
    const db = new pg.Pool({ connectionString: "postgres://127.0.0.1:5432/test" });
    try {
      const { listSigningKeys: _list, createSigningKey: _create, ...lacking } = PostgresAdapter(db);
      const refused = await answer({ adapter: lacking, session: { strategy: "jwt" }, accessTokens: AccessTokens() });
      expect(refused.status).toBe(500);
      expect(refused.body).toContain("MissingAdapterMethods");
      expect(refused.body).toContain('keys: \\"secret\\"');
      const derived = await answer({ adapter: lacking, session: { strategy: "jwt" }, accessTokens: AccessTokens({ keys: "secret" }) });
      expect(derived.status).toBe(200);
    } finally {
      await db.end();
    }
  });
});
