/**
 * Latch for Nuxt 4: the module (`modules: ["@latch/nuxt"]`) serves sign-in, callbacks, sessions
 * and sign-out through Nitro at `<basePath>/**` (default `/api/auth`) with the config of the app's
 * `auth.config.ts`; renders the session on the server into the payload for `useSession()`; adds
 * the route middleware `auth`; auto-imports `useSession`, `signIn` and `signOut` in the app and
 * `getServerSession` in the server directory. Server-side sign-in and sign-out are in
 * `@latch/nuxt/server`.
 *
 * @example
 * ```ts
 * // nuxt.config.ts
 * export default defineNuxtConfig({ modules: ["@latch/nuxt"], latch: { basePath: "/api/auth" } })
 * ```
 * @module @latch/nuxt
 */
import { addImports, addPlugin, addRouteMiddleware, addServerHandler, addServerImports, addServerPlugin, createResolver, defineNuxtModule, resolvePath } from "@nuxt/kit";
import type { NuxtModule } from "@nuxt/schema";

/** The options of the module, under `latch` in `nuxt.config`. */
export interface ModuleOptions {
  /** Where Latch's routes are served. Default `/api/auth`, as Auth.js and `@sidebase/nuxt-auth` serve them. */
  basePath: string;
  /** The config file, resolved as Nuxt resolves paths (`~~` is the project's root), with or without its extension. Default `~~/auth.config`. */
  configFile: string;
}

/** The parts of Nitro's config the module sets. */
interface NitroConfigPart {
  alias?: Record<string, string>;
  externals?: { inline?: (string | RegExp)[] } & Record<string, unknown>;
  esbuild?: { options?: { target?: string | string[] } & Record<string, unknown> } & Record<string, unknown>;
}

/** The error of a `basePath` Latch cannot be served at. */
export class InvalidBasePathError extends Error {
  /** The stable type of the error. */
  readonly type = "InvalidBasePath" as const;
  constructor(basePath: string) {
    super(`latch.basePath must be a path such as /api/auth (not "${basePath}").`);
    this.name = "InvalidBasePathError";
  }
}

/** `basePath` without its trailing slashes; throws {@link InvalidBasePathError} when it is not a path. */
export function normalizedBasePath(basePath: string): string {
  const path = basePath.replace(/\/+$/, "");
  if (!/^\/[A-Za-z0-9._~\-/]+$/.test(path) || path.includes("//")) throw new InvalidBasePathError(basePath);
  return path;
}

/**
 * The Nuxt module: `modules: ["@latch/nuxt"]` in `nuxt.config`, its options under `latch`. At build
 * time it resolves `configFile`, refuses a `basePath` that is not a path, and registers the Nitro
 * handler, middleware and plugin, the Nuxt plugin, the `auth` route middleware and the auto-imports.
 */
const latchModule: NuxtModule<ModuleOptions> = defineNuxtModule<ModuleOptions>({
  meta: { name: "@latch/nuxt", configKey: "latch", compatibility: { nuxt: ">=4.0.0" } },
  defaults: { basePath: "/api/auth", configFile: "~~/auth.config" },
  async setup(options, nuxt) {
    const { resolve } = createResolver(import.meta.url);
    const runtimeDir = resolve("./runtime");
    const basePath = normalizedBasePath(options.basePath);
    const configPath = await resolvePath(options.configFile);

    const runtimeConfig = nuxt.options.runtimeConfig as Record<string, unknown> & { public: Record<string, unknown> };
    runtimeConfig.public.latch = { basePath };
    // Empty unless NUXT_LATCH_SECRET / NUXT_LATCH_URL set them at run time; AUTH_SECRET and AUTH_URL are read too.
    runtimeConfig.latch = { secret: "", url: "", ...(runtimeConfig.latch as object | undefined) };

    nuxt.options.build.transpile.push(runtimeDir);
    // The hook's types come with Nuxt's Nitro server, which this package does not depend on.
    const hook = nuxt.hook as unknown as (name: "nitro:config", run: (nitro: NitroConfigPart) => void) => void;
    hook("nitro:config", (nitro) => {
      nitro.alias = { ...nitro.alias, "#latch/config": configPath };
      // Bundled with the server, so that its import of `#latch/config` reaches the app's file.
      // Latch's providers export their default under the name `module.exports` too (for CommonJS
      // importers); a string export name needs ES2022, above Nitro's default target.
      if (!nitro.esbuild?.options?.target) nitro.esbuild = { ...nitro.esbuild, options: { ...nitro.esbuild?.options, target: "es2022" } };
      nitro.externals = { ...nitro.externals, inline: [...(nitro.externals?.inline ?? []), runtimeDir, "@latch/nuxt"] };
    });

    addServerHandler({ middleware: true, handler: resolve("./runtime/server/request-target") });
    addServerHandler({ route: `${basePath}/**`, handler: resolve("./runtime/server/handler") });
    addServerPlugin(resolve("./runtime/server/plugin"));
    addServerImports([{ name: "getServerSession", from: resolve("./runtime/server/index") }]);

    addPlugin(resolve("./runtime/plugin"));
    addRouteMiddleware({ name: "auth", path: resolve("./runtime/middleware") });
    addImports([
      { name: "useSession", from: resolve("./runtime/composables") },
      { name: "signIn", from: resolve("./runtime/composables") },
      { name: "signOut", from: resolve("./runtime/composables") },
    ]);
  },
});

export default latchModule;
export type { NuxtAuthConfig } from "./runtime/config.js";
