/**
 * The config of `@latch/nuxt`, as the app's `auth.config.ts` exports it: Latch's `AuthConfig`
 * without `raw` and `basePath` (the module's `latch.basePath` option says where the routes are).
 *
 * @example
 * ```ts
 * // auth.config.ts
 * import GitHub from "@latch/core/providers/github"
 * import { defineAuthConfig } from "@latch/nuxt/config"
 * export default defineAuthConfig({ providers: [GitHub] })
 * ```
 * @module @latch/nuxt/config
 */
import type { AuthConfig } from "@latch/core";

/** The config of `auth.config.ts`: `AuthConfig` without `raw` and `basePath`. */
export interface NuxtAuthConfig extends Omit<AuthConfig, "raw" | "basePath"> {}

/**
 * Gives `auth.config.ts` its type; the object is handed on as it is. `AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST` and `AUTH_<PROVIDER>_ID/_SECRET` are read from the environment at run time.
 */
export function defineAuthConfig<Config extends NuxtAuthConfig>(config: Config): Config {
  return config;
}
