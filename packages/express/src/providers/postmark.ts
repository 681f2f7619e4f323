/** `@latch/core/providers/postmark`, also at `@latch/express/providers/postmark` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/postmark";
export { default } from "@latch/core/providers/postmark";
