// The session-token seal of the runtime, through `#jwe` (see package-import.ts).
import { digestImplementation } from "./digests.js";
import { importOrPortable } from "./package-import.js";
import { openJwt as openPortable, sealJwt as sealPortable } from "./jwe.js";

interface Seal {
  sealJwt: typeof sealPortable;
  openJwt: typeof openPortable;
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
    chosen.then((seal) => ({ sealJwt, openJwt } = seal), () => {});
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
