/** `@latch/core/providers/email`, also at `@latch/sveltekit/providers/email` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/email";
export { default } from "@latch/core/providers/email";
