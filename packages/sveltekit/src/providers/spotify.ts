/** `@latch/core/providers/spotify`, also at `@latch/sveltekit/providers/spotify` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/spotify";
export { default } from "@latch/core/providers/spotify";
