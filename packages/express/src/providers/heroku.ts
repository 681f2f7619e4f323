/** `@latch/core/providers/heroku`, also at `@latch/express/providers/heroku` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/heroku";
export { default } from "@latch/core/providers/heroku";
