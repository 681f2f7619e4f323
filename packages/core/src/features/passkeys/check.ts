import { requiredAdapterMethods, type AdapterMethod } from "../../adapter.js";
import { type AuthError, DuplicateConditionalUI, ExperimentalFeatureNotEnabled, MissingAdapter, MissingWebAuthnAutocomplete } from "../../errors.js";
import type { ProviderCheckInput } from "../../config/provider-check.js";
import { signedOutPasskeysAllowed } from "../../config/adapter-guard.js";
import type { WebAuthnConfig } from "../../types/providers.js";

/** Conditional UI fills one field of the page: one provider may ask for it, through a field the browser offers passkeys in. */
function checkConditionalUI(provider: WebAuthnConfig, earlier: readonly { type: string }[]): AuthError | null {
  if (!provider.enableConditionalUI) return null;
  const previous = earlier.find((p): p is WebAuthnConfig => p.type === "webauthn" && !!(p as WebAuthnConfig).enableConditionalUI);
  if (previous) return new DuplicateConditionalUI(`The webauthn providers "${previous.id}" and "${provider.id}" both enable conditional UI; set \`enableConditionalUI: false\` on one of them.`);
  const fields = Object.values(provider.formFields ?? {});
  if (!fields.some((f) => typeof f.autocomplete === "string" && f.autocomplete.split(/\s+/).includes("webauthn"))) {
    return new MissingWebAuthnAutocomplete(`The webauthn provider "${provider.id}" enables conditional UI, so one of its \`formFields\` needs an \`autocomplete\` containing "webauthn".`);
  }
  return null;
}

/**
 * A passkey provider's problem at start: WebAuthn not enabled, no adapter, or conditional UI asked
 * for twice or without its field. Warns that WebAuthn is experimental, and when the adapter has no
 * `deleteAuthenticator` (only signed-in users may then register passkeys).
 */
export function checkPasskeyProvider({ provider, config, providers, index, needs, warn }: ProviderCheckInput): AuthError | null {
  const passkey = provider as WebAuthnConfig;
  if (!config.experimental?.enableWebAuthn) {
    return new ExperimentalFeatureNotEnabled(`The webauthn provider "${passkey.id}" is experimental: enable it with \`experimental: { enableWebAuthn: true }\`.`);
  }
  if (!config.adapter) return new MissingAdapter(`The webauthn provider "${passkey.id}" needs an adapter to store authenticators; set \`adapter\` in the config.`);
  requiredAdapterMethods.webauthn.forEach((m: AdapterMethod) => needs.add(m));
  warn("experimental-webauthn", "WebAuthn is experimental and may change.");
  if (!signedOutPasskeysAllowed(config.adapter)) {
    warn("webauthn-signed-in-only", "The adapter has no deleteAuthenticator, so only signed-in users can register passkeys (a passkey registered under an unproven address could not be removed once the owner proves it).");
  }
  return checkConditionalUI(passkey, providers.slice(0, index));
}
