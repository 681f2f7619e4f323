/**
 * Figma sign-in over OAuth 2.
 *
 * @module providers/figma
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Figma's `GET /v1/me` returns it (https://www.figma.com/developers/api#users). */
export interface FigmaProfile {
  id: string;
  handle: string;
  email: string;
  img_url: string;
}

/**
 * Sign in with Figma. Scope `current_user:read`; the profile is `GET /v1/me`.
 *
 * Register `<origin>/auth/callback/figma` as the redirect URI of your Figma app.
 * `AUTH_FIGMA_ID` and `AUTH_FIGMA_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Figma from "@latch/core/providers/figma"
 *
 * const providers = [Figma({})]
 * ```
 */
export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuth2Config<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    profile(profile) {
      return { id: profile.id, name: profile.handle, email: profile.email, image: profile.img_url };
    },
    style: { bg: "#0D0D0D", text: "#fff" },
    options,
  } satisfies OAuth2Config<FigmaProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Figma itself, as `import` gives it.
export { Figma as "module.exports" };
