/** `@latch/core/providers/mailchimp`, also at `@latch/sveltekit/providers/mailchimp` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mailchimp";
export { default } from "@latch/core/providers/mailchimp";
