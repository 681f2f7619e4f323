/** `@latch/core/providers/heroku`, also at `@latch/sveltekit/providers/heroku` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/heroku";
export { default } from "@latch/core/providers/heroku";
