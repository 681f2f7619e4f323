import type { WebAuthnConfig, WebAuthnRelyingParty } from "../../types/providers.js";

/**
 * The relying party of a ceremony: the provider's `relyingParty` fields, each one left out
 * taken from the request's origin (name = host, id = hostname, origin = origin).
 */
export function relyingPartyOf(provider: Pick<WebAuthnConfig, "relyingParty">, origin: string): WebAuthnRelyingParty {
  const url = new URL(origin);
  const configured = provider.relyingParty ?? {};
  return {
    name: configured.name ?? url.host,
    id: configured.id ?? url.hostname,
    origin: configured.origin ?? url.origin,
  };
}
