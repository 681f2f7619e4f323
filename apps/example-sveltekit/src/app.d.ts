// `locals.auth()` and `PageData.session` are declared by @latch/sveltekit.
import "@latch/sveltekit";
import type { VerifiedAccessToken } from "@latch/oidc-provider/resource";

declare global {
  namespace App {
    interface Locals {
      /** Under `/api`: the access token the hook verified (`src/hooks.server.ts`). */
      accessToken?: VerifiedAccessToken;
    }
  }
}

export {};
