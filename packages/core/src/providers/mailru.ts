/**
 * Mail.ru sign-in over OAuth 2.
 *
 * @module providers/mailru
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Mail.ru's `/userinfo` returns it (https://oauth.mail.ru/docs). */
export interface MailRuProfile {
  id: string;
  client_id: string;
  name: string;
  email: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  gender?: "m" | "f";
  birthday?: string;
  locale?: string;
  image?: string;
}

/**
 * Sign in with Mail.ru (VK's mail service). Scope `userinfo`; the profile is `/userinfo`, called with the
 * token as `access_token` in the query.
 *
 * Register `<origin>/auth/callback/mailru` as the redirect URI of your Mail.ru app.
 * `AUTH_MAILRU_ID` and `AUTH_MAILRU_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import MailRu from "@latch/core/providers/mailru"
 *
 * const providers = [MailRu({})]
 * ```
 */
export default function MailRu(options: OAuthUserConfig<MailRuProfile> = {}): OAuth2Config<MailRuProfile> {
  const userinfoUrl = "https://oauth.mail.ru/userinfo";
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
    token: "https://oauth.mail.ru/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // Mail.ru's userinfo takes the token in the query.
        const url = new URL(endpointUrl(provider.userinfo) ?? userinfoUrl);
        url.searchParams.set("access_token", String(tokens.access_token));
        const response = await provider.fetch(url);
        if (!response.ok) throw new Error(`Mail.ru /userinfo answered HTTP ${response.status}`);
        return (await response.json()) as MailRuProfile;
      },
    },
    // Mail.ru's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.name || profile.nickname || null, email: profile.email ?? null, image: profile.image ?? null };
    },
    style: { bg: "#005FF9", text: "#fff" },
    options,
  } satisfies OAuth2Config<MailRuProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns MailRu itself, as `import` gives it.
export { MailRu as "module.exports" };
