/** `@latch/core/providers/reddit`, also at `@latch/sveltekit/providers/reddit` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/reddit";
export { default } from "@latch/core/providers/reddit";
