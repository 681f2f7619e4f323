import type { InternalOAuthProvider } from "../../config/providers.js";
import type { Flow, FlowInput } from "../types.js";
import { beginOAuth } from "./authorization-url.js";
import { completeOAuth } from "./callback.js";

/** The ids of the plain-object OIDC providers this process has warned about. */
const warned = new Set<string>();

/** Says once per provider, at its first callback, what its flow leaves out and how to get it. */
function warnOnce({ ctx, provider }: FlowInput<InternalOAuthProvider>): void {
  if (provider.type !== "oidc" || warned.has(provider.id)) return;
  warned.add(provider.id);
  ctx.logger.warn("plain-object-oidc", `${provider.id}: an OIDC provider written as a plain object has its ID token's signature unchecked, as in Auth.js; make it with OIDC({ … }) of @latch/core/providers/oauth to check it.`);
}

/**
 * The OAuth 2 and OpenID Connect flow of a provider written as a plain object (`{ type: "oidc",
 * … }`), which does what Auth.js does: every check of the factories' flow (`./index.ts`) but the
 * ID token's signature, which OpenID Connect Core 1.0 section 3.1.3.7 step 6 lets the client take
 * from the TLS connection to the token endpoint, and without Sign in with Apple's posted user or
 * `{tenantid}` issuer templates (its issuer is matched exactly).
 * `OIDC({ … })` of `@latch/core/providers/oauth` gives such a provider the whole flow. Its first
 * callback logs the warning `plain-object-oidc` once.
 */
export const plainOAuthFlow: Flow = {
  begin: (input) => beginOAuth(input, null),
  complete: (input) => {
    warnOnce(input);
    return completeOAuth(input);
  },
  callbackNeedsCsrf: false,
};
