/** `@latch/core/providers/medium`, also at `@latch/sveltekit/providers/medium` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/medium";
export { default } from "@latch/core/providers/medium";
