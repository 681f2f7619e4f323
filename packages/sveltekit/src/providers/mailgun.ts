/** `@latch/core/providers/mailgun`, also at `@latch/sveltekit/providers/mailgun` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mailgun";
export { default } from "@latch/core/providers/mailgun";
