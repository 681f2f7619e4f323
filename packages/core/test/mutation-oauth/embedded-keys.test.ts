/**
 * An ID token that names its own verification key is refused (ASVS 5.0 V9.1.3): the key comes
 * only from the configured issuer's JWKS, never from the token's `jwk` or `jku` header. The real
 * OpenID Provider never signs such a token, so the answers come from the stand-in of
 * `stand-in-provider.ts` (its first lines say why it stands in), and the attacker's JWKS from a
 * loopback server of this file that counts its visitors. Everything Latch does is real.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OIDC } from "@latch/core/providers/oauth";
import { callback, expectRefusal, latchFor, refusal, signedIn, type Latch } from "./flow.js";
import { startStandIn, type StandIn, type StandInIssuer } from "./stand-in-provider.js";

let standIn: StandIn;
let served: StandInIssuer;
let latch: Latch;
let attacker: { privateKey: CryptoKey; jwk: JWK };
let attackerJwks: Server;
let jku: string;
let jwksVisits = 0;

beforeAll(async () => {
  standIn = await startStandIn();
  served = standIn.serve("op");
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  attacker = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: "stand-in", alg: "RS256", use: "sig" } };
  attackerJwks = createServer((_req, res) => {
    jwksVisits++;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [attacker.jwk] }));
  });
  await new Promise<void>((resolve) => attackerJwks.listen(0, "127.0.0.1", resolve));
  jku = `http://127.0.0.1:${(attackerJwks.address() as AddressInfo).port}/jwks`;
  latch = latchFor([OIDC({ id: "op", name: "op", issuer: served.issuer, wellKnown: served.wellKnown, clientId: "op", clientSecret: "op-secret", checks: [] })]);
});

afterAll(async () => {
  await standIn?.close();
  attackerJwks?.closeAllConnections();
  await new Promise((resolve) => attackerJwks?.close(resolve));
});

/** The token response of a sign-in of `sub`, its ID token signed by the attacker with `header`. */
async function attackerTokens(header: Record<string, unknown>, sub = "victim") {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: served.issuer, sub, aud: "op", iat: now, exp: now + 300, email: "victim@example.com", email_verified: true };
  const idToken = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "stand-in", ...header }).sign(attacker.privateKey);
  return { access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: idToken };
}

describe("an ID token that carries its own key", () => {
  test("signed with the issuer's published key, the same sign-in passes (the control)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const idToken = await standIn.idToken({ iss: served.issuer, sub: "victim", aud: "op", iat: now, exp: now + 300 });
    served.answer = () => ({ body: { access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: idToken } });
    expect((await signedIn(latch, "op", { params: { code: "c" } })).account.providerAccountId).toBe("victim");
  });

  test("a jwk header with the attacker's public key: the signature does not verify", async () => {
    const body = await attackerTokens({ jwk: { kty: attacker.jwk.kty, n: attacker.jwk.n, e: attacker.jwk.e } });
    served.answer = () => ({ body });
    const error = await refusal(callback(latch, "op", { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", "The ID token's signature does not verify.", { providerId: "op", check: "signature", err: true });
  });

  test("a jku header naming the attacker's JWKS: never fetched, the signature does not verify", async () => {
    const body = await attackerTokens({ jku });
    served.answer = () => ({ body });
    const error = await refusal(callback(latch, "op", { params: { code: "c" } }));
    expectRefusal(error, "OAuthCallbackError", "The ID token's signature does not verify.", { providerId: "op", check: "signature", err: true });
    expect(jwksVisits).toBe(0);
  });
});
