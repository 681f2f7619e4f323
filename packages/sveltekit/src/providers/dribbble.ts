/** `@latch/core/providers/dribbble`, also at `@latch/sveltekit/providers/dribbble` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/dribbble";
export { default } from "@latch/core/providers/dribbble";
