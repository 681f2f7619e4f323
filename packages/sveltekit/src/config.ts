import { originCheck, setEnvDefaults, type EnvObject } from "@latch/core";
import type { SvelteKitAuthConfig } from "./types.js";

/** The config as `Auth()` sees it: `basePath` always set. */
export type PreparedConfig = SvelteKitAuthConfig & { basePath: string };

const prepared = new WeakMap<object, Map<string, PreparedConfig>>();

/**
 * A copy of the user's config with the environment's defaults, `basePath` (the config's, else
 * `AUTH_URL`'s path, else SvelteKit's `base` + `/auth`), a trusted host in development, and the
 * origin check for CSRF (SvelteKit forms and `@auth/sveltekit`-style clients post no token). Made
 * once per (config, base, mode) and kept, so core's per-config caches stay warm; the user's object is never
 * written to.
 */
export function prepareConfig(config: SvelteKitAuthConfig, kit: { env: EnvObject; base: string; dev: boolean }): PreparedConfig {
  const key = `${kit.base}\n${kit.dev}`;
  let byKey = prepared.get(config);
  if (!byKey) {
    byKey = new Map();
    prepared.set(config, byKey);
  }
  let ready = byKey.get(key);
  if (!ready) {
    const copy: SvelteKitAuthConfig = { ...config, providers: [...(config.providers ?? [])] };
    if (kit.dev && copy.trustHost === undefined) copy.trustHost = true;
    if (!copy.skipCSRFCheck) copy.csrfCheck ??= originCheck;
    setEnvDefaults(kit.env, copy);
    ready = { ...copy, basePath: (copy.basePath ?? `${kit.base}/auth`).replace(/\/+$/, "") };
    byKey.set(key, ready);
  }
  return ready;
}
