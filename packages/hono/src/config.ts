import { setEnvDefaults, type AuthConfig } from "@latch/core";

/** The configuration of `@latch/hono`: `AuthConfig` without `raw`. `basePath` defaults to `/auth`, as with `@hono/auth-js` on Auth.js. */
export type HonoAuthConfig = Omit<AuthConfig, "raw">;

/** Where Latch is served unless the config says otherwise (Auth.js's default, which `@hono/auth-js` keeps). */
export const defaultBasePath = "/auth";

const prepared = new WeakMap<object, HonoAuthConfig>();

/**
 * A copy of the user's config with the environment's defaults (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`, …) and `basePath`. Made once per config object
 * and kept, so core's per-config caches stay warm; the user's object is never written to.
 */
export function prepareConfig(config: HonoAuthConfig, env: Record<string, unknown> | undefined): HonoAuthConfig {
  let ready = prepared.get(config);
  if (!ready) {
    ready = { ...config, providers: [...(config.providers ?? [])] };
    setEnvDefaults(stringsOf(env), ready);
    ready.basePath ??= defaultBasePath;
    prepared.set(config, ready);
  }
  return ready;
}

/** The string values of an environment (Workers' bindings hold objects too: KV, D1, …). */
function stringsOf(env: Record<string, unknown> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env ?? {})) if (typeof value === "string") out[name] = value;
  return out;
}
