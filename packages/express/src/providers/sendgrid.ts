/** `@latch/core/providers/sendgrid`, also at `@latch/express/providers/sendgrid` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/sendgrid";
export { default } from "@latch/core/providers/sendgrid";
