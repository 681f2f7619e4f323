/** `@latch/core/providers/slack`, also at `@latch/sveltekit/providers/slack` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/slack";
export { default } from "@latch/core/providers/slack";
