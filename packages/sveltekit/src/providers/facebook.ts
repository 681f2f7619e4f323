/** `@latch/core/providers/facebook`, also at `@latch/sveltekit/providers/facebook` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/facebook";
export { default } from "@latch/core/providers/facebook";
