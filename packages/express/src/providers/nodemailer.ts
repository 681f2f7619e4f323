/** `@latch/core/providers/nodemailer`, also at `@latch/express/providers/nodemailer` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/nodemailer";
export { default } from "@latch/core/providers/nodemailer";
