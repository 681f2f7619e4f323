/**
 * The config Latch runs with: the app's `auth.config.ts` with the base path of the module's
 * options and the environment's defaults, made once per process.
 */
import { setEnvDefaults, type AuthConfig } from "@latch/core";
import type { NuxtAuthConfig } from "../config.js";

/** Where Latch is served unless the module's options say otherwise: `/api/auth`, as with Auth.js. */
export const defaultBasePath = "/api/auth";

/** The config `Auth()` receives: with its base path always set. */
export type ReadyConfig = AuthConfig & { basePath: string };

/** What the module puts in the runtime config, as far as Latch reads it. */
export interface LatchRuntimeConfig {
  /** `runtimeConfig.latch`: server-only; `NUXT_LATCH_SECRET` and `NUXT_LATCH_URL` set them at run time. */
  latch?: { secret?: string; url?: string };
  /** `runtimeConfig.public.latch.basePath`, from the module's `basePath` option. */
  public: { latch?: { basePath?: string } };
}

const prepared = new WeakMap<object, ReadyConfig>();

/**
 * A copy of `config` with the base path of the runtime config, `runtimeConfig.latch.secret`/`url`
 * when the config has none, then `AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 * `AUTH_<PROVIDER>_ID/_SECRET`… from `process.env`. The app's object is never written to.
 */
export function prepareConfig(config: NuxtAuthConfig, runtime: LatchRuntimeConfig, env: Record<string, string | undefined>): ReadyConfig {
  let ready = prepared.get(config);
  if (!ready) {
    const copy: AuthConfig = { ...config, providers: [...(config.providers ?? [])] };
    copy.basePath = runtime.public.latch?.basePath || defaultBasePath;
    if (!copy.secret && runtime.latch?.secret) copy.secret = runtime.latch.secret;
    if (!copy.siteUrl && runtime.latch?.url) copy.siteUrl = runtime.latch.url;
    setEnvDefaults(env, copy);
    ready = copy as ReadyConfig;
    prepared.set(config, ready);
  }
  return ready;
}
