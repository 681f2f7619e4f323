import type { AuthConfig } from "@latch/core";
import { withEnvironment } from "@latch/core/integration";

/** Where Latch is served unless the config says otherwise: `/api/auth`, as with `@auth/solid-start`. */
export const defaultPrefix = "/api/auth";

/**
 * The config of `@latch/solid-start`: Latch's `AuthConfig` without `raw`, with the `prefix` the
 * catch-all route is served under (default `/api/auth`), as `@auth/solid-start`'s `SolidAuthConfig`.
 */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /** The path of the catch-all API route, such as `/api/auth` for `src/routes/api/auth/[...solidauth].ts`. Default `/api/auth`. */
  prefix?: string;
}

/** A config ready for `Auth()`: the environment's defaults applied, and `basePath` equal to `prefix`. */
export type PreparedConfig = AuthConfig & { prefix: string; basePath: string };

/**
 * A copy of the config with the environment's defaults (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`, …) read from `process.env` on first use, and
 * `basePath` from `prefix`. Made once per config object; the app's object is never written to.
 */
export function prepareConfig(config: SolidAuthConfig): PreparedConfig {
  const ready = withEnvironment(config as AuthConfig, defaultPrefix, config.prefix);
  return Object.assign(ready, { prefix: ready.basePath });
}
