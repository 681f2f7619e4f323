import { randomHex, sha256Hex } from "../../crypto/index.js";

/** Default lifetime of a sign-in link, in seconds (PROTOCOL §5). */
export const DEFAULT_MAX_AGE = 86_400;

/**
 * What the adapter stores for a raw token: `sha256hex(token + secret)` (PROTOCOL §5), the format
 * Auth.js writes, so tokens carry over in both directions under the same secret.
 */
export function hashToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`);
}

/** The raw token of a new link: the provider's generator, or 32 random bytes in hex. */
export async function newToken(generate: (() => string | PromiseLike<string>) | undefined): Promise<string> {
  const generated = generate ? await generate() : undefined;
  return typeof generated === "string" && generated ? generated : randomHex(32);
}

/**
 * The secrets a token may be hashed with, newest first: the provider's own `secret` when it sets
 * one, else the configured secrets. New tokens use the first; a link is checked against each, so
 * links sent before a rotation keep working (PROTOCOL §12).
 */
export function tokenSecrets(providerSecret: string | undefined, secrets: readonly string[]): readonly string[] {
  return providerSecret ? [providerSecret] : secrets;
}

/** The link of the email: `<base>/callback/<id>?callbackUrl=<abs>&token=<raw>&email=<identifier>` (PROTOCOL §5). */
export function verificationUrl(callbackEndpoint: string, params: { callbackUrl: string; token: string; email: string }): string {
  const query = new URLSearchParams({ callbackUrl: params.callbackUrl, token: params.token, email: params.email });
  return `${callbackEndpoint}?${query}`;
}
