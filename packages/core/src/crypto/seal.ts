// The session-token seal of the runtime, through `#jwe` (see package-import.ts).
import { digestImplementation } from "./digests.js";
import { importOrPortable } from "./package-import.js";
import { openJwt as openPortable, sealJwt as sealPortable, type OpenOptions } from "./jwe.js";

interface Seal {
  sealJwt: typeof sealPortable;
  openJwt: typeof openPortable;
  /** The open without a promise, where the implementation decrypts synchronously (node:crypto). */
  openJwtNow?: <T = Record<string, unknown>>(options: OpenOptions) => T | undefined;
}

// Named imports, not a namespace object: a bundle then needs no helper module to build one.
const portable: Seal = { sealJwt: sealPortable, openJwt: openPortable };

let chosen: Promise<Seal> | undefined;

/** The implementation `#jwe` resolves to, or the portable one where it resolves to nothing. */
export function sealImplementation(): Promise<Seal> {
  if (!chosen) {
    chosen = importOrPortable(() => import("#jwe"), "#jwe", portable);
    // Once chosen, the exports below are the implementation's own functions: a warm call goes
    // straight to it (an ES module's importers see a reassigned export).
    chosen.then((seal) => ({ sealJwt, openJwt, openJwtNow } = seal), () => {});
    // Either seal derives its keys through `#hash`: load that alongside, not after (a fresh
    // process then waits for one round of module loading instead of two). A failure surfaces
    // where the digests are used.
    digestImplementation().catch(() => {});
  }
  return chosen;
}

/** Encrypts claims as a compact JWE (`dir`, `A256CBC-HS512`) with `iat`, `exp` and a random `jti`. */
export let sealJwt: Seal["sealJwt"] = async (options) => (await sealImplementation()).sealJwt(options);

/** Decrypts and checks a compact JWE made by {@link sealJwt} (or by Auth.js with the same secret). */
export let openJwt: Seal["openJwt"] = async (options) => (await sealImplementation()).openJwt(options);

/**
 * {@link openJwt} returned at once: set once the implementation is chosen and only where it
 * decrypts synchronously (node:crypto); `undefined` otherwise. It gives `undefined` too for a
 * token it cannot open without waiting (its key not derived yet), for the caller to await
 * {@link openJwt}; it throws where {@link openJwt} rejects.
 */
export let openJwtNow: Seal["openJwtNow"];
