/** `@latch/core/providers/salesforce`, also at `@latch/express/providers/salesforce` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/salesforce";
export { default } from "@latch/core/providers/salesforce";
