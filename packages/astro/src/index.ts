/**
 * Latch for Astro: the integration (`auth()` in `astro.config`) serves sign-in, callbacks,
 * sessions and sign-out at `<prefix>/[...auth]` (default `/api/auth`) with the config of the app's
 * `auth.config.ts`. The session, a route guard and server-side sign-in are in
 * `@latch/astro/server`; browser calls in `@latch/astro/client`. The names and shapes are those of
 * `auth-astro`: an app moves over by renaming its imports.
 *
 * @example
 * ```ts
 * // astro.config.mjs
 * import { defineConfig } from "astro/config"
 * import node from "@astrojs/node"
 * import auth from "@latch/astro"
 * export default defineConfig({ output: "server", adapter: node({ mode: "standalone" }), integrations: [auth()] })
 * ```
 * @module @latch/astro
 */
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { defaultPrefix, type AstroAuthOptions } from "./config.js";

export { defineConfig, type AstroAuthOptions, type FullAuthConfig } from "./config.js";
// The names `auth-astro` and `@auth/core` export, so that an app moves over by renaming its imports.
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** The name the app's config is served under, as with `auth-astro`. */
const configModule = "auth:config";

/**
 * The Astro integration: serves the app's `auth.config.ts` to Latch's modules, injects the
 * endpoint `<prefix>/[...auth]` (unless `injectEndpoints: false`) and keeps `@latch/astro` in the
 * server bundle. Needs an adapter that renders on demand, such as `@astrojs/node`.
 *
 * @example
 * ```ts
 * integrations: [auth({ prefix: "/api/auth", configFile: "./auth.config" })]
 * ```
 */
export default function auth(options: AstroAuthOptions = {}): AstroIntegration {
  const prefix = options.prefix ?? defaultPrefix;
  return {
    name: "@latch/astro",
    hooks: {
      "astro:config:setup": ({ config, injectRoute, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const file = options.configFile ?? "./auth.config";
        const configPath = isAbsolute(file) ? file : join(root, file);
        updateConfig({
          vite: {
            plugins: [
              {
                name: "@latch/astro:config",
                resolveId: (id) => (id === configModule ? `\0${configModule}` : undefined),
                load: (id) => (id === `\0${configModule}` ? `import config from ${JSON.stringify(configPath)}; export default config;` : undefined),
              },
            ],
            optimizeDeps: { exclude: [configModule] },
            // Bundled with the app, so that its import of `auth:config` reaches the plugin above.
            ssr: { noExternal: ["@latch/astro"] },
          },
        });
        if (options.injectEndpoints !== false) injectRoute({ pattern: `${prefix}/[...auth]`, entrypoint: "@latch/astro/route", prerender: false });
        if (!config.adapter) logger.error("Latch needs an adapter that renders on demand, such as @astrojs/node: add one to astro.config.");
      },
    },
  };
}
