// The session-token seal of the runtime, through `#jwe` (see package-import.ts).
import { importOrPortable } from "./package-import.js";
import { openJwt as openPortable, sealJwt as sealPortable, type OpenOptions, type SealOptions } from "./jwe.js";

interface Seal {
  sealJwt: typeof sealPortable;
  openJwt: typeof openPortable;
}

// Named imports, not a namespace object: a bundle then needs no helper module to build one.
const portable: Seal = { sealJwt: sealPortable, openJwt: openPortable };

let chosen: Promise<Seal> | undefined;

/** The implementation `#jwe` resolves to, or the portable one where it resolves to nothing. */
export function sealImplementation(): Promise<Seal> {
  chosen ??= importOrPortable(() => import("#jwe"), "#jwe", portable);
  return chosen;
}

/** Encrypts claims as a compact JWE (`dir`, `A256CBC-HS512`) with `iat`, `exp` and a random `jti`. */
export async function sealJwt(options: SealOptions): Promise<string> {
  return (await sealImplementation()).sealJwt(options);
}

/** Decrypts and checks a compact JWE made by {@link sealJwt} (or by Auth.js with the same secret). */
export async function openJwt<T = Record<string, unknown>>(options: OpenOptions): Promise<T> {
  return (await sealImplementation()).openJwt<T>(options);
}
