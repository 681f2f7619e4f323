// The two implementations behind core's `#jwe`, under the names the runner maps them to
// (package.json "imports" of @latch/core: its `node` target and its `default` target).
declare module "latch-seal/node" {
  import type { Seal } from "./checks.js";
  export const sealJwt: Seal["sealJwt"];
  export const openJwt: Seal["openJwt"];
}
declare module "latch-seal/portable" {
  import type { Seal } from "./checks.js";
  export const sealJwt: Seal["sealJwt"];
  export const openJwt: Seal["openJwt"];
}
