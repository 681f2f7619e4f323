/** `@latch/core/providers/webex`, also at `@latch/sveltekit/providers/webex` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/webex";
export { default } from "@latch/core/providers/webex";
