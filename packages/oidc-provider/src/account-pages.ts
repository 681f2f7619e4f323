/**
 * The provider's part of the app's account pages: a plugin for the app's Latch config that links
 * the sessions page of `SessionControl()` to the remembered grants (`<base>/oauth2/grants`),
 * labelled "Apps with access" in every language of the provider's pages.
 */
import { definePlugin, type Plugin } from "@latch/core/plugins";
import { grantsSegment } from "./grants.js";
import { pluginId } from "./session-bridge.js";
import { providerSentences } from "./sentences.js";

/**
 * The plugin that puts the provider's pages on the app's account pages: the sessions page links to
 * the apps with access to the account (the remembered grants, where the user revokes one). Add it
 * to the `plugins` of the config the app serves Latch with (the one given to `OAuthProvider` as
 * `auth`); it has no endpoint of its own (the provider answers under `<base>/oauth2`).
 *
 * @example
 * ```ts
 * import { OAuthAccountPages, OAuthProvider } from "@latch/oidc-provider"
 * import { SessionControl } from "@latch/core/sessions"
 * const authConfig = { adapter, session: { strategy: "database", control: SessionControl() }, plugins: [OAuthAccountPages()], providers, accessTokens }
 * const oauth = OAuthProvider({ auth: authConfig, issuer: "https://app.example" })
 * ```
 */
export function OAuthAccountPages(): Plugin<typeof pluginId> {
  const label = Object.fromEntries(Object.entries(providerSentences).map(([tag, sentences]) => [tag, sentences.grantsTitle])) as { en: string } & Record<string, string>;
  return definePlugin({ id: pluginId, accountPages: [{ path: grantsSegment, label }] });
}
