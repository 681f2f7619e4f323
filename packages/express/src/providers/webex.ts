/** `@latch/core/providers/webex`, also at `@latch/express/providers/webex` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/webex";
export { default } from "@latch/core/providers/webex";
