/** `@latch/core/providers/mailru`, also at `@latch/sveltekit/providers/mailru` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mailru";
export { default } from "@latch/core/providers/mailru";
