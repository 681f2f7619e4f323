/** `@latch/core/providers/sendgrid`, also at `@latch/sveltekit/providers/sendgrid` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/sendgrid";
export { default } from "@latch/core/providers/sendgrid";
