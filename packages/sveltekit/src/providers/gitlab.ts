/** `@latch/core/providers/gitlab`, also at `@latch/sveltekit/providers/gitlab` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/gitlab";
export { default } from "@latch/core/providers/gitlab";
