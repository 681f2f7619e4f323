/** `@latch/core/providers/beyondidentity`, also at `@latch/sveltekit/providers/beyondidentity` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/beyondidentity";
export { default } from "@latch/core/providers/beyondidentity";
