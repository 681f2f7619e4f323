/** `@latch/core/providers/apple`, also at `@latch/sveltekit/providers/apple` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/apple";
export { default } from "@latch/core/providers/apple";
