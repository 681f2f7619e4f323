// Keyed digests on Web Crypto, in a module of their own: only the features that key one load it.
import { toHex, utf8 } from "./encoding.js";

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * HMAC-SHA-256 of a UTF-8 string under a UTF-8 key, as lowercase hex, on Web Crypto. The imported
 * key is kept per key string (a handful at most: the current secrets), so a warm call signs only.
 */
export async function hmacSha256Hex(key: string, value: string): Promise<string> {
  let imported = hmacKeys.get(key);
  if (!imported) {
    if (hmacKeys.size > 8) hmacKeys.clear();
    hmacKeys.set(key, (imported = crypto.subtle.importKey("raw", utf8(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])));
  }
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", await imported, utf8(value))));
}
