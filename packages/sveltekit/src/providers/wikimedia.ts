/** `@latch/core/providers/wikimedia`, also at `@latch/sveltekit/providers/wikimedia` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/wikimedia";
export { default } from "@latch/core/providers/wikimedia";
