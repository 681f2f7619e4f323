/** `@latch/core/providers/patreon`, also at `@latch/sveltekit/providers/patreon` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/patreon";
export { default } from "@latch/core/providers/patreon";
