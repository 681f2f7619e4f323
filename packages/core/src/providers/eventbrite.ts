/**
 * Eventbrite sign-in over OAuth 2.
 *
 * @module providers/eventbrite
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Eventbrite's `GET /v3/users/me/` returns it (https://www.eventbrite.com/platform/api#/reference/user). */
export interface EventbriteProfile {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  is_public: boolean;
  image_id: string | null;
  emails: Array<{ email: string; verified: boolean; primary: boolean }>;
}

/**
 * Sign in with Eventbrite. The profile is `GET /v3/users/me/`; the address is the primary one of `emails`.
 *
 * Register `<origin>/auth/callback/eventbrite` as the redirect URI of your Eventbrite app.
 * `AUTH_EVENTBRITE_ID` and `AUTH_EVENTBRITE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Eventbrite from "@latch/core/providers/eventbrite"
 *
 * const providers = [Eventbrite({})]
 * ```
 */
export default function Eventbrite(options: OAuthUserConfig<EventbriteProfile> = {}): OAuth2Config<EventbriteProfile> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://www.eventbrite.com/oauth/authorize",
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Eventbrite's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      const email = profile.emails?.find((e) => e.primary) ?? profile.emails?.[0];
      return { id: profile.id, name: profile.name || null, email: email?.email ?? null, image: null };
    },
    style: { bg: "#F05537", text: "#fff" },
    options,
  } satisfies OAuth2Config<EventbriteProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Eventbrite itself, as `import` gives it.
export { Eventbrite as "module.exports" };
