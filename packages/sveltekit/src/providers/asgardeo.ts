/** `@latch/core/providers/asgardeo`, also at `@latch/sveltekit/providers/asgardeo` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/asgardeo";
export { default } from "@latch/core/providers/asgardeo";
