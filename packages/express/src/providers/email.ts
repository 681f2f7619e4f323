/** `@latch/core/providers/email`, also at `@latch/express/providers/email` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/email";
export { default } from "@latch/core/providers/email";
