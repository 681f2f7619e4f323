/**
 * OpenID Connect Core 1.0 section 3.1.3.7 step 6 for the flow of factory-made providers
 * (`OIDC({ … })` and the presets): the ID token's signature. A provider written as a plain object
 * gets the flow without it, as in Auth.js: its ID token comes straight from the token endpoint over
 * TLS, which step 6 allows in place of the signature.
 */
import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { requestOptions } from "./http.js";
import { OAuthCallbackError } from "../../errors.js";
// Straight from its module, not the crypto barrel: jose comes with this check only.
import { isHmacAlgorithm, verifyHmacJws } from "../../crypto/jws.js";

// The keys of each JWKS URL (one for all tenants of a `{tenantid}` issuer), kept by oauth4webapi
// between calls (it refetches on an unknown `kid`).
const jwksCaches = new Map<string, o.JWKSCacheInput>();

function jwksCacheOf(url: string): o.JWKSCacheInput {
  let cache = jwksCaches.get(url);
  if (!cache) {
    cache = {};
    if (jwksCaches.size > 100) jwksCaches.clear();
    jwksCaches.set(url, cache);
  }
  return cache;
}

/**
 * Checks the ID token's signature, once the code exchange accepted its `alg`
 * (`acceptedIdTokenAlg`). An HMAC one (`HS*`) is verified with the octets of the client secret as
 * the key (section 10.1); every other algorithm with the issuer's JWKS (`expected`'s `jwks_uri`).
 */
export async function checkIdTokenSignature(provider: InternalOAuthProvider, expected: o.AuthorizationServer, response: Response, idToken: string, alg: string): Promise<void> {
  try {
    if (!isHmacAlgorithm(alg)) {
      return await o.validateApplicationLevelSignature(expected, response, { ...requestOptions(provider, expected.jwks_uri), [o.jwksCache]: jwksCacheOf(String(expected.jwks_uri)) });
    }
    if (!provider.clientSecret) throw new Error("an HMAC-signed ID token needs the client secret");
    await verifyHmacJws({ jws: idToken, alg, secret: provider.clientSecret });
  } catch (error) {
    throw new OAuthCallbackError("The ID token's signature does not verify.", { cause: { providerId: provider.id, check: "signature", err: error as Error } });
  }
}
