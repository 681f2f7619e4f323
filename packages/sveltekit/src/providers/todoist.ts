/** `@latch/core/providers/todoist`, also at `@latch/sveltekit/providers/todoist` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/todoist";
export { default } from "@latch/core/providers/todoist";
