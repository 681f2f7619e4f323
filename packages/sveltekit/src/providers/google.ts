/** `@latch/core/providers/google`, also at `@latch/sveltekit/providers/google` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/google";
export { default } from "@latch/core/providers/google";
