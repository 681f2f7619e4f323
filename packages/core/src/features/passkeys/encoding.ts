// Credential ids travel as base64url (the browser's `id`) and are stored as standard base64
// (the adapter contract); public keys are stored as standard base64 too.

/** Standard base64 (padded) of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of a standard base64 or base64url string. Throws on anything else. */
export function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(toStandard(value));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toStandard(value: string): string {
  const standard = value.replace(/-/g, "+").replace(/_/g, "/");
  return standard + "=".repeat((4 - (standard.length % 4)) % 4);
}

/** A base64url credential id as stored: standard base64. Throws when `id` is not base64url. */
export function storedCredentialId(id: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error("the credential id is not base64url");
  return bytesToBase64(base64ToBytes(id));
}

/** A stored (standard base64) credential id as the browser names it: unpadded base64url. */
export function browserCredentialId(stored: string): string {
  return stored.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Transport flags as stored: joined by commas, or `null` when the browser reported none. */
export function transportsToString(transports: readonly string[] | undefined): string | null {
  return transports && transports.length ? transports.join(",") : null;
}

/** Stored transport flags back as a list. */
export function stringToTransports<T extends string>(value: string | null | undefined): T[] | undefined {
  return value ? (value.split(",").filter(Boolean) as T[]) : undefined;
}
