/**
 * Passkeys: sign in with a WebAuthn credential kept by the device or a password manager.
 * Needs an adapter (authenticators are stored) and `experimental: { enableWebAuthn: true }`;
 * browsers allow WebAuthn only on https and on `localhost`.
 *
 * @example
 * ```ts
 * import Passkey from "@latch/core/providers/passkey"
 * import { PostgresAdapter } from "@latch/pg"
 *
 * const config = {
 *   adapter: PostgresAdapter(db),
 *   providers: [Passkey()],
 *   experimental: { enableWebAuthn: true },
 * }
 * ```
 * @module providers/passkey
 */
import { checkPasskeyProvider } from "../features/passkeys/check.js";
import { webauthnFlow } from "../features/passkeys/flow.js";
import type { Flow } from "../flows/types.js";
import { providerFlow } from "../symbols.js";
import { webAuthnScript } from "../features/passkeys/script.js";
import type { CredentialInput, WebAuthnConfig, WebAuthnRegistrationOptions } from "./types.js";

export type { WebAuthnConfig, WebAuthnRelyingParty, WebAuthnGetUserInfo, WebAuthnUserInfo } from "./types.js";

/** What {@link Passkey} accepts: every field of {@link WebAuthnConfig} is optional. */
export type PasskeyUserConfig = Partial<Omit<WebAuthnConfig, "type" | "options">>;

const defaultFormFields: Record<string, CredentialInput> = {
  // "webauthn" in autocomplete lets the browser offer saved passkeys in this field (conditional UI).
  email: { label: "Email (to create a passkey; leave empty to use one you have)", type: "email", autocomplete: "username webauthn" },
};

// The passkey flow, and the client script the built-in sign-in page embeds for it: both come
// only with this provider, so apps without passkeys never load WebAuthn code.
const passkeyFlow: Flow = {
  ...webauthnFlow,
  check: checkPasskeyProvider,
  signInPageScript: ({ baseUrl, providers }) =>
    webAuthnScript({ baseUrl, conditionalUI: providers.find((p) => (p as WebAuthnConfig).enableConditionalUI)?.id }),
};

const defaultRegistration: WebAuthnRegistrationOptions = {
  // Discoverable credentials let a user sign in without typing anything first.
  authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
};

/**
 * Creates the passkey provider (id `passkey`). Defaults: discoverable credentials (`residentKey:
 * "required"`), user verification `preferred` (required only when you set it to `required`),
 * conditional UI on, and one optional email field. `registrationOptions.authenticatorSelection`
 * is merged over the default one; every other option replaces its default.
 *
 * @example
 * ```ts
 * // Demand user verification (PIN or biometrics) and pin the relying party for production.
 * Passkey({
 *   relyingParty: { id: "example.com", name: "Example", origin: "https://app.example.com" },
 *   registrationOptions: { authenticatorSelection: { userVerification: "required" } },
 *   authenticationOptions: { userVerification: "required" },
 * })
 * ```
 */
export default function Passkey(options: PasskeyUserConfig = {}): WebAuthnConfig {
  const registrationOptions: WebAuthnRegistrationOptions = {
    ...defaultRegistration,
    ...options.registrationOptions,
    authenticatorSelection: { ...defaultRegistration.authenticatorSelection, ...options.registrationOptions?.authenticatorSelection },
  };
  return {
    id: "passkey",
    name: "Passkey",
    type: "webauthn",
    enableConditionalUI: true,
    formFields: defaultFormFields,
    registrationOptions: defaultRegistration,
    authenticationOptions: { userVerification: "preferred" },
    options: { ...options, registrationOptions },
    [providerFlow]: passkeyFlow,
  };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Passkey itself, as `import` gives it.
export { Passkey as "module.exports" };
