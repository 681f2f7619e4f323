/** `@latch/core/providers/amazon`, also at `@latch/sveltekit/providers/amazon` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/amazon";
export { default } from "@latch/core/providers/amazon";
