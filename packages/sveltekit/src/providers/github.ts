/** `@latch/core/providers/github`, also at `@latch/sveltekit/providers/github` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/github";
export { default } from "@latch/core/providers/github";
