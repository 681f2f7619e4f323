/** `@latch/core/providers/mailchimp`, also at `@latch/express/providers/mailchimp` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mailchimp";
export { default } from "@latch/core/providers/mailchimp";
