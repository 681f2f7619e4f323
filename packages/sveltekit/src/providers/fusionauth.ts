/** `@latch/core/providers/fusionauth`, also at `@latch/sveltekit/providers/fusionauth` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/fusionauth";
export { default } from "@latch/core/providers/fusionauth";
