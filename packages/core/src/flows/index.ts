import type { ProviderType } from "../types/entities.js";
import { credentialsFlow } from "./credentials.js";
import type { Flow } from "./types.js";

export type { Flow, FlowInput } from "./types.js";

/** The flow of each provider type Latch supports. */
export const flows: Partial<Record<ProviderType, Flow>> = {
  credentials: credentialsFlow,
};
