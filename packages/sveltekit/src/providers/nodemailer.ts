/** `@latch/core/providers/nodemailer`, also at `@latch/sveltekit/providers/nodemailer` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/nodemailer";
export { default } from "@latch/core/providers/nodemailer";
