/** `@latch/core/providers/postmark`, also at `@latch/sveltekit/providers/postmark` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/postmark";
export { default } from "@latch/core/providers/postmark";
