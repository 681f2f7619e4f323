/**
 * The private keys of the access-token key ring as JWKs, for a library that signs with JWKs (an
 * OpenID Provider) on the same keys: derived from the secrets, or opened from the adapter's records.
 */
import type { AuthContext } from "../../config/context.js";
import { derivePrivateJwk, type JWK } from "../../crypto/signing.js";
import type { AccessTokenSettings } from "../../types/access-token-options.js";
import { storedPrivateJwks } from "./stored-keys.js";

/** The private JWKs a verifier's keys correspond to at `now`, the signing key first. */
export async function privateKeySet(ctx: Pick<AuthContext, "secrets" | "adapter">, settings: AccessTokenSettings, now: number): Promise<JWK[]> {
  const stored = (settings.keys ?? (ctx.adapter ? "adapter" : "secret")) === "adapter";
  if (stored) return storedPrivateJwks(ctx, settings, now);
  const keys = await Promise.all(ctx.secrets.map((secret) => derivePrivateJwk(secret, settings.algorithm as "EdDSA" | "ES256")));
  return [...new Map(keys.map((key) => [key.kid, key])).values()];
}
