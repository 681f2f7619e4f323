/**
 * BankID (Norway) sign-in over OpenID Connect.
 *
 * @module providers/bankid-no
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a BankID OIDC ID token and userinfo response (https://developer.bankid.no/bankid-with-biometrics/apis/oidc/). */
export interface BankIDNorwayProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The Norwegian national identity number, with the `nnin` scope. */
  nnin?: string;
  /** The BankID personal identifier. */
  pid?: string;
  bankid_altsub?: string;
  amr?: string[];
}

/** What {@link BankIDNorway} accepts: the usual OAuth options, and the environment. */
export interface BankIDNorwayUserConfig extends OAuthUserConfig<BankIDNorwayProfile> {
  /** Use BankID's test environment (`https://auth.current.bankid.no/auth/realms/current`). */
  test?: boolean;
}

/**
 * Sign in with BankID, Norway's bank identity. The production issuer is
 * `https://auth.bankid.no/auth/realms/prod`; `test: true` uses the test environment. The `profile`
 * scope gives the name; ask for `nnin` (national identity number) only if your agreement allows it.
 *
 * Register `<origin>/auth/callback/bankid-no` as the redirect URI of your BankID (Norway) app.
 * `AUTH_BANKID_NO_ID` and `AUTH_BANKID_NO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_BANKID_NO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import BankIDNorway from "@latch/core/providers/bankid-no"
 *
 * const providers = [BankIDNorway({ test: true })]
 * ```
 */
export default function BankIDNorway(options: BankIDNorwayUserConfig = {}): OIDCConfig<BankIDNorwayProfile> {
  return {
    id: "bankid-no",
    name: "BankID (Norway)",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer ?? (options.test ? "https://auth.current.bankid.no/auth/realms/current" : "https://auth.bankid.no/auth/realms/prod"),
    authorization: { params: { scope: "openid profile" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#39134C", text: "#fff" },
    options,
  } satisfies OIDCConfig<BankIDNorwayProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns BankIDNorway itself, as `import` gives it.
export { BankIDNorway as "module.exports" };
