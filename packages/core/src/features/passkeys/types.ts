import type { InternalProvider } from "../../config/providers.js";
import type { WebAuthnConfig } from "../../types/providers.js";

/** A resolved webauthn provider. */
export type WebAuthnProvider = InternalProvider<WebAuthnConfig>;
