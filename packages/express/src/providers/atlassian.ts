/** `@latch/core/providers/atlassian`, also at `@latch/express/providers/atlassian` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/atlassian";
export { default } from "@latch/core/providers/atlassian";
