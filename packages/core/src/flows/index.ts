import type { InternalProvider } from "../config/providers.js";
import { providerFlow } from "../symbols.js";
import type { Flow } from "./types.js";

export type { Flow, FlowInput } from "./types.js";

/**
 * The sign-in flow of a provider: the one its factory attached (`Credentials()`, `Passkey()`), or,
 * for a provider written as a plain object (`{ type: "oidc", issuer, … }`), the flow of its type,
 * loaded the first time it is needed. So an app that never signs anyone in over OAuth or email
 * never evaluates that code, and a bundler that splits code keeps it out of the first chunk.
 * WebAuthn has no such fallback: its flow, and the WebAuthn library behind it, come only with
 * `Passkey()`. `undefined` for a type without a flow.
 */
export async function flowOf(provider: InternalProvider): Promise<Flow | undefined> {
  const carried = carriedFlow(provider);
  if (carried) return carried;
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return (await import("./oauth/index.js")).oauthFlow;
    case "email":
      return (await import("./email/index.js")).emailFlow;
    case "credentials":
      return (await import("./credentials.js")).credentialsFlow;
    default:
      return undefined;
  }
}

/** The flow a provider's factory attached, if any; never loads code. */
export function carriedFlow(provider: InternalProvider): Flow | undefined {
  return provider[providerFlow] as Flow | undefined;
}
