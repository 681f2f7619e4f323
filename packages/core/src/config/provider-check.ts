import type { AdapterMethod } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { AuthConfig } from "../types/config.js";
import type { WarningCode } from "../types/logger.js";
import type { ProviderConfig } from "../types/providers.js";

/** What the check of one provider at start, which its flow brings, is given. */
export interface ProviderCheckInput {
  provider: ProviderConfig;
  config: AuthConfig;
  /** Every provider, in the config's order. */
  providers: readonly ProviderConfig[];
  /** The provider's place in `providers`. */
  index: number;
  /** The adapter methods the configuration needs: the check adds its provider's. */
  needs: Set<AdapterMethod>;
  /** Records a warning about the provider: logged once per code at start, when the configuration has no problem. */
  warn: (code: WarningCode, message: string) => void;
}

/** A provider's problem at start, or `null`. */
export type ProviderCheck = (input: ProviderCheckInput) => AuthError | null;
