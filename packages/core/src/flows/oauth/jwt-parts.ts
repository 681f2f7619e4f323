import { fromBase64Url } from "../../crypto/index.js";

const decoder = new TextDecoder();

/**
 * The JSON object in part `index` of a compact JWS (0: the protected header, 1: the payload),
 * read WITHOUT verifying anything: only for choosing how to verify the token, never for trusting
 * what it says. `undefined` when the part is missing or is not a JSON object.
 */
export function unverifiedJwtPart(jwt: string, index: 0 | 1): Record<string, unknown> | undefined {
  const part = jwt.split(".")[index];
  if (!part) return undefined;
  try {
    const value: unknown = JSON.parse(decoder.decode(fromBase64Url(part)));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
