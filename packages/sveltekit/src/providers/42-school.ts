/** `@latch/core/providers/42-school`, also at `@latch/sveltekit/providers/42-school` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/42-school";
export { default } from "@latch/core/providers/42-school";
