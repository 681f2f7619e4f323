const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(value: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(value);
}

// The two hex digits of every byte value, looked up rather than formatted byte by byte.
const hexPairs = Array.from({ length: 256 }, (_, byte) => (byte < 16 ? "0" : "") + byte.toString(16));

/** Lowercase hexadecimal of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += hexPairs[bytes[i]!];
  return out;
}

/** Unpadded base64url of bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes of base64url text (padding optional). Throws on text that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[\w-]*={0,2}$/.test(text)) throw new TypeError("Not base64url.");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
