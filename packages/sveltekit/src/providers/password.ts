/** `@latch/core/providers/password`, also at `@latch/sveltekit/providers/password` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/password";
export { default } from "@latch/core/providers/password";
