/** `@latch/core/providers/authentik`, also at `@latch/sveltekit/providers/authentik` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/authentik";
export { default } from "@latch/core/providers/authentik";
