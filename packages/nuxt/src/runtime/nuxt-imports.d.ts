// The parts of Nuxt's and Nitro's `#imports` the runtime files use. The app's build serves the
// real module (Nuxt's composables, Vue's reactivity, Nitro's runtime config); these declarations
// only let the package be compiled without Nuxt installed beside it.
declare module "#imports" {
  import type { H3Event } from "h3";
  import type { ComputedRef, Ref } from "vue";

  export function useState<T>(key: string, init?: () => T): Ref<T>;
  export function computed<T>(getter: () => T): ComputedRef<T>;
  export function useRequestEvent(): H3Event | undefined;
  export function useRuntimeConfig(event?: H3Event): {
    latch?: { secret?: string; url?: string };
    public: { latch?: { basePath?: string } };
  };
  export function defineNuxtPlugin<T>(plugin: T): T;
  export function defineNuxtRouteMiddleware<T>(middleware: T): T;
  export function navigateTo(to: string, options?: { external?: boolean; redirectCode?: number; replace?: boolean }): unknown;
}

/** The app's `auth.config.ts`, which the module aliases for Nitro under this name. */
declare module "#latch/config" {
  const config: import("./config.js").NuxtAuthConfig;
  export default config;
}

interface ImportMeta {
  /** `true` in the server bundle: Nuxt replaces it at build time. */
  readonly server?: boolean;
  /** `true` in the browser bundle: Nuxt replaces it at build time. */
  readonly client?: boolean;
}
