import type { ProviderType } from "../types/entities.js";
import { credentialsFlow } from "./credentials.js";
import { oauthFlow } from "./oauth/index.js";
import { emailFlow } from "./email/index.js";
import type { Flow } from "./types.js";
import { webauthnFlow } from "./webauthn/index.js";

export type { Flow, FlowInput } from "./types.js";

/** The flow of each provider type Latch supports. */
export const flows: Partial<Record<ProviderType, Flow>> = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oauthFlow,
  email: emailFlow,
  webauthn: webauthnFlow,
};
