/** `@latch/core/providers/atlassian`, also at `@latch/sveltekit/providers/atlassian` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/atlassian";
export { default } from "@latch/core/providers/atlassian";
