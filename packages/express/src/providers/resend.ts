/** `@latch/core/providers/resend`, also at `@latch/express/providers/resend` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/resend";
export { default } from "@latch/core/providers/resend";
