const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(value: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(value);
}

/** Lowercase hexadecimal of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Unpadded base64url of bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
