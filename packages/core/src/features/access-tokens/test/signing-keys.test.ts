/**
 * `accessTokenSigningKeys(config)`: the private JWKs of the key ring that `<base>/jwks` publishes,
 * for a library that signs with JWKs (the OpenID Provider of `@latch/oidc-provider`). What it
 * signs verifies with the published keys, for derived keys (every listed secret) and stored ones;
 * without `AccessTokens()` it is refused.
 */
import { PGlite } from "@electric-sql/pglite";
import { Auth } from "@latch/core";
import { AccessTokens, InvalidAccessTokens, accessTokenSigningKeys } from "@latch/core/access-tokens";
import { PostgresAdapter, migrate } from "@latch/pg";
import { SignJWT, createLocalJWKSet, importJWK, jwtVerify } from "jose";
import { afterAll, describe, expect, test } from "vitest";

const secret = "signing-keys-secret-0123456789abcdefghijklmnop";
const older = "signing-keys-older-secret-0123456789abcdefghijk";

async function published(config: Parameters<typeof Auth>[1]): Promise<{ keys: { kid: string; d?: string }[] }> {
  const response = await Auth(new Request("http://localhost:3000/auth/jwks"), { ...config, trustHost: true });
  return (await response.json()) as { keys: { kid: string; d?: string }[] };
}

async function signsVerifiably(jwk: Record<string, unknown> & { alg: string; kid: string }, jwks: { keys: { kid: string }[] }): Promise<void> {
  const key = await importJWK(jwk as never, jwk.alg);
  const token = await new SignJWT({ sub: "x" }).setProtectedHeader({ alg: jwk.alg, kid: jwk.kid }).sign(key);
  await jwtVerify(token, createLocalJWKSet(jwks as never));
}

describe("accessTokenSigningKeys", () => {
  test("derived keys: one per secret, the first secret's signs, each verifies with /jwks", async () => {
    const config = { secret: [secret, older], providers: [], accessTokens: AccessTokens({ keys: "secret" }) };
    const { keys, signingKid } = await accessTokenSigningKeys(config);
    const jwks = await published(config);
    expect(keys.map((key) => key.kid)).toEqual(jwks.keys.map((key) => key.kid));
    expect(signingKid).toBe(keys[0]!.kid);
    expect(keys.every((key) => typeof key.d === "string" && key.use === "sig" && key.alg === "EdDSA")).toBe(true);
    for (const key of keys) await signsVerifiably(key, jwks);
  });

  describe("stored keys", () => {
    const db = new PGlite();
    afterAll(() => db.close());

    test("the stored signing key, opened with the secret, first; the same kid /jwks publishes", async () => {
      await migrate(db);
      const config = { secret, providers: [], adapter: PostgresAdapter(db), accessTokens: AccessTokens({ algorithm: "ES256" }) };
      const { keys, signingKid } = await accessTokenSigningKeys(config);
      const jwks = await published(config);
      expect(jwks.keys[0]!.kid).toBe(signingKid);
      expect(keys[0]!.kid).toBe(signingKid);
      expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
      await signsVerifiably(keys[0]!, jwks);
    });
  });

  test("a config without AccessTokens() is refused", async () => {
    await expect(accessTokenSigningKeys({ secret })).rejects.toBeInstanceOf(InvalidAccessTokens);
  });
});
