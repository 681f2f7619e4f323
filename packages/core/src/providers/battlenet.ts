/**
 * Battle.net sign-in over OpenID Connect.
 *
 * @module providers/battlenet
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Battle.net ID token (https://develop.battle.net/documentation/guides/using-oauthauthorization-code-flow). */
export interface BattleNetProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The BattleTag, e.g. `Ann#1234`. */
  battle_tag?: string;
}

/** The Battle.net regions, each with its own issuer. */
export type BattleNetRegion = "us" | "eu" | "kr" | "tw" | "cn";

/** What {@link BattleNet} accepts: the usual OAuth options, and a region. */
export interface BattleNetUserConfig extends OAuthUserConfig<BattleNetProfile> {
  /** The region of the issuer: `https://oauth.battle.net` (global) unless one is named; `cn` is `https://oauth.battlenet.com.cn`. */
  region?: BattleNetRegion;
}

/**
 * Sign in with Battle.net (Blizzard). The issuer is global unless `region` names one. Battle.net
 * gives the account id and BattleTag, never an email address.
 *
 * Register `<origin>/auth/callback/battlenet` as the redirect URI of your Battle.net app.
 * `AUTH_BATTLENET_ID` and `AUTH_BATTLENET_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_BATTLENET_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import BattleNet from "@latch/core/providers/battlenet"
 *
 * const providers = [BattleNet({ region: "eu" })]
 * ```
 */
export default function BattleNet(options: BattleNetUserConfig = {}): OIDCConfig<BattleNetProfile> {
  const regional = options.region === "cn" ? "https://oauth.battlenet.com.cn" : options.region ? `https://${options.region}.battle.net/oauth` : "https://oauth.battle.net";
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer ?? regional,
    authorization: { params: { scope: "openid" } },
    profile(profile) {
      return { id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null };
    },
    style: { bg: "#148EFF", text: "#fff" },
    options,
  } satisfies OIDCConfig<BattleNetProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns BattleNet itself, as `import` gives it.
export { BattleNet as "module.exports" };
