/** `@latch/core/providers/salesforce`, also at `@latch/sveltekit/providers/salesforce` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/salesforce";
export { default } from "@latch/core/providers/salesforce";
