import { setEnvDefaults, type AuthConfig } from "@latch/core";

/** The configuration of {@link ExpressAuth}: `AuthConfig` without `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">;

const prepared = new WeakMap<object, Map<string, ExpressAuthConfig>>();

/**
 * A copy of the user's config with the environment's defaults and the mount path as `basePath`.
 * Made once per (config, mount path) and kept, so the core's per-config caches stay warm; the
 * user's object is never written to.
 */
export function prepareConfig(config: ExpressAuthConfig, mountPath: string, env: Record<string, string | undefined>): ExpressAuthConfig {
  let byPath = prepared.get(config);
  if (!byPath) {
    byPath = new Map();
    prepared.set(config, byPath);
  }
  let ready = byPath.get(mountPath);
  if (!ready) {
    ready = { ...config, providers: [...(config.providers ?? [])] };
    if (!config.basePath && mountPath) ready.basePath = mountPath;
    setEnvDefaults(env, ready);
    byPath.set(mountPath, ready);
  }
  return ready;
}
