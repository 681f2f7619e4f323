import { setEnvDefaults, type AuthConfig } from "@latch/core";

/** The configuration of `@latch/fastify`: `AuthConfig` without `raw`. `basePath` defaults to `/auth`. */
export type FastifyAuthConfig = Omit<AuthConfig, "raw">;

/** Where Latch is served unless the config says otherwise. */
export const defaultBasePath = "/auth";

/**
 * A copy of the user's config with `process.env`'s defaults (`AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`, …) and `basePath`; the user's object is never
 * written to.
 */
export function prepareConfig(config: FastifyAuthConfig, env: Record<string, string | undefined>): FastifyAuthConfig {
  const ready: FastifyAuthConfig = { ...config, providers: [...(config.providers ?? [])] };
  setEnvDefaults(env, ready);
  ready.basePath ??= defaultBasePath;
  return ready;
}
