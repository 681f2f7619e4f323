/** `@latch/core/providers/line`, also at `@latch/sveltekit/providers/line` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/line";
export { default } from "@latch/core/providers/line";
