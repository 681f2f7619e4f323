/** `@latch/core/providers/resend`, also at `@latch/sveltekit/providers/resend` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/resend";
export { default } from "@latch/core/providers/resend";
