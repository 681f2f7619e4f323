import type { InternalProvider } from "../config/providers.js";
import { loadEmailFlow, loadOAuthFlow, type FlowLoader } from "./lazy.js";
import { providerFlow } from "../symbols.js";
import { credentialsFlow } from "./credentials.js";
import type { Flow } from "./types.js";

export type { Flow, FlowInput } from "./types.js";
export type { FlowLoader } from "./lazy.js";

/**
 * The sign-in flow of a provider: the one its factory attached — the flow itself
 * (`Credentials()`, `Passkey()`) or a loader of it (the OAuth, OIDC and email presets, whose flows
 * load when first needed) — or, for a provider written as a plain object (`{ type: "oidc",
 * issuer, … }`), the flow of its type, loaded the same way. So an app that never signs anyone in
 * over OAuth or email never evaluates that code, and a bundler that splits code keeps it out of
 * the first chunk. WebAuthn has no such fallback: its flow, and the WebAuthn library behind it,
 * come only with `Passkey()`. `undefined` for a type without a flow.
 */
export async function flowOf(provider: InternalProvider): Promise<Flow | undefined> {
  const carried = provider[providerFlow];
  if (typeof carried === "function") return (carried as FlowLoader)();
  if (carried) return carried as Flow;
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return loadOAuthFlow();
    case "email":
      return loadEmailFlow();
    case "credentials":
      // A few lines with no dependencies: loaded with core, so `Credentials()` adds no file to a cold start.
      return credentialsFlow;
    default:
      return undefined;
  }
}

/** The flow a provider's factory attached as code (not as a loader), if any; never loads code. */
export function carriedFlow(provider: InternalProvider): Flow | undefined {
  const carried = provider[providerFlow];
  return typeof carried === "object" ? (carried as Flow) : undefined;
}
