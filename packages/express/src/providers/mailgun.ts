/** `@latch/core/providers/mailgun`, also at `@latch/express/providers/mailgun` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mailgun";
export { default } from "@latch/core/providers/mailgun";
