/**
 * The keys of access tokens: the one that signs now, and every public key a verifier should
 * accept. Derived from the secret list, or stored through the adapter (stored-keys.ts).
 */
import type { AuthContext } from "../../config/context.js";
import { deriveSigningKey, type KeyRing } from "../../crypto/signing.js";
import type { AccessTokenSettings } from "../../types/access-token-options.js";
import { storedKeyRing } from "./stored-keys.js";

/**
 * Keys derived from the secrets: the first secret's key signs; every secret's key is published,
 * so tokens signed before `AUTH_SECRET` was rotated verify while the old secret is still listed.
 */
async function derivedKeyRing(secrets: readonly string[], algorithm: "EdDSA" | "ES256"): Promise<KeyRing> {
  const keys = await Promise.all(secrets.map((secret) => deriveSigningKey(secret, algorithm)));
  const published = new Map(keys.map((key) => [key.kid, key.publicJwk]));
  return { signing: keys[0]!, published: [...published.values()] };
}

/** The key ring of the configured settings at `now` (milliseconds). */
export function keyRing(ctx: Pick<AuthContext, "secrets" | "adapter">, settings: AccessTokenSettings, now: number): Promise<KeyRing> {
  const stored = (settings.keys ?? (ctx.adapter ? "adapter" : "secret")) === "adapter";
  // The configuration check refused RS256 with derived keys.
  return stored ? storedKeyRing(ctx, settings, now) : derivedKeyRing(ctx.secrets, settings.algorithm as "EdDSA" | "ES256");
}
