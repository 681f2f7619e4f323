// Shared by the provider modules; internal: package.json maps ./providers/internal/* to null.
import { loadOAuthFlow } from "../../flows/lazy.js";
import { providerFlow } from "../../symbols.js";
import type { OAuthUserConfig, OIDCConfig } from "../types.js";
import { userFromStandardClaims, type StandardClaims } from "./oidc-user.js";

/** What sets one OpenID Connect preset apart: its id, name and colours, and any field it sets otherwise. */
export type OidcPresetFields<Profile> = Pick<OIDCConfig<Profile>, "id" | "name" | "style"> & Partial<Omit<OIDCConfig<Profile>, "type" | "options">>;

/**
 * An OpenID Connect preset: the issuer the app passes, scopes `openid profile email`, the user read
 * from the standard claims, and the OAuth flow loaded on first use; `fields` name the preset and
 * replace any of these defaults. The app's `options` are kept for the configuration to apply last.
 */
export function oidcPreset<Profile extends StandardClaims>(options: OAuthUserConfig<Profile>, fields: OidcPresetFields<Profile>): OIDCConfig<Profile> {
  const { id, name, ...rest } = fields;
  // id and name first: the keys keep the order a preset written by hand has.
  return {
    id,
    name,
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: { params: { scope: "openid profile email" } },
    profile: userFromStandardClaims,
    ...rest,
    options,
  };
}
