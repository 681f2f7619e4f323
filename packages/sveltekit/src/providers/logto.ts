/** `@latch/core/providers/logto`, also at `@latch/sveltekit/providers/logto` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/logto";
export { default } from "@latch/core/providers/logto";
