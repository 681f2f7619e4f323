/** `@latch/core/providers/todoist`, also at `@latch/express/providers/todoist` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/todoist";
export { default } from "@latch/core/providers/todoist";
