/** `@latch/core/providers/trakt`, also at `@latch/sveltekit/providers/trakt` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/trakt";
export { default } from "@latch/core/providers/trakt";
