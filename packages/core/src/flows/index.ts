import type { AuthContext } from "../config/context.js";
import type { InternalProvider } from "../config/providers.js";
import type { FlowLoader, PlainObjectFlows } from "./lazy.js";
import { providerFlow } from "../symbols.js";
import { credentialsFlow } from "./credentials.js";
import type { Flow } from "./types.js";

export type { Flow, FlowInput } from "./types.js";
export type { FlowLoader, PlainObjectFlows } from "./lazy.js";

/**
 * The sign-in flow of a provider: the one its factory attached — the flow itself
 * (`Credentials()`, `Passkey()`) or a loader of it (the OAuth, OIDC and email presets, whose flows
 * load when first needed) — or, for a provider written as a plain object (`{ type: "oidc",
 * issuer, … }`), the flow of its type from `plainObjects` (what the request's `Auth` gives such
 * providers: all of them in `@latch/core`, none in `@latch/core/slim`). So an app that never signs
 * anyone in over OAuth or email never evaluates that code, and a bundler that splits code keeps it
 * out of the first chunk. WebAuthn has no such fallback: its flow, and the WebAuthn library behind
 * it, come only with `Passkey()`. `undefined` for a type without a flow.
 */
export async function flowOf(provider: InternalProvider, plainObjects: AuthContext["plainObjectFlows"]): Promise<Flow | undefined> {
  const carried = provider[providerFlow];
  if (typeof carried === "function") return (carried as FlowLoader)();
  if (carried) return carried as Flow;
  // A few lines with no dependencies: loaded with core, so `Credentials()` adds no file to a cold start.
  if (provider.type === "credentials") return credentialsFlow;
  return plainObjects?.[provider.type as keyof PlainObjectFlows]?.() as Promise<Flow> | undefined;
}

/** The flow a provider's factory attached as code (not as a loader), if any; never loads code. */
export function carriedFlow(provider: InternalProvider): Flow | undefined {
  const carried = provider[providerFlow];
  return typeof carried === "object" ? (carried as Flow) : undefined;
}
