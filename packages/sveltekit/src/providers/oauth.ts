/** `@latch/core/providers/oauth`, also at `@latch/sveltekit/providers/oauth` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/oauth";
export { default } from "@latch/core/providers/oauth";
