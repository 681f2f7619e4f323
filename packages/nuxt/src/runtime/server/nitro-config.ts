/** The config Latch runs with in Nitro, from its runtime config and `process.env`. */
import { useRuntimeConfig } from "#imports";
import type { NuxtAuthConfig } from "../config.js";
import { prepareConfig, type LatchRuntimeConfig, type ReadyConfig } from "./settings.js";

/** {@link prepareConfig} with Nitro's runtime config and `process.env`. */
export function nitroConfig(config: NuxtAuthConfig): ReadyConfig {
  return prepareConfig(config, useRuntimeConfig() as LatchRuntimeConfig, process.env);
}
