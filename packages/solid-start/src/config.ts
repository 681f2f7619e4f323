import { setEnvDefaults, type AuthConfig } from "@latch/core";

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

/** The environment on this runtime: `process.env` where there is one (Node, Bun, Deno), else nothing. */
function runtimeEnvironment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

const prepared = new WeakMap<object, PreparedConfig>();

/**
 * A copy of the config with the environment's defaults (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`, …) read from `process.env` on first use, and
 * `basePath` from `prefix`. Made once per config object; the app's object is never written to.
 */
export function prepareConfig(config: SolidAuthConfig): PreparedConfig {
  let ready = prepared.get(config);
  if (!ready) {
    const { prefix, ...rest } = config;
    const copy: AuthConfig = { ...rest, providers: [...(config.providers ?? [])] };
    setEnvDefaults(runtimeEnvironment(), copy);
    const path = prefix ?? config.basePath ?? defaultPrefix;
    ready = Object.assign(copy, { prefix: path, basePath: path });
    prepared.set(config, ready);
  }
  return ready;
}
