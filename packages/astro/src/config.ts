import type { AuthConfig } from "@latch/core";
import { withEnvironment } from "@latch/core/integration";

/** Where Latch is served unless the config says otherwise: `/api/auth`, as with `auth-astro`. */
export const defaultPrefix = "/api/auth";

/** Options of the integration (`auth(options)` in `astro.config`), as `auth-astro` takes them. */
export interface AstroAuthOptions {
  /** The path the auth routes are served under. Default `/api/auth`; keep it equal to the config's `prefix`. */
  prefix?: string;
  /** `false`: inject no `<prefix>/[...auth]` route (serve `AstroAuth()` from your own endpoint). Default `true`. */
  injectEndpoints?: boolean;
  /** The config file, relative to the project's root, without or with its extension. Default `./auth.config`. */
  configFile?: string;
}

/**
 * The config of `@latch/astro`, as `auth.config.ts` exports it (through {@link defineConfig}):
 * `AuthConfig` without `raw`, with the `prefix` the routes are served under (default `/api/auth`).
 */
export interface FullAuthConfig extends Omit<AstroAuthOptions, "configFile">, Omit<AuthConfig, "raw"> {}

/**
 * Gives `auth.config.ts` its type and sets `basePath` from `prefix` (default `/api/auth`), as
 * `auth-astro`'s `defineConfig` does.
 *
 * @example
 * ```ts
 * // auth.config.ts
 * import { defineConfig } from "@latch/astro"
 * import GitHub from "@latch/core/providers/github"
 * export default defineConfig({ providers: [GitHub] })
 * ```
 */
export function defineConfig<Config extends FullAuthConfig>(config: Config): Config {
  config.prefix ??= defaultPrefix;
  config.basePath = config.prefix;
  return config;
}

/**
 * A copy of the config with the environment's defaults (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`, …) read at run time from `process.env`, and
 * `basePath` from `prefix`. Made once per config object; the user's object is never written to.
 */
export function prepareConfig(config: FullAuthConfig): FullAuthConfig & { prefix: string; basePath: string } {
  const ready = withEnvironment(config, defaultPrefix, config.prefix);
  return Object.assign(ready, { prefix: ready.basePath });
}
